/**
 * Merchants that bill several products under one bank descriptor (Apple charges iCloud+, Apple
 * Music and Apple TV+ all as "APPLE.COM/BILL"), where the price is all that tells them apart.
 * Each US monthly price maps to the product most people pay it for; a price two products share
 * (Apple TV+ and Apple Fitness+ once both cost $9.99) names the more common one. Keyed by the
 * merchant's website, as the catalogue gives it.
 */

// prettier-ignore
const PRODUCTS_BY_PRICE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'apple.com': {
    // iCloud+ storage: 50 GB, 200 GB, 2 TB, 6 TB, 12 TB.
    '0.99': 'iCloud+', '2.99': 'iCloud+', '9.99': 'iCloud+', '29.99': 'iCloud+', '59.99': 'iCloud+',
    // Apple Music: student, individual, family.
    '5.99': 'Apple Music', '10.99': 'Apple Music', '16.99': 'Apple Music',
    '12.99': 'Apple TV+',
    '6.99': 'Apple Arcade',
    // Apple One: individual, family, premier.
    '19.95': 'Apple One', '25.95': 'Apple One', '37.95': 'Apple One',
  },
};

/** The product a charge of `amountCents` at the merchant's website is for, when it is known. */
export function productAtPrice(
  website: string | null | undefined,
  amountCents: number,
): string | undefined {
  if (!website) return undefined;
  const domain = website
    .replace(/^[a-z]+:\/\//i, '')
    .replace(/^www\./i, '')
    .split(/[/?#]/)[0]!
    .toLowerCase();
  return PRODUCTS_BY_PRICE[domain]?.[(amountCents / 100).toFixed(2)];
}
