/**
 * The recurring money that is not a subscription: pay, housing, moving money between one's own
 * accounts, savings interest. Detection should find these too, so they carry labels, but their
 * category_hint keeps them apart from the subscriptions and bills a persona is counted by.
 */
import { roundToCents } from '@billow/contracts';
import type { Descriptor, StreamSpec } from './streams';
import type { Cadence } from './schedule';
import { monthOfYear } from './dates';

/** Net pay by direct deposit; an optional raise lands `raise.month` months into the story. */
export function payroll(job: {
  stream?: string;
  employer: string;
  cadence: 'biweekly' | 'semimonthly';
  net: number;
  raise?: { month: number; percent: number };
}): StreamSpec {
  const stream = job.stream ?? 'payroll';
  const cadence: Cadence =
    job.cadence === 'biweekly' ? { kind: 'weekly', every: 2, weekday: 4 } : { kind: 'semimonthly' };
  return {
    stream,
    account: 'checking',
    category: 'income',
    cadence,
    posting: 'payroll',
    descriptor: ({ digits }) => `${job.employer} PAYROLL PPD ID: ${digits(`${stream}-ppd`, 10)}`,
    merchantName: null,
    // Net pay wobbles by a few dollars (overtime, benefit deductions), never by much.
    amount: ({ rng, storyMonth }) => {
      const raised = job.raise && storyMonth >= job.raise.month ? 1 + job.raise.percent / 100 : 1;
      return -roundToCents(job.net * raised * rng.between(0.992, 1.008));
    },
  };
}

/**
 * Hourly work: paid every other Friday, hours (and so pay) vary, and only in the months given
 * (0 = January) — a campus job in term time, a summer job in the break.
 */
export function hourlyPayroll(job: {
  stream: string;
  employer: string;
  range: [number, number];
  months: readonly number[];
}): StreamSpec {
  return {
    ...payroll({ stream: job.stream, employer: job.employer, cadence: 'biweekly', net: 0 }),
    amount: ({ rng, day }) =>
      job.months.includes(monthOfYear(day))
        ? -roundToCents(rng.between(job.range[0], job.range[1]))
        : null,
  };
}

/** Rent or mortgage: an ACH debit due on the 1st (a weekend 1st posts on Monday). */
export function housing(payment: {
  stream: 'rent' | 'mortgage';
  descriptor: Descriptor;
  amount: number;
}): StreamSpec {
  return {
    stream: payment.stream,
    account: 'checking',
    category: 'rent',
    cadence: { kind: 'monthly', day: 1 },
    posting: 'ach',
    descriptor: payment.descriptor,
    merchantName: null,
    amount: () => payment.amount,
  };
}

/** A standing monthly transfer from checking to savings. */
export function savingsTransfer(amount: number, day: number): StreamSpec {
  return {
    stream: 'savings-transfer',
    account: 'checking',
    category: 'transfer',
    cadence: { kind: 'monthly', day },
    posting: 'ach',
    descriptor: ({ masks }) => `ONLINE TRANSFER TO SAV XXXXXX${masks.savings}`,
    merchantName: null,
    amount: () => amount,
    counterpart: {
      account: 'savings',
      descriptor: ({ masks }) => `ONLINE TRANSFER FROM CHK XXXXXX${masks.checking}`,
    },
  };
}

/** Month-end interest on savings: small, positive for the saver, so negative in Plaid's sign. */
export function savingsInterest(range: [number, number]): StreamSpec {
  return {
    stream: 'savings-interest',
    account: 'savings',
    category: 'income',
    cadence: { kind: 'monthly', day: 31 },
    posting: 'ach',
    descriptor: 'INTEREST PAYMENT',
    merchantName: null,
    amount: ({ rng }) => -roundToCents(rng.between(range[0], range[1])),
  };
}

/** A parent's monthly Zelle: roughly the same amount, early in the month. */
export function parentSupport(from: string, range: [number, number]): StreamSpec {
  return {
    stream: 'parent-support',
    account: 'checking',
    category: 'income',
    cadence: { kind: 'monthly' },
    posting: 'ach',
    descriptor: ({ rng }) => `ZELLE FROM ${from} REF # ${rng.code(10)}`,
    merchantName: null,
    amount: ({ rng }) => -Math.round(rng.between(range[0], range[1]) / 25) * 25,
  };
}

/** Financial-aid refunds twice a year, at the start of each semester (January and August). */
export function financialAid(school: string, amount: number): StreamSpec {
  return {
    stream: 'financial-aid',
    account: 'checking',
    category: 'income',
    cadence: { kind: 'monthly', day: 20 },
    posting: 'ach',
    descriptor: `${school} FIN AID REFUND`,
    merchantName: null,
    amount: ({ day }) => {
      const month = monthOfYear(day);
      return month === 0 || month === 7 ? -amount : null;
    },
  };
}

/** A client on retainer: paid monthly by ACH, the amount moving with the hours billed. */
export function retainer(client: string, range: [number, number]): StreamSpec {
  return {
    stream: 'retainer',
    account: 'checking',
    category: 'income',
    cadence: { kind: 'monthly' },
    posting: 'ach',
    descriptor: `${client} ACH PMT`,
    merchantName: null,
    amount: ({ rng }) => -roundToCents(rng.between(range[0], range[1])),
  };
}

/** Quarterly estimated tax, due on the 15th of January, April, June and September. */
export function estimatedTax(range: [number, number]): StreamSpec {
  return {
    stream: 'estimated-tax',
    account: 'checking',
    category: 'bill',
    cadence: { kind: 'monthly', day: 15 },
    posting: 'ach',
    descriptor: 'IRS USATAXPYMT',
    merchantName: 'IRS',
    amount: ({ rng, day }) =>
      [0, 3, 5, 8].includes(monthOfYear(day)) ? Math.round(rng.between(range[0], range[1])) : null,
  };
}

/** A standing monthly contribution to a child's 529 college-savings plan. */
export function collegeSavings(amount: number): StreamSpec {
  return {
    stream: 'college-savings',
    account: 'checking',
    category: 'transfer',
    cadence: { kind: 'monthly', day: 20 },
    posting: 'ach',
    descriptor: 'SCHOLARSHARE 529 CONTRIB',
    merchantName: 'ScholarShare 529',
    amount: () => amount,
  };
}
