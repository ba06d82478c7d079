import { describe, expect, it } from 'vitest';
import { formatLongDate, formatPaymentDate, formatShortDate, parseDate } from './dates';

const today = new Date(2026, 11, 1); // Dec 1, 2026

describe('dates', () => {
  it('reads a calendar day as that day wherever the person is', () => {
    const date = parseDate('2026-12-04')!;
    expect([date.getFullYear(), date.getMonth(), date.getDate()]).toEqual([2026, 11, 4]);
  });

  it('says Unknown for a missing date and Invalid date for one it cannot read', () => {
    for (const format of [formatLongDate, formatShortDate, formatPaymentDate]) {
      expect(format(null)).toBe('Unknown');
      expect(format(undefined)).toBe('Unknown');
      expect(format('  ')).toBe('Unknown');
      expect(format('not a date')).toBe('Invalid date');
      expect(format('2026-13-45')).toBe('Invalid date');
    }
  });

  it('writes a standalone date with its year: Dec 4, 2026', () => {
    expect(formatLongDate('2026-12-04')).toBe('Dec 4, 2026');
  });

  it('writes a short date without the year this year and with it in any other', () => {
    expect(formatShortDate('2026-12-04', today)).toBe('Dec 4');
    expect(formatShortDate('2027-01-05', today)).toBe('Jan 5, 2027');
    expect(formatShortDate('2025-12-30', today)).toBe('Dec 30, 2025');
  });

  it('writes a payment date with an ordinal day: March 3rd', () => {
    expect(formatPaymentDate('2026-03-03', today)).toBe('March 3rd');
    expect(formatPaymentDate('2026-11-21', today)).toBe('November 21st');
    expect(formatPaymentDate('2026-06-12', today)).toBe('June 12th');
  });

  it('adds the year to a payment from another year, so twelve months never repeat a date', () => {
    expect(formatPaymentDate('2025-12-03', today)).toBe('December 3rd, 2025');
  });

  it('reads a full timestamp too', () => {
    expect(formatLongDate('2026-12-04T10:00:00')).toBe('Dec 4, 2026');
  });
});
