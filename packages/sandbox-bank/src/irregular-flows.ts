/**
 * Money that moves irregularly outside the shops: cash and Venmo between friends, one-off App
 * Store buys that look like a subscription but are not, and the lumpy income of people without a
 * salary. Same machinery as everyday spending (see spending-catalogue).
 */
import type { SpendingSpec } from './streams';

/** Sunday … Saturday: ACH deposits land on business days only. */
const BUSINESS_DAYS_ONLY = [0, 1, 1, 1, 1, 1, 0] as const;

/** Splitting bills with friends and pulling cash: debit-side, and rounded the way people do. */
export function cashAndFriends(perWeek: number): SpendingSpec {
  return {
    kind: 'cash-and-friends',
    category: 'other',
    perDay: perWeek / 7,
    debitShare: 1,
    merchants: [
      {
        weight: 3,
        merchantName: 'Venmo',
        amount: (rng) => rng.int(3, 16) * 5,
        descriptor: ({ digits }) => `VENMO PAYMENT ${digits('venmo', 10)}`,
      },
      {
        weight: 1,
        merchantName: null,
        amount: (rng) => rng.int(2, 10) * 20,
        descriptor: ({ digits }) => `ATM WITHDRAWAL 00${digits('atm', 4)}`,
      },
    ],
  };
}

/** One-off App Store purchases under Apple's subscription descriptor: a look-alike, not a stream. */
export function appStorePurchases(perWeek: number): SpendingSpec {
  return {
    kind: 'app-store',
    category: 'shopping',
    perDay: perWeek / 7,
    debitShare: 0,
    merchants: [
      {
        weight: 1,
        merchantName: 'Apple',
        amount: (rng) => rng.pick([0.99, 1.99, 2.99, 4.99, 6.99, 9.99]),
        descriptor: 'APPLE.COM/BILL 866-712-7753 CA',
      },
    ],
  };
}

/** Client payments for someone self-employed: lumpy, on business days only. */
export function freelanceIncome(perWeek: number, range: [number, number]): SpendingSpec {
  return {
    kind: 'freelance-income',
    category: 'income',
    perDay: perWeek / 7,
    weekdayWeights: BUSINESS_DAYS_ONLY,
    debitShare: 1,
    isIncome: true,
    merchants: [
      {
        weight: 4,
        merchantName: 'Stripe',
        amount: range,
        descriptor: ({ rng }) => `STRIPE TRANSFER ST-${rng.code(12)}`,
      },
      {
        weight: 2,
        merchantName: 'Upwork',
        amount: [range[0] * 0.5, range[1] * 0.6],
        descriptor: 'UPWORK ESCROW INC',
      },
      {
        weight: 2,
        merchantName: 'PayPal',
        amount: [range[0] * 0.3, range[1] * 0.5],
        descriptor: ({ digits }) => `PAYPAL TRANSFER ${digits('paypal', 10)}`,
      },
    ],
  };
}

/** Roommates paying back their share: small Venmo cash-outs into checking. */
export function venmoCashouts(perWeek: number): SpendingSpec {
  return {
    kind: 'venmo-cashout',
    category: 'transfer',
    perDay: perWeek / 7,
    debitShare: 1,
    isIncome: true,
    merchants: [
      {
        weight: 1,
        merchantName: 'Venmo',
        amount: (rng) => rng.int(2, 12) * 5,
        descriptor: ({ digits }) => `VENMO CASHOUT ${digits('venmo-cashout', 10)}`,
      },
    ],
  };
}
