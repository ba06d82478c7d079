/** What the payments service is given: its repo, the payment port, and the other modules' functions. */
import type { LinkProvider } from '@billow/contracts';
import type { Db } from '../../db/database';
import type { AppJobMap } from '../../jobs/job-payloads';
import type { JobQueue } from '../../jobs/job-system';
import type { DebitHandle, PaymentProvider } from '../../providers/payment/payment-provider';
import type { SmsSender } from '../../providers/sms/sms-sender';
import type { GiftCardStock } from '../gift-cards/gift-cards.stock';
import type { SubscriptionRow } from '../subscriptions/subscriptions.repo';
import type { PaymentsRepo } from './payments.repo';

/** What an active bill's offer names of it, and what a linked bank charges for it a month. */
export type ActiveBill = Pick<
  SubscriptionRow,
  'id' | 'userId' | 'status' | 'merchantName' | 'merchantWebsite'
> & { monthlyPrice: number | null };

/**
 * When Billow may release a card's number before the debit settles (off by default): the person
 * has at least `afterSettledPayments` settled payments, nothing owed, and the amount is at most
 * `maxCents`. `maxCents` 0 turns fronting off.
 */
type FrontingPolicy = { maxCents: number; afterSettledPayments: number };

type AnnualPlanPaid = {
  userId: string;
  subscriptionId: string;
  paymentId: string;
  amountCents: number;
  savingsCents: number;
};
type PaymentReturned = AnnualPlanPaid & { isCardVoided: boolean; returnCode: string | null };

export type PaymentsServiceDeps = {
  db: Db;
  repo: PaymentsRepo;
  provider: PaymentProvider;
  /**
   * The banking module's view of the account a payment would come from (docs/payments.md,
   * "Which accounts can pay"): the one named (the person's own), else their primary payment
   * account, else their first account that can pay. Undefined when there is none. Never a
   * credential.
   */
  paymentAccountOf: (
    userId: string,
    accountId: string | undefined,
  ) => Promise<
    | {
        id: string;
        /** An open checking or savings account. */
        isOpenDepository: boolean;
        /** Its source only reads transactions (SimpleFIN Bridge, a file): it cannot pay. */
        isReadOnlySource: boolean;
        /** The bank's data is there to decide a debit (login fine, balance known). */
        isReady: boolean;
      }
    | undefined
  >;
  /**
   * The banking module's opaque handle for debiting an account, passed to the payment port as is;
   * undefined when no debit may come from it any more (removed, login revoked, read-only source).
   */
  debitHandleOf: (accountId: string) => Promise<DebitHandle | undefined>;
  jobs: JobQueue<AppJobMap>;
  sms: SmsSender;
  /** The person's legal name and phone number (the users module). */
  personOf: (
    userId: string,
  ) => Promise<{ legalName: string | null; phoneNumber: string } | undefined>;
  /** The bills a plan is paid for (the subscriptions module); `tx` is the payment's transaction. */
  bills: {
    /** The person's subscription, or undefined when it is not theirs. */
    billOf: (userId: string, subscriptionId: string) => Promise<SubscriptionRow | undefined>;
    /**
     * The person's active subscriptions (not the ones they marked as not one) whose merchant may
     * sell an annual plan: every one findMerchant gives a plan, and perhaps a few more.
     */
    annualPlanBillsOf: (userId: string) => Promise<ActiveBill[]>;
    /** Holds the subscription's row until the transaction ends: one payment decision at a time. */
    lockBill: (subscriptionId: string, tx: Db) => Promise<SubscriptionRow | undefined>;
    /** Billow pays the bill (an annual plan until the renewal date), or no longer does. */
    markBillowManaged: (
      subscriptionId: string,
      plan: { isBillowManaged: boolean; renewalDate: string | null },
      tx: Db,
    ) => Promise<void>;
  };
  /** The gift-card stock (the gift-cards module), moved in the payment's transaction. */
  stock: GiftCardStock;
  /** In the funding transaction: the savings and the reward enter their ledgers. */
  onAnnualPlanPaid: (paid: AnnualPlanPaid, tx: Db) => Promise<void>;
  /** In the claw-back transaction: the reward is reversed, the saving taken back. */
  onPaymentReturned: (returned: PaymentReturned, tx: Db) => Promise<void>;
  fronting?: FrontingPolicy;
  /**
   * A bill as a linked bank charges it (never a hand-imported file), as a month's worth; null
   * without such a charge. Annual plans are offered and priced from it (docs/savings.md).
   */
  bankMonthlyOf: (
    userId: string,
    subscriptionId: string,
  ) => Promise<{
    merchantName: string;
    merchantWebsite: string | null;
    monthlyPrice: number;
  } | null>;
  /**
   * A link token for the bank of one of the person's accounts, in Link's update mode, for what
   * the bank needs before a debit (docs/payments.md); undefined when the account is not theirs.
   */
  bankLinkFor: (
    userId: string,
    accountId: string,
    need: { transferAuthorizationId: string } | { isTransferConsent: true },
  ) => Promise<{ linkToken: string; linkProvider: LinkProvider } | undefined>;
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
};
