/**
 * Every feature module's factory, for the composition root (deps.ts), which builds each once.
 * Nothing else imports this file: modules reach each other only through what deps.ts hands them.
 */
export { createAlertsModule } from './alerts/alerts.module';
export { createAccessTokensModule } from './access-tokens/access-tokens.module';
export { createAnalyticsModule } from './analytics/analytics.module';
export { createAuthModule } from './auth/auth.module';
export { createBankingModule } from './banking/banking.module';
export { createCalendarModule } from './calendar/calendar.module';
export { createCancellationsModule } from './cancellations/cancellations.module';
export { createChatModule } from './chat/chat.module';
export { createOutboxModule } from './dev/dev.module';
export { createDocsModule } from './docs/docs.module';
export { createExportModule } from './export/export.module';
export { createGiftCardsModule } from './gift-cards/gift-cards.module';
export { createHealthModule } from './health/health.module';
export { createImportsModule } from './imports/imports.module';
export { createInsightsModule } from './insights/insights.module';
export { createLedgersModule } from './ledgers/ledgers.module';
export { createNegotiationsModule } from './negotiations/negotiations.module';
export { createOneTimeCodesModule } from './one-time-codes/one-time-codes.module';
export { createPaymentsModule } from './payments/payments.module';
export { createRemindersModule } from './reminders/reminders.module';
export { createRewardsModule } from './rewards/rewards.module';
export { lifetimeAccruedColumn } from './rewards/rewards.columns';
export { createSavingsModule } from './savings/savings.module';
export { createSmsStatusModule } from './sms-status/sms-status.module';
export { createSubscriptionsModule } from './subscriptions/subscriptions.module';
export { createUsersModule } from './users/users.module';
export { createCallWebhookModule } from '../calls/call-webhook.module';
export type { FeatureModule } from './feature-module';
