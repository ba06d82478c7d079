/**
 * A person's data export: their profile, accounts, transactions, subscriptions,
 * negotiations, payments, gift cards and rewards, as JSON (and CSV for the tables people open in
 * a spreadsheet), with a README of the fields. Secrets stay out: no module's export rows hold
 * them, and gift card numbers are masked to their last four.
 */
import type { ProfileInfo, Subscription } from '@billow/contracts';
import { filesOf, readmeOf, type ExportFile } from './export-format';
import {
  accountsSet,
  giftCardsSet,
  negotiationsSet,
  paymentsSet,
  profileSet,
  rewardsSet,
  subscriptionsSet,
  summarySet,
  transactionsSet,
} from './export.data-sets';
import type { ExportSources } from './export.sources';

const dataSets = [
  summarySet,
  profileSet,
  accountsSet,
  transactionsSet,
  subscriptionsSet,
  negotiationsSet,
  paymentsSet,
  giftCardsSet,
  rewardsSet,
];

const readmeNotes = [
  'Amounts are US dollars; dates are YYYY-MM-DD; times are ISO 8601 in UTC.',
  'Ids link the files: a transaction’s `account_id` is an `id` in accounts.json, and so on.',
  'The CSV files are UTF-8 with a header row. A text cell that would start with =, +, - or @ starts with an apostrophe, so a spreadsheet does not run it as a formula; the JSON files have the exact text.',
  'Not included, for your safety: Billow’s access to your bank, full gift card numbers, the answers you gave for negotiations and the transcripts of negotiation calls.',
];

export function createExportService(deps: {
  /** Each module's rows about the person. */
  sources: ExportSources;
  profile: (userId: string) => Promise<ProfileInfo>;
  /** The bills as the bills list shows them: the screens' figures come from them. */
  bills: (userId: string) => Promise<Subscription[]>;
  clock?: () => Date;
}) {
  const { sources } = deps;
  const now = deps.clock ?? (() => new Date());

  return {
    async exportOf(userId: string): Promise<{ fileName: string; files: ExportFile[]; at: Date }> {
      const at = now();
      const [
        profile,
        { accounts, transactions },
        { subscriptions },
        { negotiations: offers, negotiationEvents: events },
        { payments },
        { giftCards },
        { rewards },
        bills,
      ] = await Promise.all([
        deps.profile(userId),
        sources.banking(userId),
        sources.subscriptions(userId),
        sources.negotiations(userId),
        sources.payments(userId),
        sources.giftCards(userId),
        sources.rewards(userId),
        deps.bills(userId),
      ]);
      const raised = new Set(bills.filter((b) => b.is_price_increase).map((b) => b.id));
      // An offer is listed with its merchant, for one of the person's own subscriptions.
      const merchantOf = new Map(subscriptions.map((s) => [s.id, s.merchantName]));
      const negotiations = offers.flatMap((offer) => {
        const merchantName = merchantOf.get(offer.subscriptionId);
        if (merchantName === undefined) return [];
        const history = events.filter((event) => event.negotiationId === offer.id);
        return [{ ...offer, merchantName, events: history }];
      });
      const files = [
        ...filesOf(summarySet, [{ bills }]),
        ...filesOf(profileSet, [{ userId, profile }]),
        ...filesOf(accountsSet, accounts),
        ...filesOf(transactionsSet, transactions),
        ...filesOf(
          subscriptionsSet,
          subscriptions.map((s) => ({ ...s, isPriceIncrease: raised.has(s.id) })),
        ),
        ...filesOf(negotiationsSet, negotiations),
        ...filesOf(paymentsSet, payments),
        ...filesOf(giftCardsSet, giftCards),
        ...filesOf(rewardsSet, rewards),
        {
          name: 'README.md',
          content: readmeOf(dataSets, { generatedAt: at.toISOString(), notes: readmeNotes }),
        },
      ];
      return { fileName: `billow-export-${at.toISOString().slice(0, 10)}.zip`, files, at };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
