/**
 * What the dashboard route needs of the annual-plan flow before its screens load: the plan a
 * subscription converts to, and which accounts can pay for it.
 */
import { cannotPayReasons, sourceCanPay, type LinkedAccount } from '@billow/contracts';

export type AnnualPlan = {
  subscriptionId: string;
  serviceName: string;
  website: string | null;
  monthlyPrice: number;
  annualPlanCost: number;
};

/**
 * The accounts a debit can come from: active checking and savings accounts linked through a bank
 * login (SimpleFIN Bridge and file imports only read transactions; docs/payments.md).
 */
export const payableAccounts = (accounts: readonly LinkedAccount[]) =>
  accounts.filter((a) => a.active && a.accountType === 'depository' && sourceCanPay(a.source));

/** The person's accounts whose source cannot pay, each with why, to say so beside the choice. */
export const unpayableAccounts = (accounts: readonly LinkedAccount[]) =>
  accounts.flatMap((account) =>
    account.source === 'simplefin' || account.source === 'file'
      ? [{ account, reason: cannotPayReasons[account.source] }]
      : [],
  );
