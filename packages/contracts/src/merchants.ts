/**
 * Billow's merchant knowledge for the product: who a merchant is (name, website, category),
 * whether Billow negotiates with them and what an annual plan costs. The onboarding funnel offers
 * the twelve marked `isFunnel`; two of them have their own landing pages. How a merchant's charges
 * read on a bank statement (aliases) is detection knowledge and lives in packages/recurring's
 * catalogue, under the same slug (a test keeps the two in step).
 */
import { z } from 'zod';
import { subscriptionCategory } from './enums';

/** The categories of the merchants Billow knows by name: some of a subscription's. */
export const merchantCategory = subscriptionCategory.extract([
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
  isFunnel?: boolean;
};

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
    isFunnel: true,
  },
  {
    id: 8,
    slug: 'peloton',
    name: 'Peloton',
    website: 'onepeloton.com',
    category: 'fitness',
    isNegotiable: true,
    typicalMonthlyPrice: 44,
    isFunnel: true,
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
    isFunnel: true,
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
    isFunnel: true,
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
    isFunnel: true,
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
    isFunnel: true,
  },
];

export const merchantById = new Map(merchants.map((merchant) => [merchant.id, merchant]));

/** The funnel's merchant choice (spec part 1 §3): id, name, website. */
export const merchantChoice = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  merchant_website_url: z.string(),
});
export type MerchantChoice = z.infer<typeof merchantChoice>;

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
