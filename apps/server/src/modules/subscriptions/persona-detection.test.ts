/**
 * Detection over the sandbox bank's personas, many seeds each: every subscription and bill a
 * persona really has is found, and nothing is found that is not a recurring stream of the
 * persona (paychecks, transfers and card payments included). The persona data carries the truth
 * (`recurring_stream`), so this measures the two pieces together the way the app runs them.
 */
import { detectRecurring } from '@billow/recurring';
import { describe, expect, it } from 'vitest';
import { generatePersonaAccounts, PERSONA_IDS } from '@billow/sandbox-bank';

const AS_OF = '2026-11-20';

/**
 * Streams detection knowingly misses today, each for a reason a person can check:
 * - nytimes bills every 4 weeks, a cadence the spec's enum (part 2 §4) does not have;
 * - estimated-tax is the IRS's quarterly estimate, due Apr/Jun/Sep/Jan — not evenly spaced;
 * - apple-icloud in the dynamic persona costs $2.99, the price of the App Store buys that share
 *   its descriptor about once a month, so its rhythm drowns in them.
 */
const KNOWN_MISSES = new Set(['nytimes', 'estimated-tax', 'dynamic:apple-icloud']);
/** The same App Store noise now and then lines up into a monthly run of one price. */
const KNOWN_SPURIOUS = new Set(['dynamic:Apple']);
const SEEDS = Array.from({ length: 12 }, (_, i) => `persona-seed-${i}`);

describe('detection over the sandbox personas', () => {
  for (const persona of PERSONA_IDS) {
    it(`finds every subscription and bill of the ${persona} persona, and nothing else`, () => {
      const missed: string[] = [];
      const spurious: string[] = [];
      for (const seed of SEEDS) {
        const accounts = generatePersonaAccounts(persona, {
          seed,
          start: '2024-11-20',
          end: AS_OF,
          storyStart: '2024-11-20',
        });
        const transactions = accounts.flatMap((account) =>
          account.transactions.map((t) => ({ ...t, account_id: account.account_id })),
        );
        const streams = detectRecurring(
          transactions.map((t) => ({
            id: t.transaction_id,
            date: t.authorized_date,
            description: t.name,
            amount: t.amount,
            account_id: t.account_id,
          })),
          { asOf: AS_OF },
        ).filter((stream) => stream.last_amount > 0);

        const labelOf = new Map(transactions.map((t) => [t.transaction_id, t.recurring_stream]));
        const truth = new Map<string, string[]>();
        for (const t of transactions) {
          if (
            t.recurring_stream &&
            (t.category_hint === 'subscription' || t.category_hint === 'bill') &&
            t.amount > 0
          ) {
            truth.set(t.recurring_stream, [
              ...(truth.get(t.recurring_stream) ?? []),
              t.transaction_id,
            ]);
          }
        }
        for (const [label, ids] of truth) {
          const found = streams.some(
            (s) => s.transaction_ids.filter((id) => ids.includes(id)).length >= ids.length / 2,
          );
          const isKnown = KNOWN_MISSES.has(label) || KNOWN_MISSES.has(`${persona}:${label}`);
          if (!found && !isKnown) missed.push(`${seed}:${label}`);
        }
        for (const stream of streams) {
          const labels = new Set(
            stream.transaction_ids.map((id) => labelOf.get(id)).filter(Boolean),
          );
          const isRecurring =
            labels.size > 0 &&
            [...labels].every((label) => !/pay|transfer|autopay|card/i.test(label!));
          if (!isRecurring && !KNOWN_SPURIOUS.has(`${persona}:${stream.merchant}`)) {
            spurious.push(`${seed}:${stream.merchant}`);
          }
        }
      }
      expect(missed).toEqual([]);
      expect(spurious).toEqual([]);
    });
  }
});
