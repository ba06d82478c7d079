import { describe, expect, it } from 'vitest';
import { productAtPrice } from './products';

describe(productAtPrice.name, () => {
  it('names the product a price is for at a merchant that bills several under one descriptor', () => {
    expect(productAtPrice('apple.com', 299)).toBe('iCloud+');
    expect(productAtPrice('https://www.apple.com/apple-music/', 1099)).toBe('Apple Music');
    expect(productAtPrice('apple.com', 1299)).toBe('Apple TV+');
  });

  it('names nothing for an unknown price, merchant or website', () => {
    expect(productAtPrice('apple.com', 449)).toBeUndefined();
    expect(productAtPrice('netflix.com', 1799)).toBeUndefined();
    expect(productAtPrice(null, 299)).toBeUndefined();
  });
});
