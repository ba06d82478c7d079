import { describe, expect, it } from 'vitest';
import { detectRecurring } from './detect';
import { normalizeMerchant } from './normalize';
import { charge, idsOf, monthly } from '../test/series';

/**
 * A utility the catalogue does not know, paid from the bank's bill pay: the amount changes
 * every month, the payee's name is abbreviated ("P&L" for power and light) and the bank words
 * the channel more than one way. It is a bill, not a metro fare, and one stream.
 */
describe(`${detectRecurring.name} — a utility paid by bill pay`, () => {
  const amounts = [113.63, 86.91, 96.21, 109.13, 99.7, 105.23, 106.16, 94.78, 112.44, 111.09];

  it('finds a metro power-and-light bill whose amount changes every month', () => {
    const history = monthly('2025-03-16', amounts.length).map((date, index) =>
      charge(
        date,
        `LAKESIDE METRO P&L ONLINE PMT BILL PAY PPD ID: 10${index}4417`,
        amounts[index] ?? 0,
      ),
    );
    const streams = detectRecurring(history, { asOf: '2026-01-20' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'MONTHLY', transaction_ids: idsOf(history) });
  });

  it('keeps one stream when the bank words the payment two ways', () => {
    const history = monthly('2025-03-16', amounts.length).map((date, index) =>
      charge(
        date,
        index % 2 === 0
          ? `LAKESIDE METRO L&P ONLINE PMT BILL PAY PPD ID: 20${index}5512`
          : 'LAKESIDE METRO L&P ONLINE PMT WEB PMT',
        amounts[index] ?? 0,
      ),
    );
    const streams = detectRecurring(history, { asOf: '2026-01-20' });
    expect(streams).toHaveLength(1);
    expect(streams[0]).toMatchObject({ cadence: 'MONTHLY', transaction_ids: idsOf(history) });
  });

  it('names the payee the same under either wording, however many channel words end it', () => {
    const { key } = normalizeMerchant('LAKESIDE METRO L&P ONLINE PMT BILL PAY PPD ID: 2005512');
    expect(normalizeMerchant('LAKESIDE METRO L&P ONLINE PMT WEB PMT').key).toBe(key);
    expect(key).toBe('raw:LAKESIDE METRO L&P');
  });
});
