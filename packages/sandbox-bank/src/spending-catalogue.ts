/**
 * Everyday, irregular money: groceries, coffee, eating out, fuel, rides, Amazon, the odd
 * pharmacy run — and, for people without a salary, irregular income. Descriptors follow what US
 * card statements print; store numbers stay fixed per person, because people shop where they live.
 */
import type { SpendMerchant, SpendingSpec } from './streams';

/** Sunday … Saturday. */
const WEEKEND_HEAVY = [1.5, 0.7, 0.7, 0.8, 0.9, 1.0, 1.5] as const;
const WORKDAYS = [0.4, 1.2, 1.2, 1.2, 1.2, 1.1, 0.6] as const;
const NIGHTS_OUT = [1.0, 0.6, 0.7, 0.8, 1.0, 1.6, 1.5] as const;

const RESTAURANTS = [
  'CHIPOTLE',
  'SWEETGREEN',
  'PANDA EXPRESS',
  'SHAKE SHACK',
  'THAI BASIL',
  'MENDOCINO FARMS',
];
const SIT_DOWN = [
  'NOPALITO',
  'THE MILL',
  'LUCCA DELI',
  'BURMA LOVE',
  'ZAZIE',
  'TARTINE MANUFACTORY',
];

export function groceries(perWeek: number, options: { costco?: boolean } = {}): SpendingSpec {
  const merchants: SpendMerchant[] = [
    {
      weight: 4,
      merchantName: "Trader Joe's",
      amount: [14, 130],
      descriptor: ({ digits, city, state }) =>
        `TRADER JOE S #${digits('trader-joes', 3)} ${city} ${state}`,
    },
    {
      weight: 3,
      merchantName: 'Safeway',
      amount: [9, 160],
      descriptor: ({ digits }) => `SAFEWAY #${digits('safeway', 4)}`,
    },
    {
      weight: 2,
      merchantName: 'Whole Foods Market',
      amount: [12, 150],
      descriptor: ({ digits }) => `WHOLEFDS MKT #${digits('whole-foods', 5)}`,
    },
    {
      weight: 1,
      merchantName: 'Target',
      amount: [15, 110],
      descriptor: ({ digits }) => `TARGET 000${digits('target', 5)}`,
    },
  ];
  if (options.costco)
    merchants.push({
      weight: 2,
      merchantName: 'Costco',
      amount: [90, 380],
      descriptor: ({ digits }) => `COSTCO WHSE #${digits('costco', 4)}`,
    });
  return {
    kind: 'groceries',
    category: 'groceries',
    perDay: perWeek / 7,
    weekdayWeights: WEEKEND_HEAVY,
    debitShare: 0.25,
    merchants,
  };
}

export function coffee(perWeek: number): SpendingSpec {
  return {
    kind: 'coffee',
    category: 'dining',
    perDay: perWeek / 7,
    weekdayWeights: WORKDAYS,
    debitShare: 0.15,
    merchants: [
      {
        weight: 5,
        merchantName: 'Starbucks',
        amount: [3.95, 9.85],
        descriptor: ({ digits }) => `STARBUCKS STORE ${digits('starbucks', 5)}`,
      },
      {
        weight: 3,
        merchantName: 'Blue Bottle Coffee',
        amount: [4.5, 14],
        descriptor: 'TST* BLUE BOTTLE COFFEE',
      },
      {
        weight: 2,
        merchantName: 'Sightglass Coffee',
        amount: [4, 12.5],
        descriptor: 'SQ *SIGHTGLASS COFFEE',
      },
      {
        weight: 2,
        merchantName: "Peet's Coffee",
        amount: [3.5, 11],
        descriptor: ({ digits }) => `PEETS COFFEE #${digits('peets', 5)}`,
      },
    ],
  };
}

export function dining(perWeek: number): SpendingSpec {
  return {
    kind: 'dining',
    category: 'dining',
    perDay: perWeek / 7,
    weekdayWeights: NIGHTS_OUT,
    debitShare: 0.1,
    merchants: [
      {
        weight: 4,
        merchantName: 'DoorDash',
        amount: [16, 68],
        descriptor: ({ rng }) => `DOORDASH*${rng.pick(RESTAURANTS)}`,
      },
      {
        weight: 2,
        merchantName: 'Uber Eats',
        amount: [15, 60],
        descriptor: 'UBER   *EATS HELP.UBER.COM',
      },
      {
        weight: 3,
        merchantName: 'Chipotle',
        amount: [9.5, 26],
        descriptor: ({ digits }) => `CHIPOTLE ${digits('chipotle', 4)}`,
      },
      {
        weight: 3,
        merchantName: null,
        amount: [32, 165],
        descriptor: ({ rng }) => `TST* ${rng.pick(SIT_DOWN)}`,
      },
    ],
  };
}

export function fuel(perWeek: number): SpendingSpec {
  return {
    kind: 'fuel',
    category: 'fuel',
    perDay: perWeek / 7,
    debitShare: 0.2,
    merchants: [
      {
        weight: 3,
        merchantName: 'Shell',
        amount: [28, 78],
        descriptor: ({ digits }) => `SHELL OIL ${digits('shell', 5)}`,
      },
      {
        weight: 2,
        merchantName: 'Chevron',
        amount: [30, 82],
        descriptor: ({ digits }) => `CHEVRON 0${digits('chevron', 6)}`,
      },
    ],
  };
}

export function rides(perWeek: number): SpendingSpec {
  return {
    kind: 'rides',
    category: 'other',
    perDay: perWeek / 7,
    weekdayWeights: NIGHTS_OUT,
    debitShare: 0,
    merchants: [
      {
        weight: 3,
        merchantName: 'Uber',
        amount: [8.5, 46],
        descriptor: 'UBER *TRIP HELP.UBER.COM',
      },
      { weight: 1, merchantName: 'Lyft', amount: [8, 40], descriptor: 'LYFT   *RIDE' },
    ],
  };
}

/** Amazon prints a fresh order code on every charge; a few orders come back as refunds. */
export function amazon(perWeek: number, refundChance = 0.04): SpendingSpec {
  return {
    kind: 'amazon',
    category: 'shopping',
    perDay: perWeek / 7,
    debitShare: 0,
    refundChance,
    merchants: [
      {
        weight: 4,
        merchantName: 'Amazon',
        amount: [6, 140],
        descriptor: ({ rng }) => `AMZN Mktp US*${rng.code(9)}`,
      },
      {
        weight: 2,
        merchantName: 'Amazon',
        amount: [8, 90],
        descriptor: ({ rng }) => `Amazon.com*${rng.code(9)}`,
      },
    ],
  };
}

export function errands(perWeek: number): SpendingSpec {
  return {
    kind: 'errands',
    category: 'other',
    perDay: perWeek / 7,
    debitShare: 0.3,
    merchants: [
      {
        weight: 3,
        merchantName: 'CVS Pharmacy',
        amount: [5, 48],
        descriptor: ({ digits }) => `CVS/PHARMACY #${digits('cvs', 5)}`,
      },
      {
        weight: 2,
        merchantName: 'Walgreens',
        amount: [4, 40],
        descriptor: ({ digits }) => `WALGREENS #${digits('walgreens', 5)}`,
      },
      {
        weight: 1,
        merchantName: 'Target',
        amount: [12, 90],
        descriptor: ({ rng }) => `TARGET.COM *${rng.code(8, '0123456789')}`,
      },
    ],
  };
}
