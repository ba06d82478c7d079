import { describe, expect, it } from 'vitest';
import { daysUntilDue, dueDateOf, dueLabel, isDueSoon, isDueThisMonth } from './due-dates';

const today = new Date(2026, 11, 1, 9, 30); // Dec 1, 2026, mid-morning
const due = (days_until_due: number | null, renewal_date: string | null = null) => ({
  days_until_due,
  renewal_date,
});

describe(dueLabel.name, () => {
  it('says due today at 0 days', () => {
    expect(dueLabel(due(0, '2026-12-01'), today)).toBe('due today');
  });

  it('says due in 1 day, in the singular', () => {
    expect(dueLabel(due(1, '2026-12-02'), today)).toBe('due in 1 day');
  });

  it('counts the days up to 29', () => {
    expect(dueLabel(due(3, '2026-12-04'), today)).toBe('due in 3 days');
    expect(dueLabel(due(12, '2026-12-13'), today)).toBe('due in 12 days');
    expect(dueLabel(due(29, '2026-12-30'), today)).toBe('due in 29 days');
  });

  it('gives a short date from 30 days on', () => {
    expect(dueLabel(due(30, '2026-12-31'), today)).toBe('Dec 31');
  });

  it('adds the year when the date falls in a later year', () => {
    expect(dueLabel(due(35, '2027-01-05'), today)).toBe('Jan 5, 2027');
  });

  it('works out the days from the renewal date when the count is missing', () => {
    expect(dueLabel(due(null, '2026-12-04'), today)).toBe('due in 3 days');
    expect(daysUntilDue(due(null, '2026-12-01'), today)).toBe(0);
  });

  it('says Unknown with neither a count nor a date, and Invalid date for a bad date', () => {
    expect(dueLabel(due(null, null), today)).toBe('Unknown');
    expect(dueLabel(due(null, 'soon'), today)).toBe('Invalid date');
  });

  it('dates a far bill from its count when the renewal date is missing', () => {
    expect(dueLabel(due(45, null), today)).toBe('Jan 15, 2027');
    expect(dueDateOf(due(2, null), today)).toEqual(new Date(2026, 11, 3));
  });
});

describe(isDueSoon.name, () => {
  it('highlights a bill due in 3 days or fewer, and no later one', () => {
    expect(isDueSoon(due(0), today)).toBe(true);
    expect(isDueSoon(due(3), today)).toBe(true);
    expect(isDueSoon(due(4), today)).toBe(false);
    expect(isDueSoon(due(null), today)).toBe(false);
  });
});

describe(isDueThisMonth.name, () => {
  it('counts a bill due on the last day of the month and not one the day after', () => {
    expect(isDueThisMonth(due(30, '2026-12-31'), today)).toBe(true);
    expect(isDueThisMonth(due(31, '2027-01-01'), today)).toBe(false);
  });
});
