/**
 * Where a person's export comes from: each module that keeps something about them answers with
 * its own rows (`exportRows`, beside its `forget`), so the export reads no other module's tables.
 * Each answer names its columns: a secret column cannot reach the export through it.
 */
import type { BankingRepo } from '../banking/banking.repo';
import type { GiftCardsService } from '../gift-cards/gift-cards.service';
import type { NegotiationsRepo } from '../negotiations/negotiations.repo';
import type { PaymentsRepo } from '../payments/payments.repo';
import type { RewardsRepo } from '../rewards/rewards.repo';
import type { PublishedSubscriptions } from '../subscriptions/subscriptions.published';

export type ExportSources = {
  banking: BankingRepo['exportRows'];
  subscriptions: PublishedSubscriptions['exportRows'];
  negotiations: NegotiationsRepo['exportRows'];
  payments: PaymentsRepo['exportRows'];
  giftCards: GiftCardsService['exportRows'];
  rewards: RewardsRepo['exportRows'];
};

type RowsOf<K extends keyof ExportSources> = Awaited<ReturnType<ExportSources[K]>>;
/** Every module's rows, by data set (accounts, transactions, subscriptions, …). */
export type ExportRows = RowsOf<'banking'> &
  RowsOf<'subscriptions'> &
  RowsOf<'negotiations'> &
  RowsOf<'payments'> &
  RowsOf<'giftCards'> &
  RowsOf<'rewards'>;
/** One row of a data set. */
export type ExportRowOf<K extends keyof ExportRows> = ExportRows[K][number];
