import { describe, expect, it } from 'vitest';
import { detectRecurring } from '../detect';
import { generateCorpus } from './generate';
import { matchUser, summarise } from './score';

describe('detection on the seeded synthetic corpus', () => {
  const users = generateCorpus({ seed: 1, users: 60 });
  const score = summarise(
    users.map((user) =>
      matchUser(user.streams, detectRecurring(user.transactions, { asOf: user.asOf })),
    ),
  );

  it('is built the same way on every run', () => {
    const again = generateCorpus({ seed: 1, users: 2 });
    expect(again[1]?.transactions).toEqual(users[1]?.transactions);
  });

  it('holds every kind of stream the product cares about', () => {
    const cadences = new Set(users.flatMap((user) => user.streams.map((stream) => stream.cadence)));
    expect([...cadences].sort()).toEqual(
      ['BIWEEKLY', 'MONTHLY', 'QUARTERLY', 'SEMI_MONTHLY', 'WEEKLY', 'YEARLY']
        .concat(cadences.has('DAILY') ? ['DAILY'] : [])
        .sort(),
    );
  });

  it('finds the true streams and little else (F1 ≥ 0.95)', () => {
    expect(score.f1).toBeGreaterThanOrEqual(0.95);
  });

  it('predicts the next charge within three days for at least nine streams in ten', () => {
    expect(score.nextDateWithin3Days).toBeGreaterThanOrEqual(0.9);
  });
});

describe(matchUser.name, () => {
  it('matches one-to-one on transaction overlap of at least half', () => {
    const truth = [
      {
        key: 'a',
        cadence: 'MONTHLY' as const,
        transactionIds: ['1', '2', '3', '4'],
        nextDate: '2026-04-01',
        noise: [],
      },
    ];
    const stream = (ids: string[]) =>
      ({
        transaction_ids: ids,
        cadence: 'MONTHLY',
        predicted_next_date: '2026-04-02',
      }) as Parameters<typeof matchUser>[1][number];
    const result = matchUser(truth, [stream(['1', '2']), stream(['1', '2', '3'])]);
    expect(result.matches.map((m) => m.jaccard)).toEqual([0.75]);
    expect(result.spurious).toHaveLength(1);
    expect(summarise([result])).toMatchObject({
      precision: 0.5,
      recall: 1,
      nextDateWithin3Days: 1,
    });
  });
});
