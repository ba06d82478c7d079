/**
 * What the dashboard route needs of the annual-plan flow before its screens load: the plan a
 * subscription converts to, and which accounts can pay for it.
 */
import type { LinkedAccount } from '@billow/contracts';

export type AnnualPlan = {
  subscriptionId: string;
  serviceName: string;
  website: string | null;
  monthlyPrice: number;
  annualPlanCost: number;
};

/** The accounts a debit can come from: active checking and savings accounts. */
export const payableAccounts = (accounts: readonly LinkedAccount[]) =>
  accounts.filter((a) => a.active && a.accountType === 'depository');
