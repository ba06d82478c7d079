/**
 * The files of a person's export and the meaning of every field, in the words the README uses.
 * Amounts are dollars (the API's unit); times are ISO 8601 in UTC; dates are YYYY-MM-DD.
 */
import {
  centsToDollars,
  isActiveBill,
  maskCardNumber,
  monthlyTotal,
  type ProfileInfo,
  type Subscription,
} from '@billow/contracts';
import { dataSet, type Value } from './export-format';
import type { ExportRowOf as RowOf } from './export.sources';

type EventRow = RowOf<'negotiationEvents'>;

const dollars = (cents: number | null): number | null =>
  cents === null ? null : centsToDollars(cents);
const time = (at: Date | null): string | null => (at ? at.toISOString() : null);

export const profileSet = dataSet<{ userId: string; profile: ProfileInfo }>({
  name: 'profile',
  about: 'Who you are to Billow, and your settings.',
  isSingle: true,
  hasCsv: false,
  fields: {
    user_id: { about: 'Your account id.', of: (r) => r.userId },
    user_legal_name: {
      about: 'Your legal name, as you gave it.',
      of: (r) => r.profile.user_legal_name,
    },
    phone_number: {
      about: 'The phone number you sign in with.',
      of: (r) => r.profile.phone_number,
    },
    email: { about: 'Your recovery email, if you added one.', of: (r) => r.profile.email },
    is_email_verified: {
      about: 'Whether you confirmed the recovery email with a code.',
      of: (r) => r.profile.is_email_verified,
    },
    gender: { about: 'The gender you chose during sign-up, if any.', of: (r) => r.profile.gender },
    time_zone: {
      about: 'The time zone your days are counted in (days until a bill, reminders).',
      of: (r) => r.profile.time_zone,
    },
    lifetime_accrued_rewards: {
      about: 'Every reward you have earned, in dollars.',
      of: (r) => r.profile.lifetime_accrued_rewards,
    },
    is_auto_apply_rewards_enabled: {
      about:
        'Setting: claim the reward you chose for you, toward its bill, once your balance covers it.',
      of: (r) => r.profile.profile_settings.is_auto_apply_rewards_enabled,
    },
    is_subscription_notifications_enabled: {
      about: 'Setting: a text before a bill is due.',
      of: (r) => r.profile.profile_settings.is_subscription_notifications_enabled,
    },
    is_overdraft_protection_enabled: {
      about: 'Setting: a heads-up when a bill could overdraw your account.',
      of: (r) => r.profile.profile_settings.is_overdraft_protection_enabled,
    },
    is_bill_negotiation_enabled: {
      about: 'Setting: let Billow negotiate your bills.',
      of: (r) => r.profile.profile_settings.is_bill_negotiation_enabled,
    },
  },
});

export const accountsSet = dataSet<RowOf<'accounts'>>({
  name: 'accounts',
  about: 'The bank accounts you linked. Billow’s access to your bank is not included.',
  hasCsv: true,
  fields: {
    id: { about: 'Billow’s id for the account.', of: (r) => r.id },
    institution_name: { about: 'Your bank.', of: (r) => r.institutionName },
    name: { about: 'The account’s name at your bank.', of: (r) => r.name },
    official_name: {
      about: 'Its official name, when the bank gives one.',
      of: (r) => r.officialName,
    },
    mask: { about: 'The last digits of the account number.', of: (r) => r.mask },
    type: { about: 'depository, credit, loan, investment or other.', of: (r) => r.type },
    subtype: { about: 'e.g. checking, savings, credit card.', of: (r) => r.subtype },
    current_balance: {
      about: 'The balance at the last sync, in dollars.',
      of: (r) => dollars(r.currentBalanceCents),
    },
    available_balance: {
      about: 'The available balance at the last sync, in dollars.',
      of: (r) => dollars(r.availableBalanceCents),
    },
    currency: { about: 'ISO 4217 currency code.', of: (r) => r.currency },
    is_active: { about: 'Whether Billow still reads this account.', of: (r) => r.isActive },
    is_primary_payment_account: {
      about: 'Whether Billow pays annual plans from this account.',
      of: (r) => r.isPrimaryPaymentAccount,
    },
    link_status: {
      about:
        'active, login_required (sign in at the bank again), pending_disconnect or revoked (access withdrawn: link the bank again).',
      of: (r) => r.linkStatus,
    },
    last_synced_at: {
      about: 'When Billow last read the account.',
      of: (r) => time(r.lastSyncedAt),
    },
    created_at: { about: 'When you linked it.', of: (r) => time(r.createdAt) },
  },
});

export const transactionsSet = dataSet<RowOf<'transactions'>>({
  name: 'transactions',
  about: 'Every transaction Billow read from your linked accounts.',
  hasCsv: true,
  fields: {
    id: { about: 'Billow’s id for the transaction.', of: (r) => r.id },
    account_id: { about: 'The account it belongs to (accounts `id`).', of: (r) => r.accountId },
    date: { about: 'The date it posted.', of: (r) => r.date },
    authorized_date: { about: 'The date it was made, when known.', of: (r) => r.authorizedDate },
    name: { about: 'The description on your statement.', of: (r) => r.name },
    merchant_name: { about: 'The merchant, when the bank names it.', of: (r) => r.merchantName },
    amount: {
      about: 'In dollars; above 0 is money leaving the account, below 0 money coming in.',
      of: (r) => dollars(r.amountCents),
    },
    currency: { about: 'ISO 4217 currency code.', of: (r) => r.currency },
    is_pending: { about: 'Whether it had not posted yet.', of: (r) => r.isPending },
  },
});

