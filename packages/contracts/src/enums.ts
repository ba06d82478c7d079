/**
 * Every enumeration (docs/subscriptions.md, "Statuses and cadences"), as zod enums both sides
 * share.
 */
import { z } from 'zod';
import { BANK_SOURCES } from './bank-sources';
import './zod-messages';

export const subscriptionStatus = z.enum([
  'SIGNED_UP',
  'FREE_TRIAL',
  'FREE_TRIAL_UPCOMING_EXPIRATION',
  'FREE_TRIAL_EXPIRED',
  'ACTIVE',
  'PAUSED',
  'RESUMED',
  'FAILED_PAYMENT',
  'CANCELLED',
  'DISPUTED',
  'DISPUTE_RESOLVED',
  'UNKNOWN',
]);
export type SubscriptionStatus = z.infer<typeof subscriptionStatus>;

export const cadence = z.enum([
  'MONTHLY',
  'SEMI_MONTHLY',
  'QUARTERLY',
  'YEARLY',
  'WEEKLY',
  'BIWEEKLY',
  'DAILY',
  'UNKNOWN',
]);
export type Cadence = z.infer<typeof cadence>;

/**
 * What kind of spending a subscription or bill is (snake_case; the web shows the words plainly).
 * The values are the ones detection assigns: the
 * merchant catalogue's categories, those guessed from a statement's words, and `other`.
 */
export const subscriptionCategory = z.enum([
  'audiobooks',
  'cash',
  'childcare',
  'cloud_storage',
  'coffee',
  'creators',
  'dating',
  'digital_services',
  'education',
  'entertainment',
  'fast_food',
  'fitness',
  'food_delivery',
  'gaming',
  'gas',
  'groceries',
  'insurance',
  'internet',
  'loans',
  'meal_kit',
  'music',
  'news',
  'other',
  'personal_care',
  'pharmacy',
  'rent',
  'restaurants',
  'rides',
  'shopping',
  'shopping_membership',
  'software',
  'streaming',
  'telecom',
  'transfers',
  'transport',
  'utilities',
  'wellness',
]);
export type SubscriptionCategory = z.infer<typeof subscriptionCategory>;

export const negotiationStatus = z.enum([
  'SUCCESSFUL',
  'IN_PROGRESS',
  'PENDING',
  'USER_INPUT_REQUIRED',
  'REJECTED',
]);
export type NegotiationStatus = z.infer<typeof negotiationStatus>;

export const savingsType = z.enum([
  'PRICE_REDUCTION_PERCENTAGE',
  'PRICE_REDUCTION_AMOUNT',
  'FREE_MONTHS',
]);
export type SavingsType = z.infer<typeof savingsType>;

export const callStage = z.enum([
  'queued',
  'initializing',
  'dialing',
  'connected',
  'authenticating',
  'negotiating',
  'finalizing',
  'completed',
  'failed',
]);
export type CallStage = z.infer<typeof callStage>;

export const jobState = z.enum(['waiting', 'active', 'completed', 'failed', 'delayed', 'paused']);
export type JobState = z.infer<typeof jobState>;

export const callState = z.enum(['scheduled', 'ringing', 'in-progress', 'ended', 'queued']);
export type CallState = z.infer<typeof callState>;

export const reminderType = z.enum(['upcoming_renewal', 'failed_payment', 'trial_expiring']);
export type ReminderType = z.infer<typeof reminderType>;

/** The reminder types (`reminderType`) and price_increase (docs/reminders.md, "Reminders"). */
export const reminderKind = z.enum([...reminderType.options, 'price_increase']);
export type ReminderKind = z.infer<typeof reminderKind>;

export const rewardType = z.enum([
  'CASHBACK_PERCENTAGE',
  'CASHBACK_DOLLAR_AMOUNT',
  'POINTS',
  'FREE_BILLING_CYCLE',
  'MILES',
  'OTHER',
]);
export type RewardType = z.infer<typeof rewardType>;

export const transactionType = z.enum([
  'SUBSCRIPTION_PAYMENT',
  'REWARD',
  'REFERRAL',
  'NEGOTIATION',
  'OTHER',
]);
export type TransactionType = z.infer<typeof transactionType>;

export const accountType = z.enum(['depository', 'credit', 'loan', 'investment', 'other']);
export type AccountType = z.infer<typeof accountType>;

export const negotiationPriority = z.enum(['low', 'medium', 'high', 'urgent']);
export type NegotiationPriority = z.infer<typeof negotiationPriority>;

export const negotiationCallErrorCode = z.enum([
  'VAPI_API_ERROR',
  'ASSISTANT_CREATION_FAILED',
  'CALL_INITIATION_FAILED',
  'CALL_TIMEOUT',
  'INVALID_USER_INFO',
  'PROVIDER_UNREACHABLE',
  'AUTHENTICATION_FAILED',
  'RATE_LIMIT_EXCEEDED',
  'INTERNAL_ERROR',
  'CONFIGURATION_ERROR',
]);
export type NegotiationCallErrorCode = z.infer<typeof negotiationCallErrorCode>;

export const paymentErrorType = z.enum([
  'insufficient_funds',
  'insufficient_funds_risk',
  'payment_account_not_found',
  'subscription_not_found',
  'annual_plan_not_available',
  'account_data_missing',
  'no_available_gift_cards',
]);
export type PaymentErrorType = z.infer<typeof paymentErrorType>;

export const backoffType = z.enum(['exponential', 'fixed']);
export type BackoffType = z.infer<typeof backoffType>;

/** Where a linked account's transactions come from (bank-sources.ts). */
export const bankSource = z.enum(BANK_SOURCES);
