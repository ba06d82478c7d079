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
  /** How a person leaves this merchant (docs/cancellations.md): every merchant has one. */
  cancellation: MerchantCancellation;
};

/**
 * The ways a merchant accepts a cancellation. A plain list, not a schema: the sign-up funnel
 * reads this module, and a zod value made here would bring zod into its first script (the
 * schema is in cancellations.ts).
 */
export const CANCELLATION_CHANNELS = ['online', 'phone', 'email', 'letter', 'in_person'] as const;
export type CancellationChannel = (typeof CANCELLATION_CHANNELS)[number];

/**
 * Facts about leaving a merchant, in Billow's own words: which ways it accepts, its cancellation
 * page, the line to call, an address for email, how much notice it wants, and the traps people
 * fall into. Facts only; they change, so the sheet tells the person to check the merchant's page.
 */
export type MerchantCancellation = {
  channels: CancellationChannel[];
  /** The merchant's own page where a cancellation starts (https). */
  pageUrl?: string;
  /** E.164; the negotiation line when the same desk handles both. */
  phone?: string;
  email?: string;
  /** How long before the renewal the merchant wants to hear, in words. */
  notice?: string;
  /** Common traps, each one sentence. */
  notes: string[];
};

/** For a merchant Billow does not know: the ways that work almost everywhere. */
export const GENERIC_CANCELLATION: MerchantCancellation = {
  channels: ['online', 'phone', 'email'],
  notice: 'Cancel a few days before the next renewal so it is not charged again.',
  notes: [
    "Look for the cancellation under Account, Membership, Plan or Billing on the merchant's website.",
    'Subscriptions bought through Apple, Google or Amazon are cancelled in that store, not with the merchant.',
    'Keep the confirmation email or number until the next renewal date has passed without a charge.',
  ],
};

