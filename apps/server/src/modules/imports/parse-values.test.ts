import { describe, expect, it } from 'vitest';
import { guessDateFormat, parseAmountCents, parseDate } from './parse-values';

describe(parseAmountCents.name, () => {
  it.each([
    ['12.00', 1200],
    ['-12.5', -1250],
    ['+3', 300],
    ['$1,234.56', 123456],
    ['-$15.49', -1549],
    ['$-15.49', -1549],
    ['(15.49)', -1549],
    ['15.49-', -1549],
    ['15.49 USD', 1549],
    ['.99', 99],
    ['  7.10 ', 710],
  ])('reads %s as %i cents', (cell, cents) => expect(parseAmountCents(cell)).toBe(cents));

  it.each([
    ['12,99', 1299],
    ['1.234,56', 123456],
    ['-9,99 €', -999],
    ['€ 1.000,00', 100000],
    ['12,5', 1250],
    ['1,234', 123400],
    ['1.234.567,00', 123456700],
  ])('reads the decimal comma of %s as %i cents, and keeps 1,234 a thousand', (cell, cents) =>
    expect(parseAmountCents(cell)).toBe(cents),
  );

  it('reads a blank cell as no amount', () => expect(parseAmountCents('  ')).toBeNull());

  it.each(['abc', '12.345', '1,234,5', '1.234.56', '1,234,56', '12..0', '--5', '1 000', '1,2,3'])(
    'refuses %s',
    (cell) => expect(parseAmountCents(cell)).toBeUndefined(),
  );
});

describe(parseDate.name, () => {
  it('reads the three orders and two-digit years', () => {
    expect(parseDate('01/31/2024', 'MDY')).toBe('2024-01-31');
    expect(parseDate('1/5/24', 'MDY')).toBe('2024-01-05');
    expect(parseDate('2024-01-31', 'YMD')).toBe('2024-01-31');
    expect(parseDate('20240131', 'YMD')).toBe('2024-01-31');
    expect(parseDate('2024-01-31T08:00:00Z', 'YMD')).toBe('2024-01-31');
    expect(parseDate('31.01.2024', 'DMY')).toBe('2024-01-31');
    expect(parseDate('31/01/2024', 'DMY')).toBe('2024-01-31');
  });

  it('refuses dates that do not exist or are in another order', () => {
    expect(parseDate('02/30/2024', 'MDY')).toBeUndefined();
    expect(parseDate('31/01/2024', 'MDY')).toBeUndefined();
    expect(parseDate('2024-01-31', 'MDY')).toBeUndefined();
    expect(parseDate('not a date', 'YMD')).toBeUndefined();
    expect(parseDate('13/13/2024', 'DMY')).toBeUndefined();
  });
});

describe(guessDateFormat.name, () => {
  it('knows year first, and day first when a day is above 12', () => {
    expect(guessDateFormat(['2024-01-02', '2024-12-31'])).toEqual({
      format: 'YMD',
      isAmbiguous: false,
    });
    expect(guessDateFormat(['02/01/2024', '31/01/2024'])).toEqual({
      format: 'DMY',
      isAmbiguous: false,
    });
    expect(guessDateFormat(['01/31/2024', '02/01/2024'])).toEqual({
      format: 'MDY',
      isAmbiguous: false,
    });
  });

  it('takes month first when either order reads every date, and says so', () =>
    expect(guessDateFormat(['01/02/2024', '03/04/2024'])).toEqual({
      format: 'MDY',
      isAmbiguous: true,
    }));

  it('finds none for text', () => expect(guessDateFormat(['Date', 'hello'])).toBeNull());
});
