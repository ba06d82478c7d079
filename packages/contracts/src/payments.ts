/**
 * Annual plans Billow pays for (docs/annual-plans.md): the instant-savings offers, paying for a
 * plan by a debit from the person's bank account, and the gift card that carries the plan.
 */
import { z } from 'zod';
import { paymentErrorType } from './enums';
import { linkProvider } from './banking';
import {
  paymentBankLinkProblemCode,
  paymentProblemCode,
  subscriptionProblemCode,
} from './problem-codes';
import { defineRoute } from './route';

/**
 * An instant-savings offer (docs/dashboard.md, "Instant savings"), plus the subscription it is for
 * (the flow needs it).
 */
export const instantSavingsItem = z.object({
  subscription_id: z.string(),
  service_name: z.string(),
  merchant_website_url: z.string().nullable(),
  /** Monthly. */
  current_price: z.number(),
  annual_plan_cost: z.number().positive(),
  annual_conversion_external_link: z.url().nullable(),
  /** Whether Billow already paid this subscription's plan year (the card then opens the code). */
  has_assigned_gift_card: z.boolean(),
});
export type InstantSavingsItem = z.infer<typeof instantSavingsItem>;

/** A gift card's value is positive (docs/errors.md, "Validation messages"). */
export const cardValue = z.union([
  z.number().positive('Card value must be positive'),
  z
    .string()
    .regex(/^\d+(\.\d{1,2})?$/, 'Card value must be positive')
    .refine((value) => Number(value) > 0, 'Card value must be positive'),
]);

/** A gift card (docs/annual-plans.md, "The gift card"). */
export const giftCard = z.object({
  id: z.string().uuid(),
  cardNumberMasked: z.string(),
  cardNumber: z.string().optional(),
  merchantId: z.number().int().positive(),
  cardValue,
  expiryDate: z.string().nullable(),
  subscriptionId: z.string(),
});
export type GiftCard = z.infer<typeof giftCard>;

/** A card number as `cardNumberMasked` shows it: every digit hidden but the last four. */
export function maskCardNumber(lastFour: string): string {
  return `•••• •••• •••• ${lastFour}`;
}

/** Looking a gift card up by merchant needs the merchant's id or its name. */
export const giftCardMerchant = z
  .object({
    merchantId: z.number().int().positive().optional(),
    serviceName: z.string().trim().min(1).optional(),
  })
  .refine((m) => m.merchantId !== undefined || m.serviceName !== undefined, {
    message: 'Either merchantId or serviceName must be provided',
  });

export const getGiftCardBody = z.object({
  subscriptionId: z.string().uuid(),
  includeFullCardNumber: z.boolean().default(false),
});

/**
 * Where the subscription's latest annual-plan payment stands (docs/payments.md): processing (the
 * debit is being made), on its way (paid; the full code comes when the debit settles, by
 * `readyBy`), ready (the full code can be shown), or returned by the bank (`amountOwed` is what
 * the person owes Billow for it: 0 unless the code had already been shown).
 */
export const annualPlanPaymentStatus = z.enum(['processing', 'on-its-way', 'ready', 'returned']);
export type AnnualPlanPaymentStatus = z.infer<typeof annualPlanPaymentStatus>;
export const annualPlanPayment = z.object({
  status: annualPlanPaymentStatus,
  amount: z.number(),
  paidAt: z.string(),
  readyBy: z.string().nullable(),
  returnedAt: z.string().nullable(),
  returnCode: z.string().nullable(),
  amountOwed: z.number(),
});
export type AnnualPlanPayment = z.infer<typeof annualPlanPayment>;

export const giftCardResponse = z.object({
  success: z.boolean(),
  giftCard: giftCard.nullable(),
  subscription: z.object({ renewalDate: z.string().nullable() }).nullable(),
  error: z.string().nullable(),
  /** Billow's own: the payment behind the card (absent when there was none). */
  payment: annualPlanPayment.nullable().optional(),
});
export type GiftCardResponse = z.infer<typeof giftCardResponse>;

/**
 * The payment error types (docs/annual-plans.md, "When paying fails"), four of them Billow's own:
 * `already_paid`, the polite answer to paying again for a plan year that is paid (a double click, a
 * retry, a second tab), `transfer_limit_reached`, `bank_action_required` and `account_cannot_pay`.
 */