/**
 * The figures the screens show, as the bills list answers them (docs/figures.md): what you pay a
 * month, and which prices went up.
 */
export const summarySet = dataSet<{ bills: Subscription[] }>({
  name: 'summary',
  about: 'The figures Billow shows on every screen, as of the export.',
  isSingle: true,
  hasCsv: false,
  fields: {
    monthly_total: {
      about:
        'What you pay a month, in dollars: every active bill’s monthly amount added up, weekly and yearly ones included.',
      of: (r) => monthlyTotal(r.bills),
    },
    active_bills: {
      about: 'How many active bills that is.',
      of: (r) => r.bills.filter(isActiveBill).length,
    },
    price_increases: {
      about: 'The bills whose price went up in the last 12 months (subscriptions `id`).',
      of: (r) => r.bills.filter((bill) => bill.is_price_increase).map((bill) => bill.id),
    },
  },
});

export const subscriptionsSet = dataSet<RowOf<'subscriptions'> & { isPriceIncrease: boolean }>({
  name: 'subscriptions',
  about:
    'The subscriptions and bills Billow found in your transactions, including those you said are not one.',
  hasCsv: true,
  fields: {
    id: { about: 'Billow’s id for the subscription.', of: (r) => r.id },
    merchant_name: { about: 'Who charges you.', of: (r) => r.merchantName },
    merchant_website: { about: 'Their website, when known.', of: (r) => r.merchantWebsite },
    category: { about: 'What kind of spending it is.', of: (r) => r.category },
    cadence: { about: 'How often it charges (MONTHLY, YEARLY, …).', of: (r) => r.cadence },
    status: { about: 'ACTIVE, CANCELLED, FREE_TRIAL, …', of: (r) => r.status },
    amount: { about: 'The current charge, in dollars.', of: (r) => dollars(r.amountCents) },
    previous_amount: {
      about: 'The charge before the last price change, in dollars.',
      of: (r) => dollars(r.previousAmountCents),
    },
    is_price_increase: {
      about: 'Whether its price went up in the last 12 months.',
      of: (r) => r.isPriceIncrease,
    },
    monthly_amount: {
      about: 'What it costs a month whatever its cadence, in dollars.',
      of: (r) => dollars(r.normalizedMonthlyCents),
    },
    currency: { about: 'ISO 4217 currency code.', of: (r) => r.currency },
    first_charge_date: { about: 'The first charge Billow saw.', of: (r) => r.firstChargeDate },
    last_charge_date: { about: 'The latest charge Billow saw.', of: (r) => r.lastChargeDate },
    renewal_date: { about: 'The next charge Billow expects.', of: (r) => r.renewalDate },
    cancel_date: { about: 'When it stopped, if it did.', of: (r) => r.cancelDate },
    payment_account_id: {
      about: 'The account it is charged to (accounts `id`).',
      of: (r) => r.paymentAccountId,
    },
    is_billow_managed: {
      about: 'Whether Billow paid an annual plan for it.',
      of: (r) => r.isBillowManaged,
    },
    user_marked_not_subscription: {
      about: 'Whether you told Billow it is not a subscription.',
      of: (r) => r.userMarkedNotSubscription,
    },
    created_at: { about: 'When Billow first found it.', of: (r) => time(r.createdAt) },
  },
});

export const negotiationsSet = dataSet<
  RowOf<'negotiations'> & { merchantName: string; events: EventRow[] }
