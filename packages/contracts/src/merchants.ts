/**
 * Billow's merchant knowledge for the product: who a merchant is (name, website, category),
 * whether Billow negotiates with them and what an annual plan costs. The onboarding funnel offers
 * the twelve marked `isFunnel`; two of them have their own landing pages. How a merchant's charges
 * read on a bank statement (aliases) is detection knowledge and lives in packages/recurring's
 * catalogue, under the same slug (a test keeps the two in step).
 */
import type { z } from 'zod';
import { subscriptionCategory } from './enums';
import type { RequiredUserInfoField } from './negotiations';

/** The categories of the merchants Billow knows by name: some of a subscription's. */
export const merchantCategory = /* @__PURE__ */ subscriptionCategory.extract([
  'telecom',
  'internet',
  'meal_kit',
  'fitness',
  'streaming',
  'music',
  'news',
  'software',
  'cloud_storage',
  'insurance',
  'utilities',
  'shopping',
  'education',
  'gaming',
  'other',
]);
export type MerchantCategory = z.infer<typeof merchantCategory>;

export type Merchant = {
  /** Stable positive integer (negotiation offers carry it as merchant_id). */
  id: number;
  slug: string;
  name: string;
  /** Bare domain, e.g. netflix.com: logo lookups and links. */
  website: string;
  category: MerchantCategory;
  isNegotiable: boolean;
  /** Typical monthly price and the annual-plan price Billow can buy, in dollars, when known. */
  typicalMonthlyPrice?: number;
  annualPlanPrice?: number;
  /** The merchant's own page for its annual plan (https), when it sells one. */
  annualPlanLink?: string;
  isFunnel?: boolean;
  /** How Billow negotiates with a negotiable merchant (its agent calls this number). */
  negotiation?: MerchantNegotiation;
};

/** What a merchant's retention desk typically gives: a share off, dollars off, or free months. */
export type TypicalOutcome =
  | { kind: 'PRICE_REDUCTION_PERCENTAGE'; percent: number }
  | { kind: 'PRICE_REDUCTION_AMOUNT'; dollars: number }
  | { kind: 'FREE_MONTHS'; months: number };

export type MerchantNegotiation = {
  /**
   * The line a call agent dials, E.164: the merchant's published customer-service number (it
   * routes to billing and retention), or a fictional +1 555-555-01xx placeholder where no line
   * was confirmed (gyms, whose cancellations go through the home club; Home Chef) and for the
   * test merchant. A real call agent never dials a placeholder; an operator checks each number
   * before production.
   */
  phone: string;
  /** What the merchant asks before it talks: field → prompt shown as the input's hint. */
  requiredUserInfo: Partial<Record<RequiredUserInfoField, string>>;
  eligibilityCriteria: string[];
  typicalOutcomes: TypicalOutcome[];
  /**
   * Demo merchants and TEST_MERCHANT (docs/negotiations.md, "On the screen") end the same way every
   * time.
   */
  demo?: 'telecom' | 'fitness' | 'test';
};

const wireless: Omit<MerchantNegotiation, 'phone'> = {
  requiredUserInfo: {
    account_pin: 'The PIN or passcode on your wireless account (4 to 8 digits)',
    payment_method_last_four:
      'From the card or bank account this bill is paid with; the provider checks them to confirm it is you',
  },
  eligibilityCriteria: [
    'Account holder or authorized user on the account',
    'Account in good standing for the last 6 months',
  ],
  typicalOutcomes: [
    { kind: 'PRICE_REDUCTION_AMOUNT', dollars: 10 },
    { kind: 'PRICE_REDUCTION_PERCENTAGE', percent: 15 },
  ],
};
const cable: Omit<MerchantNegotiation, 'phone'> = {
  requiredUserInfo: {
    account_number: 'Your account number, printed at the top of your bill',
    billing_address: 'The address printed on your bill, e.g. 12 Main St, Springfield, IL 62701',
  },
  eligibilityCriteria: ['Account holder on the service', 'Not on a promotional rate already'],
  typicalOutcomes: [
    { kind: 'PRICE_REDUCTION_AMOUNT', dollars: 20 },
    { kind: 'PRICE_REDUCTION_PERCENTAGE', percent: 20 },
  ],
};
const gym: Omit<MerchantNegotiation, 'phone'> = {
  requiredUserInfo: {
    eligibility_confirmation: 'Confirm you are eligible',
    service_selection: 'Classic membership, Black Card membership',
  },
  eligibilityCriteria: ['Membership active for at least 3 months', 'No unpaid dues'],
  typicalOutcomes: [
    { kind: 'FREE_MONTHS', months: 2 },
    { kind: 'PRICE_REDUCTION_PERCENTAGE', percent: 10 },
  ],
};
const insurance: Omit<MerchantNegotiation, 'phone'> = {
  requiredUserInfo: {
    date_of_birth: 'Date of birth of the policy holder (YYYY-MM-DD)',
    driver_license_state: 'Two-letter state on your driver license, e.g. CA',
  },
  eligibilityCriteria: ['Policy holder', 'No claims in the last 12 months'],
  typicalOutcomes: [{ kind: 'PRICE_REDUCTION_PERCENTAGE', percent: 12 }],
};
const generic: Omit<MerchantNegotiation, 'phone'> = {
  requiredUserInfo: {},
  eligibilityCriteria: ['Account holder on the subscription'],
  typicalOutcomes: [
    { kind: 'FREE_MONTHS', months: 1 },
    { kind: 'PRICE_REDUCTION_PERCENTAGE', percent: 10 },
  ],
};
/** The fictional 555-01xx numbers, which no real call agent may dial. */
export const isPlaceholderPhone = (phone: string) => /^\+1555555\d{4}$/.test(phone);

