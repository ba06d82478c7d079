import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { charge, charges, everyDays, idsOf, monthly } from '../test/series';

/**
 * A plan seen for only a few months — a resubscription, an introductory price, a plan taken up
 * late in the history — leaves a short run at one price, and often one or two charges at that
 * price on the other side of a long gap. Such a price level fits no grid whole; cut at the gap
 * it is a run that stands and the plan's return (fixed-streams.ts, merge-fragments.ts).
 */
describe(`${detectRecurring.name} — short runs of a plan`, () => {
  it('finds four monthly charges and the lone comeback at their price months later', () => {
    const history = charges(
      [...monthly('2025-05-07', 4), '2026-05-09'],
      'POS PURCHASE NETFLIX.COM LOS GATOS CA',
      10.95,
    );
    const streams = detectRecurring(history, { asOf: '2026-11-02' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'MONTHLY', status: 'CANCELLED' });
    expect(streams[0]?.transaction_ids).toEqual(idsOf(history));
  });

  it('finds three monthly charges and two back at their price as one plan, still running', () => {
    const history = charges(
      [...monthly('2025-10-15', 3), ...monthly('2026-09-13', 2)],
      'BANFIELD PET HOSP #1234',
      87.95,
    );
    const streams = detectRecurring(history, { asOf: '2026-11-02' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({
      cadence: 'MONTHLY',
      status: 'ACTIVE',
      predicted_next_date: '2026-11-13',
    });
    expect(streams[0]?.transaction_ids).toEqual(idsOf(history));
  });

  it('joins a known plan back at a higher price for two months to the run it resumes', () => {
    const before = charges(monthly('2024-11-17', 10), 'SIRIUS XM RADIO INC', 33);
    const after = charges(monthly('2026-04-07', 2), 'SIRIUS XM RADIO INC', 36.44);
    const streams = detectRecurring([...before, ...after], { asOf: '2026-11-05' });
    expect(streams).toHaveLength(1);
    expect(streams[0]?.transaction_ids).toEqual(idsOf([...before, ...after]));
    expect(streams[0]).toMatchObject({ last_amount: 36.44, status: 'CANCELLED' });
  });

  it('joins two months at an introductory price and two at the full price into one new plan', () => {
    // A pet wellness plan taken up late in the history: $28 twice, then $55.99. Two monthly
    // bills at a subscription merchant are a stream on their own; both runs are one plan.
    const intro = charges(
      ['2026-07-20', '2026-08-17'],
      'DEBIT CARD PURCHASE - BANFIELD PET HOSPITAL',
      28,
    );
    const full = charges(
      ['2026-09-18', '2026-10-19'],
      'DEBIT CARD PURCHASE - BANFIELD PET HOSPITAL',
      55.99,
    );
    const streams = detectRecurring([...intro, ...full], { asOf: '2026-11-02' });
    expect(streams).toHaveLength(1);
    expect(streams[0]?.transaction_ids).toEqual(idsOf([...intro, ...full]));
    expect(streams[0]).toMatchObject({ cadence: 'MONTHLY', status: 'ACTIVE', last_amount: 55.99 });
  });

  it('joins a plan back on another day, its price raised a month later, as one plan', () => {
    // Four months on the 15th, six months away, back on the 2nd at the old price, then the new
    // price from the next month: the new price's bills follow the comeback a month apart.
    const descriptor = 'PURCHASE AUTHORIZED ON SXM*SIRIUSXM.COM';
    const before = charges(monthly('2025-10-15', 4), descriptor, 20);
    const back = charges(['2026-08-03'], descriptor, 20);
    const raised = charges(['2026-09-03', '2026-10-05'], descriptor, 21.04);
    const streams = detectRecurring([...before, ...back, ...raised], { asOf: '2026-11-02' });
    expect(streams).toHaveLength(1);
    expect(streams[0]?.transaction_ids).toEqual(idsOf([...before, ...back, ...raised]));
    expect(streams[0]).toMatchObject({ status: 'ACTIVE', last_amount: 21.04 });
  });

  it('reads an app store price paid four months running and once before as purchases', () => {
    // One-off apps at the store's common prices line up by chance; only a full run stands.
    const history = charges(
      ['2024-11-16', '2025-03-25', '2025-04-23', '2025-05-27', '2025-06-24'],
      'GOOGLE *Google Play Apps',
      2.99,
    );
    history.push(charge('2025-04-15', 'GOOGLE *Google Play Apps', 19.99));
    history.push(charge('2025-06-02', 'GOOGLE *Google Play Apps', 4.99));
    expect(detectRecurring(history, { asOf: '2025-11-01' })).toEqual([]);
  });

  it("reads a meal kit's dearer weeks among its base weeks before a pause as its weeks", () => {
    // Seven weeks (four at the base price, three with extras), five months away, then weekly.
    const first = everyDays('2025-11-07', 7, 7);
    const dearer = [1, 2, 6];
    const early = charges(
      first,
      'HLLFRSH*HELLOFRESH',
      first.map((_, week) => (dearer.includes(week) ? 76.95 : 52.99)),
    );
    const late = charges(everyDays('2026-05-08', 7, 26), 'HLLFRSH*HELLOFRESH', 52.99);
    const streams = detectRecurring([...early, ...late], { asOf: '2026-11-02' });
    expect(streams.map((stream) => stream.cadence)).toEqual(['WEEKLY']);
    expect(streams[0]?.transaction_ids).toEqual(idsOf([...early, ...late]));
  });
});