>({
  name: 'negotiations',
  about:
    'The bill negotiations Billow offered or ran for you. The answers you gave for them (PINs, account details) and the call transcripts, which can repeat those answers, are not included.',
  hasCsv: false,
  fields: {
    id: { about: 'Billow’s id for the negotiation.', of: (r) => r.id },
    subscription_id: {
      about: 'The bill negotiated (subscriptions `id`).',
      of: (r) => r.subscriptionId,
    },
    merchant_name: { about: 'Who the bill is from.', of: (r) => r.merchantName },
    status: {
      about: 'PENDING, USER_INPUT_REQUIRED, IN_PROGRESS, SUCCESSFUL or REJECTED.',
      of: (r) => r.status,
    },
    current_price: {
      about: 'The bill before negotiating, in dollars.',
      of: (r) => dollars(r.currentPriceCents),
    },
    target_price: {
      about: 'The price Billow aimed for, in dollars.',
      of: (r) => dollars(r.targetPriceCents),
    },
    information_requested: {
      about: 'The names of the details still asked of you (never their values).',
      of: (r) => Object.keys(r.requiredUserInfo ?? {}),
    },
    start_date: { about: 'When negotiating started.', of: (r) => time(r.startDate) },
    estimated_completion: {
      about: 'When it was expected to finish.',
      of: (r) => time(r.estimatedCompletion),
    },
    rejection_reason: {
      about: 'Why the merchant said no, if it did.',
      of: (r) => r.rejectionReason,
    },
    successful_savings: {
      about: 'What the negotiation saves you, in dollars.',
      of: (r) => dollars(r.successfulSavingsCents),
    },
    negotiated_price: {
      about: 'The bill’s new price per charge, in dollars, in its own cadence (when it went down).',
      of: (r) => dollars(r.negotiatedPriceCents),
    },
    savings_type: {
      about: 'PRICE_REDUCTION_AMOUNT, PRICE_REDUCTION_PERCENTAGE or FREE_MONTHS.',
      of: (r) => r.savingsType,
    },
    negotiated_deal_expiry: {
      about: 'When the negotiated deal ends.',
      of: (r) => r.negotiatedDealExpiry,
    },
    created_at: { about: 'When Billow offered it.', of: (r) => time(r.createdAt) },
    status_history: {
      about: 'Every status change: `status`, `previous_status`, `reason` and `at` (a time).',
      of: (r) =>
        r.events.map((event): Value => ({
          status: event.status,
          previous_status: event.previousStatus,
          reason: event.reason,
          at: time(event.at),
        })),
    },
  },
});

export const paymentsSet = dataSet<RowOf<'payments'>>({
  name: 'payments',
  about:
    'Annual plans Billow paid for you: the debit from your account and the gift card it bought.',
  hasCsv: false,
  fields: {
    id: { about: 'Billow’s id for the payment.', of: (r) => r.id },
    subscription_id: {
      about: 'The subscription paid for (subscriptions `id`).',
      of: (r) => r.subscriptionId,
    },
    account_id: { about: 'The account debited (accounts `id`).', of: (r) => r.accountId },
    gift_card_id: { about: 'The card it bought (gift-cards `id`).', of: (r) => r.giftCardId },
    status: {
      about: 'authorizing, authorized, debited, funded, renewed, declined or returned.',
      of: (r) => r.status,
    },
    amount: { about: 'The plan’s price, in dollars.', of: (r) => dollars(r.amountCents) },
    savings: {
      about: 'Twelve monthly bills less the plan’s price, in dollars.',
      of: (r) => dollars(r.savingsCents),
    },
    decline_reason: { about: 'Why it was declined, if it was.', of: (r) => r.declineReason },
    return_code: { about: 'The bank’s code for a returned debit.', of: (r) => r.returnCode },
    renewal_date: { about: 'When the plan year ends.', of: (r) => r.renewalDate },
    funded_at: { about: 'When the card was paid for.', of: (r) => time(r.fundedAt) },
    returned_at: { about: 'When the bank sent the debit back.', of: (r) => time(r.returnedAt) },
    renewed_at: { about: 'When the plan was renewed.', of: (r) => time(r.renewedAt) },
    created_at: { about: 'When you paid.', of: (r) => time(r.createdAt) },
  },
});

export const giftCardsSet = dataSet<RowOf<'giftCards'>>({
  name: 'gift-cards',
  about:
    'The gift cards Billow bought for your annual plans. Only the last four digits of each number are included; the full number stays in the app.',
  hasCsv: false,
  fields: {
    id: { about: 'Billow’s id for the card.', of: (r) => r.id },
    subscription_id: {
      about: 'The subscription it pays (subscriptions `id`).',
      of: (r) => r.subscriptionId,
    },
    card_number_masked: {
      about: 'The card number with all but its last four digits hidden.',
      of: (r) => maskCardNumber(r.cardNumberLastFour),
    },
    value: { about: 'What the card is worth, in dollars.', of: (r) => dollars(r.valueCents) },
    expiry_date: { about: 'When the card expires.', of: (r) => r.expiryDate },
    status: { about: 'reserved (being paid for), assigned (yours) or void.', of: (r) => r.status },
    assigned_at: { about: 'When it became yours.', of: (r) => time(r.assignedAt) },
    revealed_at: { about: 'When you first viewed the full number.', of: (r) => time(r.revealedAt) },
    voided_at: { about: 'When it was voided, if it was.', of: (r) => time(r.voidedAt) },
  },
});

export const rewardsSet = dataSet<RowOf<'rewards'>>({
  name: 'rewards',
  about: 'Your rewards ledger: every reward earned, applied to a bill or reversed.',
  hasCsv: false,
  fields: {
    id: { about: 'Billow’s id for the entry.', of: (r) => r.id },
    kind: { about: 'earned, applied or reversed.', of: (r) => r.kind },
    source: { about: 'annual_plan, negotiation, bill or other.', of: (r) => r.source },
    amount: {
      about: 'In dollars (always above 0; `kind` says which way).',
      of: (r) => dollars(r.amountCents),
    },
    subscription_id: {
      about: 'The subscription involved (subscriptions `id`).',
      of: (r) => r.subscriptionId,
    },
    occurred_at: { about: 'When it happened.', of: (r) => time(r.occurredAt) },
  },
});