const negotiate = (
  phone: string,
  profile: Omit<MerchantNegotiation, 'phone'>,
  demo?: MerchantNegotiation['demo'],
): MerchantNegotiation => ({ phone, ...profile, ...(demo ? { demo } : {}) });

export const merchants: Merchant[] = [
  {
    id: 1,
    slug: 'verizon',
    name: 'Verizon',
    website: 'verizon.com',
    category: 'telecom',
    isNegotiable: true,
    typicalMonthlyPrice: 80,
    isFunnel: true,
    negotiation: negotiate('+18009220204', wireless, 'telecom'),
  },
  {
    id: 2,
    slug: 'att',
    name: 'AT&T',
    website: 'att.com',
    category: 'telecom',
    isNegotiable: true,
    typicalMonthlyPrice: 75,
    isFunnel: true,
    negotiation: negotiate('+18003310500', wireless),
  },
  {
    id: 3,
    slug: 't-mobile',
    name: 'T-Mobile',
    website: 't-mobile.com',
    category: 'telecom',
    isNegotiable: true,
    typicalMonthlyPrice: 70,
    isFunnel: true,
    negotiation: negotiate('+18009378997', wireless),
  },
  {
    id: 4,
    slug: 'xfinity',
    name: 'Xfinity',
    website: 'xfinity.com',
    category: 'telecom',
    isNegotiable: true,
    typicalMonthlyPrice: 90,
    isFunnel: true,
    negotiation: negotiate('+18009346489', cable),
  },
  {
    id: 5,
    slug: 'hellofresh',
    name: 'HelloFresh',
    website: 'hellofresh.com',
    category: 'meal_kit',
    isNegotiable: true,
    typicalMonthlyPrice: 240,
    isFunnel: true,
    negotiation: negotiate('+16468463663', generic),
  },
  {
    id: 6,
    slug: 'home-chef',
    name: 'Home Chef',
    website: 'homechef.com',
    category: 'meal_kit',
    isNegotiable: true,
    typicalMonthlyPrice: 200,
    isFunnel: true,
    negotiation: negotiate('+15555550106', generic),
  },
  {
    id: 7,
    slug: 'planet-fitness',
    name: 'Planet Fitness',
    website: 'planetfitness.com',
    category: 'fitness',
    isNegotiable: true,
    typicalMonthlyPrice: 25,
    annualPlanPrice: 249,
    annualPlanLink: 'https://www.planetfitness.com/gyms',
    isFunnel: true,
    negotiation: negotiate('+15555550107', gym, 'fitness'),
  },
  {
    id: 8,
    slug: 'peloton',
    name: 'Peloton',
    website: 'onepeloton.com',
    category: 'fitness',
    isNegotiable: true,
    typicalMonthlyPrice: 44,
    annualPlanPrice: 440,
    annualPlanLink: 'https://www.onepeloton.com/app/membership',
    isFunnel: true,
    negotiation: negotiate('+18666799129', generic),
  },
  {
    id: 9,
    slug: 'netflix',
    name: 'Netflix',
    website: 'netflix.com',
    category: 'streaming',
    isNegotiable: true,
    typicalMonthlyPrice: 17.99,
    annualPlanPrice: 179.99,
    annualPlanLink: 'https://www.netflix.com/signup/planform',
    isFunnel: true,
    negotiation: negotiate('+18665797172', generic),
  },
  {
    id: 10,
    slug: 'hulu',
    name: 'Hulu',
    website: 'hulu.com',
    category: 'streaming',
    isNegotiable: true,
    typicalMonthlyPrice: 18.99,
    annualPlanPrice: 99.99,
    annualPlanLink: 'https://www.hulu.com/welcome',
    isFunnel: true,
    negotiation: negotiate('+18778244858', generic),
  },
  {
    id: 11,
    slug: 'disney-plus',
    name: 'Disney+',
    website: 'disneyplus.com',
    category: 'streaming',
    isNegotiable: true,
    typicalMonthlyPrice: 15.99,
    annualPlanPrice: 159.99,
    annualPlanLink: 'https://www.disneyplus.com/welcome',
    isFunnel: true,
    negotiation: negotiate('+18889057888', generic),
  },
  {
    id: 12,
    slug: 'nyt',
    name: 'The New York Times',
    website: 'nytimes.com',
    category: 'news',
    isNegotiable: true,
    typicalMonthlyPrice: 25,
    annualPlanPrice: 195,
    annualPlanLink: 'https://www.nytimes.com/subscription',
    isFunnel: true,
    negotiation: negotiate('+18006984637', generic),
  },
  {
    id: 13,
    slug: 'test-merchant',
    name: 'TEST_MERCHANT',
    website: 'example.com',
    category: 'other',
    isNegotiable: true,
    typicalMonthlyPrice: 50,
    negotiation: negotiate('+15555550113', generic, 'test'),
  },
  {
    id: 14,
    slug: 'spectrum',
    name: 'Spectrum',
    website: 'spectrum.com',
    category: 'internet',
    isNegotiable: true,
    negotiation: negotiate('+18332676094', cable),
  },
  {
    id: 15,
    slug: 'directv',
    name: 'DirecTV',
    website: 'directv.com',
    category: 'streaming',
    isNegotiable: true,
    negotiation: negotiate('+18005315000', cable),
  },
  {
    id: 16,
    slug: 'siriusxm',
    name: 'SiriusXM',
    website: 'siriusxm.com',
    category: 'music',
    isNegotiable: true,
    annualPlanPrice: 99,
    annualPlanLink: 'https://www.siriusxm.com/plans',
    negotiation: negotiate('+18666352349', generic),
  },
  {
    id: 17,
    slug: 'adt',
    name: 'ADT',
    website: 'adt.com',
    category: 'other',
    isNegotiable: true,
    negotiation: negotiate('+18002382727', cable),
  },
  {
    id: 18,
    slug: 'geico',
    name: 'GEICO',
    website: 'geico.com',
    category: 'insurance',
    isNegotiable: true,
    negotiation: negotiate('+18002077847', insurance),
  },
  {
    id: 19,
    slug: 'progressive',
    name: 'Progressive',
    website: 'progressive.com',
    category: 'insurance',
    isNegotiable: true,
    negotiation: negotiate('+18007764737', insurance),
  },
  {
    id: 20,
    slug: 'la-fitness',
    name: 'LA Fitness',
    website: 'lafitness.com',
    category: 'fitness',
    isNegotiable: true,
    negotiation: negotiate('+15555550120', gym),
  },
];

