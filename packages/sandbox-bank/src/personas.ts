/**
 * The people behind the sandbox bank's logins. Each persona is a checking account, a savings
 * account and a credit card, with pay, housing, 8–15 subscriptions and bills, and everyday
 * spending. Every persona tells the same two-year story, counted in months from the story start:
 * a free trial converts, a price goes up a year in, a subscription is cancelled five months before
 * the two years are up, and one bill bounces and is retried.
 */
import * as household from './household-streams';
import * as flows from './irregular-flows';
import * as spend from './spending-catalogue';
import { STORY, type PersonaDefinition } from './story';
import type { SpendingSpec, StreamSpec } from './streams';
import * as sub from './subscription-catalogue';
import { PERSONA_IDS, type PersonaId } from './types';

const cancelled = STORY.cancellationAtMonth;
const trial = { startMonth: STORY.trialStartsAtMonth, trialDays: 30 };

/** `monthlySavings`: the noisier dynamic twin spends more, so it saves less. */
const defaultStreams = (monthlySavings: number): StreamSpec[] => [
  household.payroll({
    employer: 'ACME CORP',
    cadence: 'biweekly',
    net: 2940,
    raise: { month: 13, percent: 3 },
  }),
  household.housing({
    stream: 'rent',
    descriptor: ({ digits }) => `ESSEX PROPERTY TR RENT PPD ID: ${digits('rent-ppd', 10)}`,
    amount: 2650,
  }),
  household.savingsTransfer(monthlySavings, 20),
  household.savingsInterest([9, 16]),
  sub.netflix({ before: 15.49, after: 17.99, changeMonth: STORY.priceChangeAtMonth }),
  sub.appleICloud(2.99),
  sub.appleMusic(10.99),
  sub.hulu(18.99, cancelled),
  sub.mealKit('hellofresh', 79.99),
  sub.peloton({ price: 44, ...trial }),
  sub.planetFitness(24.99),
  sub.verizon(75),
  sub.comcast(79.99, { failsAtMonth: STORY.failedPaymentAtMonth }),
  sub.pge(92),
  sub.amazonPrimeYearly(139),
];

const defaultSpending = (scale: number): SpendingSpec[] => [
  spend.groceries(1.6 * scale),
  spend.coffee(4 * scale),
  spend.dining(3 * scale),
  spend.fuel(0.7 * scale),
  spend.rides(1.2 * scale),
  spend.amazon(1.2 * scale),
  spend.errands(0.6 * scale),
];

const professionalAccounts = {
  checking: {
    name: 'Everyday Checking',
    official_name: 'Everyday Checking Account',
    opening: [5200, 7600],
  },
  savings: {
    name: 'High Yield Savings',
    official_name: 'High Yield Savings Account',
    opening: [9000, 16000],
  },
  credit: {
    name: 'Freedom Rewards Visa',
    official_name: 'Freedom Rewards Visa Signature® Card',
    limit: 12000,
  },
} satisfies Pick<PersonaDefinition, 'checking' | 'savings' | 'credit'>;

