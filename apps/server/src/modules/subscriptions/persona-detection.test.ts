/**
 * Detection over the sandbox bank's personas, as the app runs it: a person links a persona at the
 * sandbox bank, the sync job stores what the bank sends, detection runs after it, and the
 * subscriptions service lists what it found. Every subscription and bill the persona really has
 * must be there, and nothing that is not a recurring stream of the persona (paychecks, transfers
 * and card payments included). The truth comes from the sandbox bank's own data for the item
 * (`recurring_stream`), regenerated from the item's seed.
 */
import { bankingRoutes, sandboxRoutes } from '@billow/contracts';
import { generatePersonaAccounts, PERSONA_IDS, type PersonaId } from '@billow/sandbox-bank';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { dayFrom } from '../../../test/sandbox-link';
import { bearer, signIn } from '../../../test/sign-in';
import { HISTORY_DAYS } from '../../providers/bank/sandbox/snapshot';

const AS_OF = '2026-11-20';

/**
 * Streams detection knowingly misses today, each for a reason a person can check:
 * - nytimes bills every 4 weeks, a cadence the API's enum does not have;
 * - estimated-tax is the IRS's quarterly estimate, due Apr/Jun/Sep/Jan — not evenly spaced;
 * - apple-icloud in the dynamic persona costs $2.99, the price of the App Store buys that share
 *   its descriptor about once a month, so its rhythm drowns in them.
 */
const KNOWN_MISSES = new Set(['nytimes', 'estimated-tax', 'dynamic:apple-icloud']);
/** The same App Store noise now and then lines up into a monthly run of one price. */
const KNOWN_SPURIOUS = new Set(['dynamic:Apple']);
/** Fixed item seeds, so every run checks the same histories. */
const SEEDS = [0, 1, 2];

let t: TestApp;
let phones = 0;

beforeAll(async () => {
  t = await createTestApp({ clock: () => new Date(`${AS_OF}T15:00:00Z`) });
});
afterAll(() => t.close());

/**
 * Links `persona` for a new person over HTTP, as the web app does, with the sandbox bank told to
 * use `seed` for the item's history, then runs the jobs that linking enqueues (sync, detection).
 */
async function linkPersona(persona: PersonaId, seed: string) {
  const session = await signIn(t.app, `+1202555${String(1000 + phones++)}`);
  const created = await t.app.inject({
    method: 'POST',
    url: sandboxRoutes.publicToken.path,
    payload: { persona },
  });
  const publicToken = String(created.json().public_token);
  await t.database.executeSql(
    `update sandbox_bank.public_tokens set spec = jsonb_set(spec, '{seed}', to_jsonb($1::text))
     where public_token = $2`,
    [seed, publicToken],
  );
  const linked = await t.app.inject({
    method: 'POST',
    url: bankingRoutes.linkResult.path,
    headers: bearer(session.token),
    payload: { publicToken },
  });
  expect(linked.json()).toEqual({ status: 'success' });
  await t.runQueuedJobs();
  return session.user.userId;
}

/** What the subscriptions service shows the person, each with the bank's ids of its charges. */
async function detected(userId: string) {
  const { rows } = await t.database.executeSql(
    `select id, provider_transaction_id from bank_transactions where user_id = $1`,
    [userId],
  );
  const providerIdOf = new Map(
    rows.map((row) => [String(row.id), String(row.provider_transaction_id)]),
  );
  const subscriptions = await t.modules.subscriptions.service.list(userId);
  return Promise.all(
    subscriptions.map(async (subscription) => {
      const details = await t.modules.subscriptions.service.transactionDetails(
        userId,
        subscription.id,
      );
      return {
        merchant: subscription.merchant_name,
        // A charge still pending carries the id of the posted one it becomes, plus '-pending'.
        ids: details.transaction_details.map((d) =>
          (providerIdOf.get(d.transaction_id) ?? '').replace(/-pending$/, ''),
        ),
      };
    }),
  );
}

/** The persona's true history as the sandbox bank serves it for an item linked today. */
function truthOf(persona: PersonaId, seed: string) {
  const storyStart = dayFrom(AS_OF, -HISTORY_DAYS);
  return generatePersonaAccounts(persona, {
    seed,
    start: storyStart,
    end: dayFrom(AS_OF, 3),
    storyStart,
  })
    .flatMap((account) => account.transactions)
    .filter((transaction) => transaction.authorized_date <= AS_OF);
}

describe('detection over the sandbox personas, through the subscriptions service', () => {
  for (const persona of PERSONA_IDS) {
    it(`finds every subscription and bill of the ${persona} persona, and nothing else`, async () => {
      const missed: string[] = [];
      const spurious: string[] = [];
      for (const seed of SEEDS.map((i) => `${persona}-seed-${i}`)) {
        const streams = await detected(await linkPersona(persona, seed));
        const transactions = truthOf(persona, seed);

        const labelOf = new Map(transactions.map((tx) => [tx.transaction_id, tx.recurring_stream]));
        const truth = new Map<string, string[]>();
        for (const tx of transactions) {
          if (
            tx.recurring_stream &&
            (tx.category_hint === 'subscription' || tx.category_hint === 'bill') &&
            tx.amount > 0
          ) {
            truth.set(tx.recurring_stream, [
              ...(truth.get(tx.recurring_stream) ?? []),
              tx.transaction_id,
            ]);
          }
        }
        expect(truth.size, `${seed}: the persona's true streams`).toBeGreaterThanOrEqual(8);
        for (const [label, ids] of truth) {
          const found = streams.some(
            (s) => s.ids.filter((id) => ids.includes(id)).length >= ids.length / 2,
          );
          const isKnown = KNOWN_MISSES.has(label) || KNOWN_MISSES.has(`${persona}:${label}`);
          if (!found && !isKnown) missed.push(`${seed}:${label}`);
        }
        for (const stream of streams) {
          const labels = new Set(stream.ids.map((id) => labelOf.get(id)).filter(Boolean));
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