export const merchantById = new Map(merchants.map((merchant) => [merchant.id, merchant]));

/** The catalogue merchant behind a detected subscription: by website, else by name. */
export function findMerchant(subscription: {
  merchantName: string;
  merchantWebsite: string | null;
}): Merchant | undefined {
  const name = subscription.merchantName.toLowerCase();
  return (
    merchants.find(
      (m) => subscription.merchantWebsite && m.website === subscription.merchantWebsite,
    ) ?? merchants.find((m) => m.name.toLowerCase() === name)
  );
}

/** The funnel's merchant choice (docs/onboarding.md, "The signup funnel"): id, name, website. */
export type MerchantChoice = { id: number; name: string; merchant_website_url: string };

export function toMerchantChoice(merchant: Merchant): MerchantChoice {
  return { id: merchant.id, name: merchant.name, merchant_website_url: merchant.website };
}

export const funnelMerchants: MerchantChoice[] = merchants
  .filter((m) => m.isFunnel)
  .map(toMerchantChoice);

/**
 * The two merchant landing pages (docs/onboarding.md, "Merchant landing pages"): path is the
 * merchant's lowercase name followed by -signup. The headline offers one figure; Get Started
 * carries another estimate.
 */
export const merchantLandings = [
  { path: '/netflix-signup', merchantId: 9, headlineSavings: 45, estimatedAmount: 50 },
  { path: '/planetfitness-signup', merchantId: 7, headlineSavings: 88, estimatedAmount: 45 },
] as const;

/** Estimated savings are 20% of the estimate, rounded (docs/onboarding.md, "Funnel savings"). */
export const FUNNEL_SAVINGS_RATE = 0.2;