const personas: Record<PersonaId, PersonaDefinition> = {
  default: {
    id: 'default',
    description:
      'Single professional in San Francisco: biweekly salary, rent, 11 subscriptions and bills.',
    city: 'SAN FRANCISCO',
    state: 'CA',
    ...professionalAccounts,
    streams: defaultStreams(1400),
    spending: defaultSpending(1),
  },
  family: {
    id: 'family',
    description:
      'Two-income family of four in San Jose: mortgage, Costco runs, a 529 plan, 14 subscriptions and bills.',
    city: 'SAN JOSE',
    state: 'CA',
    checking: {
      name: 'Family Checking',
      official_name: 'Premier Relationship Checking',
      opening: [6500, 9500],
    },
    savings: {
      name: 'Family Savings',
      official_name: 'Premier Relationship Savings',
      opening: [18000, 30000],
    },
    credit: {
      name: 'Cash Rewards Card',
      official_name: 'Customized Cash Rewards Visa Signature®',
      limit: 25000,
    },
    streams: [
      household.payroll({
        employer: 'KAISER PERMANENTE',
        cadence: 'semimonthly',
        net: 3450,
        raise: { month: 14, percent: 4 },
      }),
      household.payroll({
        stream: 'payroll-2',
        employer: 'TARGET CORP',
        cadence: 'biweekly',
        net: 1480,
      }),
      household.housing({
        stream: 'mortgage',
        descriptor: ({ digits }) =>
          `ROCKET MORTGAGE MTG PYMT PPD ID: ${digits('mortgage-ppd', 10)}`,
        amount: 3380,
      }),
      household.savingsTransfer(2000, 16),
      household.collegeSavings(500),
      household.savingsInterest([22, 40]),
      sub.netflix({ before: 22.99, after: 24.99, changeMonth: STORY.priceChangeAtMonth }),
      sub.spotify(16.99),
      sub.disneyPlus(13.99),
      sub.hulu(18.99, cancelled),
      sub.appleICloud(9.99),
      sub.appleMusic(16.99),
      sub.mealKit('hellofresh', 109.99),
      sub.peloton({ price: 44, ...trial }),
      sub.costcoMembership(65),
      sub.amazonPrimeYearly(139),
      sub.verizon(148),
      sub.comcast(109.99, { failsAtMonth: STORY.failedPaymentAtMonth }),
      sub.pge(185),
      sub.geico(212),
      sub.nytimes(25),
    ],
    spending: [
      spend.groceries(2.6, { costco: true }),
      spend.coffee(3),
      spend.dining(3.5),
      spend.fuel(2),
      spend.rides(0.3),
      spend.amazon(3),
      spend.errands(1.5),
    ],
  },
  student: {
    id: 'student',
    description:
      'Undergraduate in Berkeley: campus and summer jobs, help from home, 9 small subscriptions and bills.',
    city: 'BERKELEY',
    state: 'CA',
    checking: {
      name: 'Student Checking',
      official_name: 'College Checking Account',
      opening: [1900, 2900],
    },
    savings: { name: 'Savings', official_name: 'Way2Save Savings', opening: [400, 1200] },
    credit: { name: 'Student Card', official_name: 'Journey Student Rewards Card', limit: 1500 },
    streams: [
      household.hourlyPayroll({
        stream: 'campus-payroll',
        employer: 'UC REGENTS',
        range: [240, 560],
        months: [0, 1, 2, 3, 4, 8, 9, 10, 11],
      }),
      household.hourlyPayroll({
        stream: 'summer-payroll',
        employer: 'BAY AREA SUMMER CAMPS',
        range: [500, 760],
        months: [5, 6, 7],
      }),
      household.parentSupport('MARIA LOPEZ', [750, 950]),
      household.financialAid('UC BERKELEY', 2200),
      household.housing({
        stream: 'rent',
        descriptor: ({ digits }) => `REDWOOD PROP MGMT RENT WEB ID: ${digits('rent-web', 10)}`,
        amount: 895,
      }),
      household.savingsTransfer(150, 5),
      household.savingsInterest([0.05, 0.4]),
      sub.netflix({ before: 6.99, after: 7.99, changeMonth: STORY.priceChangeAtMonth }),
      sub.appleICloud(0.99),
      sub.appleMusic(5.99),
      sub.hulu(1.99, cancelled),
      sub.mealKit('everyplate', 29.94),
      sub.peloton({ price: 12.99, app: true, ...trial }),
      sub.amazonPrimeYearly(69),
      sub.tMobile(35),
      sub.pge(38, { failsAtMonth: STORY.failedPaymentAtMonth }),
    ],
    spending: [
      spend.groceries(1),
      spend.coffee(2),
      spend.dining(1),
      spend.rides(0.6),
      spend.amazon(0.5),
      spend.errands(0.4),
      flows.cashAndFriends(0.5),
      flows.venmoCashouts(0.6),
    ],
  },
  freelancer: {
    id: 'freelancer',
    description:
      'Freelance designer in Oakland: a retainer plus lumpy client payments, rent, 14 subscriptions and bills.',
    city: 'OAKLAND',
    state: 'CA',
    checking: {
      name: 'Business Checking',
      official_name: 'Unlimited Business Checking',
      opening: [12000, 16000],
    },
    savings: {
      name: 'Tax Savings',
      official_name: 'Business Advantage Savings',
      opening: [12000, 20000],
    },
    credit: {
      name: 'Ink Business Card',
      official_name: 'Ink Business Unlimited® Credit Card',
      limit: 15000,
    },
    streams: [
      household.housing({
        stream: 'rent',
        descriptor: ({ digits }) => `AVALON OAKLAND RENT WEB ID: ${digits('rent-web', 10)}`,
        amount: 2150,
      }),
      household.retainer('NORTHWIND TRADERS', [3000, 3800]),
      household.estimatedTax([3200, 4200]),
      household.savingsTransfer(1500, 10),
      household.savingsInterest([14, 28]),
      sub.netflix({ before: 15.49, after: 17.99, changeMonth: STORY.priceChangeAtMonth }),
      sub.appleICloud(2.99),
      sub.appleMusic(10.99),
      sub.hulu(18.99, cancelled),
      sub.mealKit('hellofresh', 79.99),
      sub.peloton({ price: 44, ...trial }),
      sub.adobe(59.99),
      sub.nytimes(25),
      sub.verizon(68),
      sub.pge(110, { failsAtMonth: STORY.failedPaymentAtMonth }),
      sub.costcoMembership(65),
      sub.amazonPrimeMonthly(14.99),
      sub.geico(96, { account: 'checking' }),
    ],
    spending: [
      flows.freelanceIncome(1.5, [300, 1800]),
      spend.groceries(1.5, { costco: true }),
      spend.coffee(5),
      spend.dining(2.5),
      spend.fuel(0.8),
      spend.rides(0.6),
      spend.amazon(1.5),
      spend.errands(0.6),
    ],
  },
  dynamic: {
    id: 'dynamic',
    description:
      'The default professional with more noise: extra purchases, refunds and App Store look-alikes.',
    city: 'SAN FRANCISCO',
    state: 'CA',
    ...professionalAccounts,
    streams: defaultStreams(900),
    spending: [
      ...defaultSpending(1.1).filter((spec) => spec.kind !== 'amazon'),
      spend.amazon(1.4, 0.12),
      flows.appStorePurchases(1.5),
      flows.cashAndFriends(1),
      flows.venmoCashouts(1.2),
    ],
  },
};

export { STORY, type PersonaDefinition };

export function isPersonaId(value: string): value is PersonaId {
  return (PERSONA_IDS as readonly string[]).includes(value);
}

export function findPersona(id: PersonaId): PersonaDefinition {
  const persona = isPersonaId(id) ? personas[id] : undefined;
  if (!persona) throw new RangeError(`Unknown sandbox persona: ${String(id)}`);
  return persona;
}

/** One line for the sandbox Link dialog and logs. */
export function describePersona(id: PersonaId): string {
  return findPersona(id).description;
}
