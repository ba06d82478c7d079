import { describe, expect, it } from 'vitest';
import { chargesOfAdded, merchantOf, nextChargeDate, type Charge } from './user-added';

const charge = (id: string, date: string, name: string, amountCents: number): Charge => ({
  id,
  date,
  name,
  merchantName: null,
  amountCents,
  accountId: 'account',
});

describe(nextChargeDate.name, () => {
  it('steps one cadence on, keeping the day of month and clamping it to short months', () => {
    expect(nextChargeDate('2026-10-10', 'MONTHLY')).toBe('2026-11-10');
    expect(nextChargeDate('2026-01-31', 'MONTHLY')).toBe('2026-02-28');
    expect(nextChargeDate('2026-11-30', 'QUARTERLY')).toBe('2027-02-28');
    expect(nextChargeDate('2028-02-29', 'YEARLY')).toBe('2029-02-28');
    expect(nextChargeDate('2026-12-28', 'WEEKLY')).toBe('2027-01-04');
    expect(nextChargeDate('2026-12-28', 'BIWEEKLY')).toBe('2027-01-11');
    expect(nextChargeDate('2026-12-31', 'DAILY')).toBe('2027-01-01');
    expect(nextChargeDate('2026-12-01', 'SEMI_MONTHLY')).toBe('2026-12-16');
  });
});

describe(chargesOfAdded.name, () => {
  const first = charge('t1', '2026-10-10', 'CROSSFIT DOWNTOWN #1234', 3999);
  const row = {
    id: 'added',
    merchantKey: merchantOf(first).key,
    firstChargeDate: '2026-10-10',
    amountCents: 3999,
  };

  it('takes the later charges of its merchant whatever the descriptor noise, and a price that creeps up', () => {
    const held = chargesOfAdded(
      [{ row, transactionIds: new Set(['t1']) }],
      [
        charge('t3', '2026-12-10', 'CROSSFIT DOWNTOWN #9012', 4299),
        first,
        charge('t2', '2026-11-10', 'CROSSFIT DOWNTOWN #5678', 3999),
        charge('t4', '2027-01-10', 'CROSSFIT DOWNTOWN #3456', 4599),
      ],
    );
    expect(held.get('added')!.map((c) => c.id)).toEqual(['t1', 't2', 't3', 't4']);
  });

  it('leaves earlier charges, other merchants, money in and another plan’s price alone', () => {
    const held = chargesOfAdded(
      [{ row, transactionIds: new Set(['t1']) }],
      [
        first,
        charge('before', '2026-09-10', 'CROSSFIT DOWNTOWN #1111', 3999),
        charge('other', '2026-11-10', 'CORNER CAFE', 3999),
        charge('refund', '2026-11-12', 'CROSSFIT DOWNTOWN #2222', -3999),
        charge('annual', '2026-11-15', 'CROSSFIT DOWNTOWN #3333', 29900),
      ],
    );
    expect(held.get('added')!.map((c) => c.id)).toEqual(['t1']);
  });
});