export const bankTransferErrorType = z.enum([
  ...paymentErrorType.options,
  'already_paid',
  /** The bank's or Plaid's transfer limit for now (a daily or monthly cap), not missing money. */
  'transfer_limit_reached',
  /**
   * The bank needs the person before this debit can be authorized (consent to debits, or an
   * action Plaid asks for): `paymentRoutes.bankLink` opens their bank's Link, then they pay again.
   */
  'bank_action_required',
  /**
   * The account comes in through a source that only reads transactions (SimpleFIN Bridge, a file
   * import): no debit can come from it (`sourceCanPay`).
   */
  'account_cannot_pay',
]);
export type BankTransferErrorType = z.infer<typeof bankTransferErrorType>;

/** The answer of a bank transfer: its id and amount, or why it was refused (docs/payments.md). */
export const bankTransferResponse = z.discriminatedUnion('success', [
  z.object({ success: z.literal(true), transfer_id: z.string(), amount: z.number() }),
  z.object({
    success: z.literal(false),
    error_type: bankTransferErrorType,
    message: z.string(),
    details: z
      .object({
        subscription_id: z.string().optional(),
        user_id: z.string().optional(),
        account_balance: z.number().optional(),
        payment_amount: z.number().optional(),
        risk_score: z.number().optional(),
      })
      .optional(),
  }),
]);
export type BankTransferResponse = z.infer<typeof bankTransferResponse>;

export const payBody = z.object({
  subscription_id: z.string().uuid(),
  /** The account to debit; the primary payment account when absent. */
  financialAccountId: z.string().uuid().optional(),
});

export const paymentBankLinkBody = z.object({ subscription_id: z.string().uuid() });
/** A link token for the bank's Link in update mode, and which Link runs it. */
export const paymentBankLinkResponse = z.object({ linkToken: z.string(), linkProvider });

export const paymentRoutes = {
  instantSavings: defineRoute({
    method: 'GET',
    path: '/api/subscriptions/instant-savings',
    response: z.array(instantSavingsItem),
  }),
  giftCard: defineRoute({
    method: 'POST',
    path: '/api/gift-cards/get',
    tokenScope: 'sensitive',
    body: getGiftCardBody,
    response: giftCardResponse,
    problemCodes: subscriptionProblemCode,
  }),
  pay: defineRoute({
    method: 'POST',
    path: '/api/payments/pay',
    tokenScope: 'payments',
    body: payBody,
    /**
     * A chosen account that is gone or not the person's answers payment_account_not_found, the same
     * answer as for no account at all (it says nothing about whose the id was). A person who owes
     * Billow for a returned debit is refused with `payment-owed` until it is settled.
     */
    response: bankTransferResponse,
    problemCodes: paymentProblemCode,
  }),
  /**
   * After `bank_action_required`: a link token for the bank of the account the payment was to
   * come from, to open Link with; once Link succeeds, the person pays again.
   */
  bankLink: defineRoute({
    method: 'POST',
    path: '/api/payments/bank-link',
    tokenScope: 'payments',
    body: paymentBankLinkBody,
    response: paymentBankLinkResponse,
    problemCodes: paymentBankLinkProblemCode,
  }),
} as const;

/** The message for each payment error_type (docs/annual-plans.md, "When paying fails"). */
export const paymentErrorMessages: Record<BankTransferErrorType, string> = {
  insufficient_funds:
    'Insufficient funds in your account. Please add money to your account and try again.',
  insufficient_funds_risk:
    'Insufficient funds in your account. Please add money to your account and try again.',
  payment_account_not_found: 'No payment account found. Please link a bank account first.',
  subscription_not_found: 'Subscription not found. Please refresh and try again.',
  annual_plan_not_available: 'Annual plan pricing is not available for this subscription.',
  account_data_missing:
    'Account information is incomplete. Please refresh your bank account connection.',
  no_available_gift_cards: 'Payment failed. Please try again or contact support.',
  already_paid: 'This annual plan is already paid. Your gift card code is ready.',
  transfer_limit_reached:
    'This payment is over a transfer limit on your account for now. Please try again later or contact support.',
  bank_action_required:
    'Your bank needs you to confirm this payment before it can go through. Continue with your bank, then pay again.',
  account_cannot_pay:
    'This account can only show transactions, not pay. Choose an account you linked by logging in to your bank.',
};
