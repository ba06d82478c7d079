import { describe, expect, it } from 'vitest';
import { yearlySavings } from './negotiations.service';

describe('estimated savings of an offer', () => {
  it('counts the payments of a year by cadence (docs/subscriptions.md, "Statuses and cadences")', () => {
    expect(yearlySavings(75, 65, 'MONTHLY')).toBe(120);
    expect(yearlySavings(20, 18, 'WEEKLY')).toBe(104);
    expect(yearlySavings(40, 30, 'BIWEEKLY')).toBe(260);
    expect(yearlySavings(300, 270, 'QUARTERLY')).toBe(120);
    expect(yearlySavings(500, 450, 'YEARLY')).toBe(50);
  });
});
