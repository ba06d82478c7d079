/**
 * Subscriptions and bills as they appear on real US statements: the descriptor a bank prints,
 * the clean name Plaid would enrich it to, the account it is billed to and how its amount moves.
 * Prices are parameters so personas can pick plans; everything else is the merchant's habit.
 */
import { merchants, roundToCents } from '@billow/contracts';
import { monthOfYear } from './dates';
import type { StreamSpec } from './streams';
import type { AccountKey } from './types';

/** Our merchant catalogue's name when it knows the merchant, so logos and links line up. */
function catalogueName(slug: string, fallback: string): string {
  return merchants.find((merchant) => merchant.slug === slug)?.name ?? fallback;
}

type Card = { account?: AccountKey };

function monthlyCard(
  stream: string,
  descriptor: StreamSpec['descriptor'],
  merchantName: string,
  price: number,
): StreamSpec {
  return {
    stream,
    account: 'credit',
    category: 'subscription',
    cadence: { kind: 'monthly' },
    posting: 'card',
    descriptor,
    merchantName,
    amount: () => price,
  };
}

/** Netflix raised this plan's price `changeMonth` months into the story. */
export function netflix(plan: { before: number; after: number; changeMonth: number }): StreamSpec {
  return {
    ...monthlyCard(
      'netflix',
      'NETFLIX.COM 866-579-7172 CA',
      catalogueName('netflix', 'Netflix'),
      0,
    ),
    amount: ({ storyMonth }) => (storyMonth < plan.changeMonth ? plan.before : plan.after),
  };
}

export function spotify(price: number): StreamSpec {
  return monthlyCard('spotify', 'SPOTIFY USA 877-7781161 NY', 'Spotify', price);
}

/** Apple bills every service under one descriptor; only the amount and day tell them apart. */
export function appleICloud(price: number): StreamSpec {
  return monthlyCard('apple-icloud', 'APPLE.COM/BILL 866-712-7753 CA', 'Apple', price);
}

export function appleMusic(price: number): StreamSpec {
  return monthlyCard('apple-music', 'APPLE.COM/BILL 866-712-7753 CA', 'Apple', price);
}

/** Cancelled `endsAtMonth` months into the story. */
export function hulu(price: number, endsAtMonth: number): StreamSpec {
  return {
    ...monthlyCard('hulu', 'HULU 877-8244858 CA', catalogueName('hulu', 'Hulu'), price),
    endsAtMonth,
  };
}

export function disneyPlus(price: number): StreamSpec {
  return monthlyCard(
    'disney-plus',
    'DISNEY PLUS 888-905-7888 CA',
    catalogueName('disney-plus', 'Disney+'),
    price,
  );
}

/** A free trial that converts: nothing for `trialDays`, then the full price. */
export function peloton(plan: {
  price: number;
  startMonth: number;
  trialDays: number;
  app?: boolean;
}): StreamSpec {
  return {
    ...monthlyCard(
      'peloton',
      plan.app ? 'PELOTON* APP MEMBERSHIP' : 'PELOTON* MEMBERSHIP',
      catalogueName('peloton', 'Peloton'),
      plan.price,
    ),
    starts: { month: plan.startMonth, trialDays: plan.trialDays },
  };
}

/** Weekly meal-kit boxes; about one week in twenty is skipped, as people do. */
export function mealKit(kit: 'hellofresh' | 'everyplate', price: number): StreamSpec {
  const isHelloFresh = kit === 'hellofresh';
  return {
    stream: kit,
    account: 'credit',
    category: 'subscription',
    cadence: { kind: 'weekly', every: 1 },
    posting: 'card',
    descriptor: isHelloFresh ? 'HELLOFRESH 646-846-3663' : 'EVERYPLATE NEW YORK NY',
    merchantName: isHelloFresh ? catalogueName('hellofresh', 'HelloFresh') : 'EveryPlate',
    amount: ({ rng }) => (rng.chance(0.05) ? null : price),
  };
}

export function planetFitness(price: number): StreamSpec {
  return monthlyCard(
    'planet-fitness',
    'SQ *PLANET FITNESS',
    catalogueName('planet-fitness', 'Planet Fitness'),
    price,
  );
}

