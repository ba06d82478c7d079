import { describe, expect, it } from 'vitest';
import { cancellationOf, GENERIC_CANCELLATION } from './merchant-cancellations';
import { merchants } from './merchants';

describe('the catalogue’s cancellation facts', () => {
  it('gives every catalogue merchant its own way out, with at least one channel', () => {
    for (const merchant of merchants) {
      expect(cancellationOf(merchant), merchant.name).not.toBe(GENERIC_CANCELLATION);
      expect(cancellationOf(merchant).channels.length, merchant.name).toBeGreaterThan(0);
    }
  });

  it('names a page for online cancellation and a line for phone cancellation', () => {
    for (const merchant of merchants) {
      const { name } = merchant;
      const cancellation = cancellationOf(merchant);
      if (cancellation.channels.includes('online'))
        expect(cancellation.pageUrl, name).toMatch(/^https:\/\//);
      if (cancellation.channels.includes('phone'))
        expect(cancellation.phone, name).toMatch(/^\+1\d{10}$/);
    }
  });

  it('answers the generic guide for a merchant Billow does not know', () => {
    expect(cancellationOf(undefined)).toBe(GENERIC_CANCELLATION);
    expect(GENERIC_CANCELLATION.notes.length).toBeGreaterThan(0);
  });
});
