/**
 * Categories of merchants the catalogue does not know, guessed from keywords of the cleaned
 * descriptor, and which categories are bills or habitual spending.
 */
import type { NormalizedMerchant, SubscriptionCategory } from '../types';

/** Keywords that place an unknown merchant in a category; the first match wins. */
const CATEGORY_KEYWORDS: ReadonlyArray<[RegExp, SubscriptionCategory]> = [
  [
    // "P&L", "L&P", "G&E": power and light, light and power, gas and electric, as utilities
    // abbreviate their names on bank statements.
    /\b(?:ELECTRIC|ENERGY|POWER|UTILIT|WATER|SEWER|TRASH|WASTE|GAS & ELEC|GAS CO|CITY OF|P&L\b|L&P\b|G&E\b)/,
    'utilities',
  ],
  [/\b(?:INSURANCE|INS CO|MUTUAL|ASSURANCE|INDEMNITY)\b/, 'insurance'],
  [/\b(?:RENT|APARTMENTS?|APTS|PROPERTIES|PROPERTY|LEASING|HOA|MGMT|RESIDENTIAL)\b/, 'rent'],
  [
    /\b(?:LOANS?|MORTGAGE|LENDING|FINANCIAL|FINANCE|AUTO PMT|STUDENT LN|NAVIENT|SALLIE MAE)\b/,
    'loans',
  ],
  [/\b(?:WIRELESS|MOBILE|TELECOM|CELLULAR)\b/, 'telecom'],
  [/\b(?:INTERNET|BROADBAND|FIBER|CABLE)\b/, 'internet'],
  [/\b(?:FITNESS|GYM|YOGA|PILATES|CROSSFIT|BARRE|CLIMBING)\b/, 'fitness'],
  [/\b(?:DAYCARE|CHILDCARE|PRESCHOOL|TUITION|ACADEMY|MONTESSORI|SCHOOL)\b/, 'childcare'],
  [/\b(?:COFFEE|CAFE|ESPRESSO|ROASTERS|BAKERY)\b/, 'coffee'],
  // Paid per visit, often at one price every few weeks: a habit, not a plan.
  [
    /\b(?:SALON|BARBER|BARBERSHOP|BARBERS|NAILS?|CLIPS|SUPERCUTS|HAIRCUTS?|HAIR|LASH|LASHES|BROWS?|WAXING|SPA)\b/,
    'personal_care',
  ],
  [/\b(?:MARKET|GROCERY|GROCER|FOODS|SUPERMARKET)\b/, 'groceries'],
  [
    /\b(?:RESTAURANT|PIZZA|GRILL|TACOS?|BURGERS?|KITCHEN|DINER|SUSHI|THAI|BBQ|CANTINA|BISTRO)\b/,
    'restaurants',
  ],
  [/\b(?:FUEL|PETRO|GAS STATION|GASOLINE|OIL)\b/, 'gas'],
  [/\b(?:PARKING|PARK ?MOBILE|TOLL|TRANSIT|METRO)\b/, 'transport'],
  [/\b(?:ATM|WITHDRAWAL|WITHDRAW|CASH)\b/, 'cash'],
  [/\b(?:TRANSFER|XFER|TRANSFERS)\b/, 'transfers'],
  // Saving into one's own plan (a 529, an IRA, a brokerage account) is a transfer, not a bill.
  [/\b(?:529|CONTRIB|CONTRIBS|CONTRIBUTION|CONTRIBUTIONS|BROKERAGE)\b/, 'transfers'],
  // Paying one's own credit card moves money between one's own accounts, like a transfer.
  [
    /\b(?:CREDIT CRD|CRD AUTOPAY|CRD EPAY|EPAYMENT|CARD PAYMENT|CARDMEMBER SERV|AUTOMATIC PAYMENT|PAYMENT THANK YOU)\b/,
    'transfers',
  ],
];

/**
 * Whether any category's keyword is there at all: most merchants the catalogue does not know
 * have none, and one search of every keyword at once answers them in half the time of one
 * search per category.
 */
const ANY_CATEGORY_KEYWORD = new RegExp(
  CATEGORY_KEYWORDS.map(([pattern]) => `(?:${pattern.source})`).join('|'),
);

export const BILL_CATEGORIES: ReadonlySet<SubscriptionCategory> = new Set<SubscriptionCategory>([
  'utilities',
  'insurance',
  'rent',
  'loans',
  'telecom',
  'internet',
  'childcare',
]);

const HABITUAL_CATEGORIES: ReadonlySet<SubscriptionCategory> = new Set<SubscriptionCategory>([
  'coffee',
  'groceries',
  'restaurants',
  'fast_food',
  'gas',
  'rides',
  'shopping',
  'transport',
  'pharmacy',
  'transfers',
  'cash',
  'personal_care',
]);

/**
 * Whether a merchant's charges are habitual spending (see `HABITUAL_CATEGORIES`), unless the
 * catalogue knows it for a subscription merchant (a razor club is personal care, and a plan).
 */
export function isHabitualMerchant(merchant: NormalizedMerchant): boolean {
  return (
    merchant.isRecurringMerchant === false ||
    (merchant.isRecurringMerchant !== true && HABITUAL_CATEGORIES.has(merchant.category))
  );
}

export function guessCategory(cleaned: string): SubscriptionCategory {
  if (!ANY_CATEGORY_KEYWORD.test(cleaned)) return 'other';
  for (const [pattern, category] of CATEGORY_KEYWORDS) {
    if (pattern.test(cleaned)) return category;
  }
  return 'other';
}

/**
 * A fee the person's own bank charges ("MONTHLY MAINTENANCE FEE", "ATM FEE OUT OF NETWORK",
 * "SERVICE CHARGE", "OVERDRAFT ITEM FEE"): the descriptor is the fee's name and nothing else,
 * no merchant in front of it. A bank's monthly fee can be as regular as a plan, yet it is the
 * account's cost, never a subscription or bill to list. A merchant's own fee ("PLANET FITNESS
 * ANNUAL FEE", "PF CLUB FEES") names the merchant first and stays a candidate.
 */
const BANK_FEE =
  /^(?:(?:MONTHLY|ANNUAL|ACCOUNT|ACCT|MAINTENANCE|MAINT|SERVICE|SVC|OVERDRAFT|OD|NSF|INSUFFICIENT|FUNDS|RETURNED|ITEM|ATM|NON|BANK|OUT|OF|NETWORK|WIRE|TRANSFER|INCOMING|OUTGOING|DOMESTIC|INTERNATIONAL|INTL|FOREIGN|TRANSACTION|LATE|PAYMENT|PAPER|STATEMENT|STOP|EXCESSIVE|WITHDRAWAL|MINIMUM|BALANCE|CASH ADVANCE) )*(?:FEES?|CHARGE)\b/;

export function isBankFee(cleaned: string): boolean {
  return BANK_FEE.test(cleaned);
}
