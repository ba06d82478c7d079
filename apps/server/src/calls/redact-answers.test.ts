import { describe, expect, it } from 'vitest';
import { REDACTED, redactDeep, redactorFor } from './redact-answers';

describe(redactorFor.name, () => {
  const redact = redactorFor({
    social_security_number: '123-45-6789',
    account_pin: '0425',
    date_of_birth: '1984-03-07',
    passport_number: 'X1234567',
    name_on_account: 'Ana Diaz',
    gender: 'female',
  });

  it.each([
    'SSN 123-45-6789.',
    'SSN 123456789.',
    'SSN 123 45 6789.',
    'SSN 1 2 3 4 5 6 7 8 9.',
    'SSN 1.2.3-4.5 6789.',
    'SSN one two three, four five, six seven eight nine.',
    'SSN ending in 6789.',
    'PIN 0425.',
    'PIN oh four two five.',
    'PIN zero 4 2 5.',
    'born 1984-03-07.',
    'born 03/07/1984.',
    'born 3/7/84.',
    'born March 7th, 1984.',
    'born 7 March 1984.',
    'born 7th of Mar 1984.',
    'passport x 123 4567.',
  ])('takes the value out of %j', (text) => {
    const redacted = redact(text);
    expect(redacted).toContain(REDACTED);
    expect(redacted.replace(/[^0-9]/g, '')).not.toMatch(/6789|0425|1984|1234567/);
  });

  it('leaves other numbers, words and the answers that are said openly alone', () => {
    const text = 'Ana Diaz, female, pays $75.00 a month; call 415-555-0100 in 12345 6790.';
    expect(redact(text)).toBe(text);
  });

  it('reaches every string of a structured value', () => {
    expect(redactDeep({ a: ['PIN 0425'], b: 3, c: null }, redact)).toEqual({
      a: [`PIN ${REDACTED}`],
      b: 3,
      c: null,
    });
  });
});