/** How a subscription's merchant is cancelled: its catalogue facts, or the generic guide. */
export function cancellationOf(merchant: Merchant | undefined): MerchantCancellation {
  return merchant?.cancellation ?? GENERIC_CANCELLATION;
}

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
  /** Demo merchants (spec part 2 §9) and TEST_MERCHANT end the same way every time. */
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
    cancellation: {
      channels: ['phone', 'in_person'],
      phone: '+18009220204',
      notice: 'Service ends on the day you ask; the last bill covers up to that day.',
      notes: [
        'Phones still on a device payment plan become due in full when the line is cancelled.',
        'To keep the number, move it to the new carrier first: cancelling releases it.',
      ],
    },
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
    cancellation: {
      channels: ['phone', 'in_person'],
      phone: '+18003310500',
      notes: [
        'Installment plans on phones become due in full when the line is cancelled.',
        'Move your number to the new carrier before cancelling if you want to keep it.',
      ],
    },
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
    cancellation: {
      channels: ['phone', 'in_person'],
      phone: '+18009378997',
      notes: [
        'Remaining device payments become due when the line closes.',
        'Port your number out first if you want to keep it.',
      ],
    },
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
    cancellation: {
      channels: ['phone', 'in_person'],
      phone: '+18009346489',
      notes: [
        'Rented equipment (modem, TV boxes) must be returned, or it is charged.',
        'A contract plan may charge an early termination fee.',
      ],
    },
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
    cancellation: {
      channels: ['online'],
      pageUrl: 'https://www.hellofresh.com/account-settings',
      notice: 'Before the weekly cutoff, about five days before the next delivery.',
      notes: ['A box already past its cutoff is still sent and charged.'],
    },
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
    cancellation: {
      channels: ['online'],
      pageUrl: 'https://www.homechef.com/account',
      notice: 'Before the weekly order cutoff, about a week before the next delivery.',
      notes: ['A box already past its cutoff is still sent and charged.'],
    },
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
    cancellation: {
      channels: ['in_person', 'letter'],
      notice:
        'Ask before the billing date; the yearly fee is charged if you are still a member on its date.',
      notes: [
        'Membership must be cancelled at the home club, in person or by a letter sent to it.',
        'A letter should go by certified mail so there is proof it arrived.',
      ],
    },
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
    cancellation: {
      channels: ['online', 'phone'],
      pageUrl: 'https://www.onepeloton.com/mymembership',
      phone: '+18666799129',
      notice: 'At least a day before the renewal.',
      notes: ['A membership bought through Apple or Google is cancelled in that store.'],
    },
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
    cancellation: {
      channels: ['online'],
      pageUrl: 'https://www.netflix.com/cancelplan',
      phone: '+18665797172',
      notes: [
        'Watching continues until the end of the period already paid.',
        'A plan billed by a phone or cable company is cancelled with that company.',
      ],
    },
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
    cancellation: {
      channels: ['online'],
      pageUrl: 'https://secure.hulu.com/account',
      phone: '+18778244858',
      notes: [
        'A plan billed through Apple, Google, Amazon or Roku is cancelled in that store.',
        'Hulu bundled with Disney+ is cancelled from the account that pays for the bundle.',
      ],
    },
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
    cancellation: {
      channels: ['online'],
      pageUrl: 'https://www.disneyplus.com/account',
      phone: '+18889057888',
      notes: [
        'A bundle is cancelled as a whole from the account that pays for it.',
        'A plan billed through an app store is cancelled in that store.',
      ],
    },
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
    cancellation: {
      channels: ['online', 'phone'],
      pageUrl: 'https://myaccount.nytimes.com/seg/subscription',
      phone: '+18006984637',
      notes: [
        'A discount is usually offered on the way out; decline it if you want to leave.',
        'Access continues until the end of the paid period.',
      ],
    },
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
    cancellation: {
      channels: ['online', 'phone', 'email', 'letter'],
      pageUrl: 'https://example.com/account/cancel',
      phone: '+15555550113',
      email: 'cancel@example.com',
      notice: 'Any time before the renewal.',
      notes: ["The test merchant used in Billow's sandbox; it always answers the phone."],
    },
  },
  {
    id: 14,
    slug: 'spectrum',
    name: 'Spectrum',
    website: 'spectrum.com',
    category: 'internet',
    isNegotiable: true,
    negotiation: negotiate('+18332676094', cable),
    cancellation: {
      channels: ['phone', 'in_person'],
      phone: '+18332676094',
      notes: ['Rented equipment must be returned to a store or by mail, or it is charged.'],
    },
  },
  {
    id: 15,
    slug: 'directv',
    name: 'DirecTV',
    website: 'directv.com',
    category: 'streaming',
    isNegotiable: true,
    negotiation: negotiate('+18005315000', cable),
    cancellation: {
      channels: ['phone'],
      phone: '+18005315000',
      notes: [
        'A two-year agreement charges an early cancellation fee for each month left.',
        'Receivers must be returned in the box DirecTV sends, or they are charged.',
      ],
    },
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
    cancellation: {
      channels: ['online', 'phone'],
      pageUrl: 'https://www.siriusxm.com/account',
      phone: '+18666352349',
      notes: [
        'Retention offers are common on the phone; decline them if you want to leave.',
        'Ask for a confirmation number: radios in other cars may sit on the same account.',
      ],
    },
  },
  {
    id: 17,
    slug: 'adt',
    name: 'ADT',
    website: 'adt.com',
    category: 'other',
    isNegotiable: true,
    negotiation: negotiate('+18002382727', cable),
    cancellation: {
      channels: ['phone', 'letter'],
      phone: '+18002382727',
      notice: 'Written notice is usually asked for, some weeks before the contract renews.',
      notes: ['Leaving inside a monitoring contract charges a share of the months left.'],
    },
  },
  {
    id: 18,
    slug: 'geico',
    name: 'GEICO',
    website: 'geico.com',
    category: 'insurance',
    isNegotiable: true,
    negotiation: negotiate('+18002077847', insurance),
    cancellation: {
      channels: ['phone'],
      phone: '+18002077847',
      notes: [
        'Have the new policy start before this one ends: driving uninsured for even a day can cost more later.',
        'Unused premium is refunded for the days after the cancellation.',
      ],
    },
  },
  {
    id: 19,
    slug: 'progressive',
    name: 'Progressive',
    website: 'progressive.com',
    category: 'insurance',
    isNegotiable: true,
    negotiation: negotiate('+18007764737', insurance),
    cancellation: {
      channels: ['phone', 'online'],
      pageUrl: 'https://www.progressive.com/manage-policy/',
      phone: '+18007764737',
      notes: ['Start the new policy before this one ends so there is no gap in cover.'],
    },
  },
  {
    id: 20,
    slug: 'la-fitness',
    name: 'LA Fitness',
    website: 'lafitness.com',
    category: 'fitness',
    isNegotiable: true,
    negotiation: negotiate('+15555550120', gym),
    cancellation: {
      channels: ['letter', 'online'],
      pageUrl: 'https://www.lafitness.com/Pages/login.aspx',
      notice: 'At least five business days before the next draft.',
      notes: [
        'Cancellation is by the form from the member account, or a letter to the head office.',
        'Keep the cancellation receipt until a draft date passes without a charge.',
      ],
    },
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

/** The funnel's merchant choice (spec part 1 §3): id, name, website. */
export type MerchantChoice = { id: number; name: string; merchant_website_url: string };

export function toMerchantChoice(merchant: Merchant): MerchantChoice {
  return { id: merchant.id, name: merchant.name, merchant_website_url: merchant.website };
}

export const funnelMerchants: MerchantChoice[] = merchants
  .filter((m) => m.isFunnel)
  .map(toMerchantChoice);

/**
 * The two merchant landing pages (spec part 1 §2): path is the merchant's lowercase name
 * followed by -signup. The headline offers one figure; Get Started carries another estimate.
 */
export const merchantLandings = [
  { path: '/netflix-signup', merchantId: 9, headlineSavings: 45, estimatedAmount: 50 },
  { path: '/planetfitness-signup', merchantId: 7, headlineSavings: 88, estimatedAmount: 45 },
] as const;

/** Spec part 1 §9: estimated savings are 20% of the estimate, rounded. */
export const FUNNEL_SAVINGS_RATE = 0.2;