/** The New York Times bills every four weeks, not monthly. */
export function nytimes(price: number): StreamSpec {
  return {
    ...monthlyCard(
      'nytimes',
      'NYTIMES*NYTDIGITAL',
      catalogueName('new-york-times', 'The New York Times'),
      price,
    ),
    cadence: { kind: 'weekly', every: 4 },
  };
}

export function adobe(price: number): StreamSpec {
  return monthlyCard('adobe', 'ADOBE *CREATIVE CLD', 'Adobe', price);
}

/** Monthly Prime: Amazon prints a fresh order code on every charge. */
export function amazonPrimeMonthly(price: number): StreamSpec {
  return {
    ...monthlyCard(
      'amazon-prime',
      ({ rng }) => `AMAZON PRIME*${rng.code(9)}`,
      'Amazon Prime',
      price,
    ),
  };
}

export function amazonPrimeYearly(price: number): StreamSpec {
  return {
    ...monthlyCard('amazon-prime', 'AMAZON PRIME MEMBERSHIP', 'Amazon Prime', price),
    cadence: { kind: 'yearly' },
  };
}

export function costcoMembership(price: number): StreamSpec {
  return {
    ...monthlyCard('costco', 'COSTCO *ANNUAL RENEWAL', 'Costco', price),
    cadence: { kind: 'yearly' },
  };
}

/** Wireless bills move by a few dollars of taxes and fees every month. */
export function verizon(plan: number): StreamSpec {
  return {
    stream: 'verizon',
    account: 'credit',
    category: 'bill',
    cadence: { kind: 'monthly' },
    posting: 'card',
    descriptor: 'VZWRLSS*APOCC VISB',
    merchantName: catalogueName('verizon', 'Verizon'),
    amount: ({ rng }) => roundToCents(plan + rng.between(3.5, 8.5)),
  };
}

/** A prepaid-style plan: the same amount every month, taxes included. */
export function tMobile(price: number): StreamSpec {
  return {
    ...verizon(0),
    stream: 't-mobile',
    descriptor: 'TMOBILE*AUTO PAY',
    merchantName: catalogueName('t-mobile', 'T-Mobile'),
    amount: () => price,
  };
}

export function comcast(price: number, options: Card & { failsAtMonth?: number } = {}): StreamSpec {
  return {
    stream: 'comcast',
    account: options.account ?? 'checking',
    category: 'bill',
    cadence: { kind: 'monthly' },
    posting: 'ach',
    descriptor: 'COMCAST CABLE COMM 800-COMCAST',
    merchantName: catalogueName('xfinity', 'Xfinity'),
    amount: () => price,
    ...(options.failsAtMonth === undefined ? {} : { failsAtMonth: options.failsAtMonth }),
  };
}

/**
 * A utility with seasonal swings of ±40% (heating peaks in January, the low in July) plus a
 * little noise: the hardest kind of bill to recognise by amount alone.
 */
export function pge(average: number, options: { failsAtMonth?: number } = {}): StreamSpec {
  return {
    stream: 'pge',
    account: 'checking',
    category: 'bill',
    cadence: { kind: 'monthly' },
    posting: 'ach',
    descriptor: 'PG&E WEB ONLINE',
    merchantName: 'PG&E',
    amount: ({ rng, day }) => {
      const month = monthOfYear(day);
      const season = Math.cos((2 * Math.PI * month) / 12);
      return roundToCents(average * (1 + 0.4 * season) * rng.between(0.95, 1.05));
    },
    ...(options.failsAtMonth === undefined ? {} : { failsAtMonth: options.failsAtMonth }),
  };
}

/** Monthly car insurance: card-billed, or drafted from checking when `account` says so. */
export function geico(premium: number, options: Card = {}): StreamSpec {
  return {
    stream: 'geico',
    account: options.account ?? 'credit',
    category: 'bill',
    cadence: { kind: 'monthly' },
    posting: options.account === 'checking' ? 'ach' : 'card',
    descriptor: 'GEICO *AUTO 800-841-3000 DC',
    merchantName: 'GEICO',
    amount: () => premium,
  };
}
