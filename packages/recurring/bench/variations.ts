/**
 * Seeded variations of the stream shapes detection finds hardest on data it was not built
 * with, labelled in the dev set's format so the same scorer reads both: weekly plans
 * with skipped weeks and add-on weeks, pauses that resume the same product, resubscriptions
 * after a cancellation gap, introductory prices that step up once, two products under one
 * descriptor, one stream under several descriptor spellings (and another card), across meal
 * kits, pets, Apple, lessons, memberships and music — beside hard negatives that look recurring
 * and are not: a barber at one price every few weeks, app store purchases, Amazon orders and
 * rentals, bank fees, payments to people, coffee.
 *
 * Written from how banks and merchants behave, not from the engine's rules: charges post zero to
 * three days after the billing day and never on a weekend, descriptors carry each bank's own
 * wrapping (card number, purchase date, reference digits), and every number here is drawn from
 * a range rather than tuned to a threshold. `npm run bench:detect` scores a few seeds beside the
 * dev set; `tsx bench/write-variations.ts` writes them out for `evaluate.py`.
 */
import { createRandom, type Random } from '../src/corpus/prng';
import { addMonths, civilFromDays, daysFromCivil, formatIsoDate, weekday } from '../src/dates';
import type { Transaction } from '../src/types';

export type LabelledStream = {
  stream_id: string;
  merchant: string;
  product: string | null;
  category: string;
  cadence: string;
  active: boolean;
  next_date: string | null;
  last_amount: number;
  traits: string[];
  transaction_ids: string[];
};

export type HouseholdLabels = {
  file: string;
  streams: LabelledStream[];
  negatives: Record<string, string[]>;
  neutral: string[];
};

export type Household = { id: string; transactions: Transaction[]; labels: HouseholdLabels };

/** Every history ends here, as the dev set's do. */
export const VARIATIONS_END = daysFromCivil(2026, 10, 31);

type Cadence = 'WEEKLY' | 'BIWEEKLY' | 'MONTHLY' | 'QUARTERLY' | 'YEARLY';

/** How one bank prints a card purchase or a direct debit. */
type Bank = {
  card: (merchant: string, purchaseDay: number, random: Random) => string;
  ach: (biller: string, kind: string, random: Random) => string;
};

const pad = (value: number): string => String(value).padStart(2, '0');
const mmdd = (day: number, separator: string): string => {
  const { month, day: dom } = civilFromDays(day);
  return `${pad(month)}${separator}${pad(dom)}`;
};
const digits = (random: Random, length: number): string => {
  let text = '';
  for (let i = 0; i < length; i++) text += String(random.int(0, 9));
  return text;
};

function makeBank(random: Random, holder: string, city: string): Bank {
  const last4 = digits(random, 4);
  const styles: Bank[] = [
    {
      card: (m, day, r) => `CHECKCARD ${mmdd(day, '')} ${m} ${digits(r, 23)}`,
      ach: (b, kind, r) =>
        `${b} DES:${kind} ID:${digits(r, 9)} INDN:${holder} CO ID:${digits(r, 10)} PPD`,
    },
    {
      card: (m, day) =>
        `${random.chance(0.5) ? 'Recurring ' : ''}Card Purchase ${mmdd(day, '/')} ${m} Card ${last4}`,
      ach: (b, kind, r) => `${b} ${kind} PPD ID: ${digits(r, 10)}`,
    },
    {
      card: (m, day, r) =>
        `PURCHASE AUTHORIZED ON ${mmdd(day, '/')} ${m} S${digits(r, 15)} CARD ${last4}`,
      ach: (b, kind, r) => `${b} ${kind} ${digits(r, 6)} ${digits(r, 10)} ${holder}`,
    },
    { card: (m) => m, ach: (b) => b },
    { card: (m) => `DEBIT CARD PURCHASE - ${m}`, ach: (b, kind) => `${b} ${kind}` },
    {
      card: (m, day) => `POS PURCHASE ${m} ${city} ${mmdd(day, '/')}`,
      ach: (b, kind, r) => `ACH DEBIT ${b} ${kind} ${digits(r, 8)}`,
    },
  ];
  return random.pick(styles);
}

/**
 * How rough a household's history is. `standard`: charges post up to three days late and never
 * on a weekend, list prices, the usual skips and gaps. `rough`, a second family of variations
 * with other amounts and noise: card charges post up to five days late and some banks post on
 * weekends, every price of the household is scaled (0.6–1.8×), skips are twice as frequent,
 * pauses and gaps longer, a meal kit's extra weeks more common and introductory prices deeper.
 */
export type NoiseProfile = 'standard' | 'rough';

type Noise = {
  cardLag: { days: number[]; weights: number[] };
  postsOnWeekends: boolean;
  priceScale: number;
  skipWeekly: [number, number];
  skipMonthly: [number, number];
  pauseWeeks: [number, number];
  pauseMonths: [number, number];
  resubscribeGap: [number, number];
  addOnRate: number;
  introShares: number[];
};

function noiseOf(profile: NoiseProfile, random: Random): Noise {
  if (profile === 'standard') {
    return {
      cardLag: { days: [0, 1, 2, 3], weights: [45, 35, 15, 5] },
      postsOnWeekends: false,
      priceScale: 1,
      skipWeekly: [0.04, 0.14],
      skipMonthly: [0, 0.04],
      pauseWeeks: [3, 8],
      pauseMonths: [2, 4],
      resubscribeGap: [110, 300],
      addOnRate: 0.15,
      introShares: [0, 0.5, 0.4],
    };
  }
  return {
    cardLag: { days: [0, 1, 2, 3, 4, 5], weights: [30, 30, 20, 10, 6, 4] },
    postsOnWeekends: random.chance(0.35),
    priceScale: random.between(0.6, 1.8),
    skipWeekly: [0.08, 0.22],
    skipMonthly: [0, 0.08],
    pauseWeeks: [2, 12],
    pauseMonths: [2, 6],
    resubscribeGap: [80, 420],
    addOnRate: 0.3,
    introShares: [0, 0.25, 0.5, 0.6],
  };
}

/**
 * A charge made on `day` posts the same day or a few days later (`Noise.cardLag`; a debit
 * within a day), on a weekend only at a bank that posts on weekends.
 */
function postingDay(random: Random, day: number, isCard: boolean, noise: Noise): number {
  let posted =
    day +
    (isCard
      ? random.weighted(noise.cardLag.days, noise.cardLag.weights)
      : random.weighted([0, 1], [80, 20]));
  while (!noise.postsOnWeekends && (weekday(posted) === 0 || weekday(posted) === 6)) posted++;
  return posted;
}

type Product = {
  merchant: string;
  product: string | null;
  category: string;
  cadence: Cadence;
  /** Price range; one price is drawn per stream (to the cent or a round price). */
  price: [number, number];
  /** Descriptor spellings the merchant (or its processor) uses. */
  spellings: string[];
  isAch?: boolean;
  /** Meal kits: some weeks cost more (extra meals). */
  addOns?: boolean;
  /** Metered bills: every month's amount differs. */
  metered?: boolean;
  /** Apple, Google Play, Amazon: shares its descriptor with purchases and other products. */
  store?: 'apple' | 'google' | 'amazon';
};

// The descriptor spellings below are the kinds of variants merchants and processors print.
const MEAL_KITS: Product[] = [
  [
    'HelloFresh',
    ['HELLOFRESH', 'HELLO FRESH 646-846-3663 NY', 'HELLOFRESH.COM', 'HLLFRSH*HELLOFRESH'],
  ],
  ['Factor', ['FACTOR75', 'FACTOR 75 LLC', 'FACTOR75.COM CHICAGO IL', 'FACTOR* MEALS']],
  ['Home Chef', ['HOMECHEF.COM', 'HOME CHEF 872-760-2263 IL', 'HOMECHEF*ORDER']],
  ['Blue Apron', ['BLUEAPRON.COM', 'BLUE APRON 888-278-4349 NY', 'BLUE APRON INC']],
  ['EveryPlate', ['EVERYPLATE', 'EVERYPLATE.COM NY', 'EVERY PLATE 844-462-7528']],
  ['Green Chef', ['GREENCHEF', 'GREEN CHEF 888-502-4339 CO', 'GREENCHEF.COM']],
  ['Hungryroot', ['HUNGRYROOT', 'HUNGRYROOT INC NY', 'HUNGRYROOT.COM']],
].map(([merchant, spellings]) => ({
  merchant: merchant as string,
  product: null,
  category: 'meal_kit',
  cadence: 'WEEKLY' as Cadence,
  price: [54.93, 119.88] as [number, number],
  spellings: spellings as string[],
  addOns: true,
}));

const PETS: Product[] = [
  {
    merchant: 'BarkBox',
    product: null,
    category: 'pets',
    cadence: 'MONTHLY',
    price: [23, 35],
    spellings: ['BARKBOX', 'BARKBOX.COM NY', 'BARK*BARKBOX', 'BARKSHOP BARKBOX'],
  },
  {
    merchant: 'Chewy',
    product: 'Autoship',
    category: 'pets',
    cadence: 'MONTHLY',
    price: [38, 96],
    spellings: ['CHEWY.COM', 'CHEWY INC 800-672-4399 FL', 'CHEWY AUTOSHIP'],
  },
  {
    merchant: 'Rover',
    product: 'Dog walking',
    category: 'pets',
    cadence: 'WEEKLY',
    price: [60, 140],
    spellings: ['ROVER.COM', 'ROVER.COM* WALKS', 'ROVER 888-453-7889 WA'],
  },
  {
    merchant: 'Paws Up Dog Walking',
    product: 'Dog walker',
    category: 'pets',
    cadence: 'WEEKLY',
    price: [75, 125],
    spellings: ['SQ *PAWS UP DOG WALKING', 'PAWS UP DOG WALKING', 'SQ *PAWSUP DOGWALK'],
  },
  {
    merchant: 'Trupanion',
    product: null,
    category: 'pets',
    cadence: 'MONTHLY',
    price: [42, 88],
    spellings: ['TRUPANION', 'TRUPANION INC 888-733-2685 WA'],
    isAch: true,
  },
  {
    merchant: 'Banfield',
    product: 'Wellness plan',
    category: 'pets',
    cadence: 'MONTHLY',
    price: [31.95, 56.95],
    spellings: ['BANFIELD PET HOSPITAL', 'BANFIELD OPTIMUM WELLNESS', 'BANFIELD PET HOSP #1234'],
  },
];

const LESSONS: Product[] = [
  {
    merchant: 'Melody Music Studio',
    product: 'Piano lessons',
    category: 'lessons',
    cadence: 'WEEKLY',
    price: [35, 65],
    spellings: ['SQ *MELODY MUSIC STUDIO', 'MELODY MUSIC STUDIO LLC', 'SQ *MELODY MUSIC'],
  },
  {
    merchant: 'Aqua Kids Swim School',
    product: 'Swim lessons',
    category: 'lessons',
    cadence: 'WEEKLY',
    price: [22, 40],
    spellings: ['AQUA KIDS SWIM SCHOOL', 'SQ *AQUA KIDS SWIM', 'AQUAKIDS SWIM 555-0134'],
  },
  {
    merchant: 'Kumon',
    product: 'Tutoring',
    category: 'lessons',
    cadence: 'MONTHLY',
    price: [150, 200],
    spellings: ['KUMON OF NORTHSIDE', 'KUMON NORTH AMERICA', 'KUMON CENTER 4411'],
  },
  {
    merchant: 'Tiger Rock Martial Arts',
    product: 'Karate',
    category: 'lessons',
    cadence: 'MONTHLY',
    price: [119, 189],
    spellings: ['TIGER ROCK MARTIAL ARTS', 'TIGERROCK MARTIAL ART', 'TIGER ROCK MA 8873'],
    isAch: true,
  },
  {
    merchant: 'Little Feet Dance',
    product: 'Dance classes',
    category: 'lessons',
    cadence: 'MONTHLY',
    price: [65, 110],
    spellings: ['LITTLE FEET DANCE ACADEMY', 'SQ *LITTLE FEET DANCE', 'LITTLEFEET DANCE'],
  },
];

const MEMBERSHIPS: Product[] = [
  {
    merchant: 'Costco',
    product: 'Membership',
    category: 'membership',
    cadence: 'YEARLY',
    price: [65, 130],
    spellings: ['COSTCO *ANNUAL RENEWAL', 'COSTCO MEMBERSHIP', 'COSTCO WHSE #0481'],
  },
  {
    merchant: "Sam's Club",
    product: 'Membership',
    category: 'membership',
    cadence: 'YEARLY',
    price: [50, 110],
    spellings: ['SAMS CLUB MEMBERSHIP', 'SAMSCLUB.COM RENEWAL', "SAM'S CLUB #6650"],
  },
  {
    merchant: 'AAA',
    product: 'Membership',
    category: 'membership',
    cadence: 'YEARLY',
    price: [64, 124],
    spellings: ['AAA MEMBERSHIP', 'AAA NORTHEAST DUES', 'AAA CLUB ALLIANCE'],
  },
  {
    merchant: 'Planet Fitness',
    product: null,
    category: 'membership',
    cadence: 'MONTHLY',
    price: [10, 24.99],
    spellings: ['PLANET FITNESS', 'PLANET FIT CLUB FEES', 'PF CLUB FEES 4433'],
    isAch: true,
  },
  {
    merchant: 'Iron Works Gym',
    product: null,
    category: 'membership',
    cadence: 'MONTHLY',
    price: [29, 69],
    spellings: ['IRON WORKS GYM', 'SQ *IRONWORKS GYM', 'IRONWORKS GYM LLC'],
  },
  {
    merchant: 'YMCA',
    product: null,
    category: 'membership',
    cadence: 'MONTHLY',
    price: [45, 95],
    spellings: ['YMCA OF METRO', 'YMCA MEMBERSHIP DUES', 'THE Y METRO BRANCH'],
    isAch: true,
  },
];

const MUSIC: Product[] = [
  {
    merchant: 'Spotify',
    product: null,
    category: 'music',
    cadence: 'MONTHLY',
    price: [10.99, 17.99],
    spellings: ['SPOTIFY USA', 'SPOTIFY P1A2B3C4D5', 'PAYPAL *SPOTIFY', 'SPOTIFYUSA'],
  },
  {
    merchant: 'Pandora',
    product: null,
    category: 'music',
    cadence: 'MONTHLY',
    price: [4.99, 10.99],
    spellings: ['PANDORA.COM', 'PAYPAL *PANDORA', 'PANDORA MEDIA'],
  },
  {
    merchant: 'SiriusXM',
    product: null,
    category: 'music',
    cadence: 'MONTHLY',
    price: [9.99, 23.99],
    spellings: ['SIRIUSXM 888-635-5144 NY', 'SIRIUS XM RADIO INC', 'SXM*SIRIUSXM.COM'],
  },
  {
    merchant: 'Tidal',
    product: null,
    category: 'music',
    cadence: 'MONTHLY',
    price: [10.99, 19.99],
    spellings: ['TIDAL.COM', 'TIDAL MUSIC AS', 'TIDAL*SUBSCRIPTION'],
  },
  {
    merchant: 'Deezer',
    product: null,
    category: 'music',
    cadence: 'MONTHLY',
    price: [10.99, 14.99],
    spellings: ['DEEZER', 'DEEZER.COM PARIS', 'DZR*DEEZER PREMIUM'],
  },
];

const STORE_PRODUCTS: Product[] = [
  {
    merchant: 'Apple',
    product: 'iCloud+',
    category: 'apple',
    cadence: 'MONTHLY',
    price: [0.99, 9.99],
    spellings: [],
    store: 'apple',
  },
  {
    merchant: 'Apple',
    product: 'Apple Music',
    category: 'apple',
    cadence: 'MONTHLY',
    price: [10.99, 10.99],
    spellings: [],
    store: 'apple',
  },
  {
    merchant: 'Apple',
    product: 'Apple One',
    category: 'apple',
    cadence: 'MONTHLY',
    price: [19.95, 37.95],
    spellings: [],
    store: 'apple',
  },
  {
    merchant: 'Apple',
    product: 'Apple Arcade',
    category: 'apple',
    cadence: 'MONTHLY',
    price: [6.99, 6.99],
    spellings: [],
    store: 'apple',
  },
  {
    merchant: 'Apple',
    product: 'App (yearly)',
    category: 'apple',
    cadence: 'YEARLY',
    price: [29.99, 79.99],
    spellings: [],
    store: 'apple',
  },
  {
    merchant: 'Google Play',
    product: 'App subscription',
    category: 'google',
    cadence: 'MONTHLY',
    price: [2.99, 14.99],
    spellings: [],
    store: 'google',
  },
  {
    merchant: 'Amazon',
    product: 'Kindle Unlimited',
    category: 'amazon',
    cadence: 'MONTHLY',
    price: [11.99, 11.99],
    spellings: [],
    store: 'amazon',
  },
  {
    merchant: 'Amazon',
    product: 'Amazon Prime',
    category: 'amazon',
    cadence: 'YEARLY',
    price: [139, 139],
    spellings: [],
    store: 'amazon',
  },
];

const STORE_SPELLINGS: Record<'apple' | 'google' | 'amazon', string[]> = {
  apple: ['APPLE.COM/BILL 866-712-7753 CA', 'Apple.com/bill ITUNES.COM CA', 'APL*ITUNES.COM/BILL'],
  google: ['GOOGLE *Google Play Apps', 'GOOGLE*PLAY G.CO/HELPPAY#', 'GOOGLE *SERVICES'],
  amazon: ['AMAZON DIGITAL SVCS', 'AMZN DIGITAL*{ref}', 'AMAZON.COM SERVICES'],
};

/** Bills, as the backdrop every household has. */
const BILLS: Product[] = [
  {
    merchant: 'Metro Power & Light',
    product: null,
    category: 'utility',
    cadence: 'MONTHLY',
    price: [60, 210],
    spellings: ['METRO POWER LIGHT', 'METRO P&L ONLINE PMT'],
    isAch: true,
    metered: true,
  },
  {
    merchant: 'Valley Water',
    product: null,
    category: 'utility',
    cadence: 'MONTHLY',
    price: [30, 90],
    spellings: ['VALLEY WATER DIST', 'VALLEY WATER UTIL'],
    isAch: true,
    metered: true,
  },
  {
    merchant: 'Verizon Wireless',
    product: null,
    category: 'telecom',
    cadence: 'MONTHLY',
    price: [55, 180],
    spellings: ['VERIZON WIRELESS', 'VZWRLSS*APOCC VISB'],
    isAch: true,
  },
  {
    merchant: 'Spectrum',
    product: null,
    category: 'internet',
    cadence: 'MONTHLY',
    price: [49.99, 89.99],
    spellings: ['SPECTRUM', 'CHARTER COMMUNICATIONS'],
    isAch: true,
  },
  {
    merchant: 'State Farm',
    product: null,
    category: 'insurance',
    cadence: 'MONTHLY',
    price: [89, 240],
    spellings: ['STATE FARM INSURANCE', 'STATE FARM RO 27'],
    isAch: true,
  },
  {
    merchant: 'Netflix',
    product: null,
    category: 'streaming',
    cadence: 'MONTHLY',
    price: [7.99, 24.99],
    spellings: ['NETFLIX.COM', 'NETFLIX.COM LOS GATOS CA'],
  },
  {
    merchant: 'Hulu',
    product: null,
    category: 'streaming',
    cadence: 'MONTHLY',
    price: [7.99, 17.99],
    spellings: ['HULU 877-8244858 CA', 'HULU.COM/BILL'],
  },
];

const FIRST = ['MARIA', 'JAMES', 'AISHA', 'WEI', 'CARLOS', 'EMMA', 'DEVON', 'PRIYA'];
const LAST = ['LOPEZ', 'SMITH', 'NGUYEN', 'PATEL', 'JOHNSON', 'KIM', 'BROWN', 'GARCIA'];
const CITIES = ['AUSTIN TX', 'DENVER CO', 'RALEIGH NC', 'PORTLAND OR', 'COLUMBUS OH', 'TAMPA FL'];

type Shape =
  | 'weekly'
  | 'paused'
  | 'resubscribed'
  | 'intro_price'
  | 'shared_descriptor'
  | 'descriptor_mix'
  | 'account_switch'
  | 'plain';

/** A household as it is written: the transactions and what each one is. */
class Writer {
  readonly transactions: Transaction[] = [];
  readonly negatives: Record<string, string[]> = {};
  readonly neutral: string[] = [];
  private serial = 0;
  constructor(
    readonly id: string,
    readonly random: Random,
    readonly start: number,
    readonly accounts: Array<{ id: string; bank: Bank }>,
    readonly noise: Noise,
  ) {}

  emit(day: number, description: string, amount: number, account: string): string {
    const id = `${this.id}-${(this.serial++).toString(36)}-${this.random.reference(4)}`;
    this.transactions.push({
      id,
      date: formatIsoDate(day),
      description,
      amount: Math.round(amount * 100) / 100,
      account_id: account,
    });
    return id;
  }

  private readonly stores = new Map<string, string>();

  /** The one descriptor a store prints for this household, drawn on first use. */
  storeSpelling(store: 'apple' | 'google' | 'amazon'): string {
    let spelling = this.stores.get(store);
    if (spelling === undefined) {
      spelling = this.random.pick(STORE_SPELLINGS[store]);
      this.stores.set(store, spelling);
    }
    return spelling;
  }

  negative(kind: string, id: string): void {
    (this.negatives[kind] ??= []).push(id);
  }
}

function priceIn(random: Random, [low, high]: [number, number], scale = 1): number {
  if (low === high) return low;
  const raw = random.between(low, high) * scale;
  // Subscriptions are priced at .99, .95 or whole dollars.
  return random.pick([
    Math.floor(raw) + 0.99,
    Math.floor(raw) + 0.95,
    Math.round(raw),
    Math.floor(raw) + 0.49,
  ]);
}

/** The billing days of a cadence from `first` on, up to and past `until`. */
function billingDays(cadence: Cadence, first: number, until: number): number[] {
  const days: number[] = [];
  for (let k = 0; ; k++) {
    const day =
      cadence === 'WEEKLY'
        ? first + 7 * k
        : cadence === 'BIWEEKLY'
          ? first + 14 * k
          : addMonths(first, k * (cadence === 'MONTHLY' ? 1 : cadence === 'QUARTERLY' ? 3 : 12));
    days.push(day);
    if (day > until) return days;
  }
}

const periodOf = (cadence: Cadence): number =>
  ({ WEEKLY: 7, BIWEEKLY: 14, MONTHLY: 30.44, QUARTERLY: 91.3, YEARLY: 365.25 })[cadence];

/**
 * Writes one stream with its shape's noise and labels it. A history that came out too short to
 * be a stream (fewer than three charges, two for yearly) is not written at all.
 */
function writeStream(
  writer: Writer,
  product: Product,
  shape: Shape,
  streams: LabelledStream[],
  options: { price?: number } = {},
): void {
  const { random, start } = writer;
  const end = VARIATIONS_END;
  const traits = new Set<string>(shape === 'plain' || shape === 'weekly' ? [] : [shape]);
  const period = periodOf(product.cadence);
  const { noise } = writer;
  const price = options.price ?? priceIn(random, product.price, noise.priceScale);
  const isWeekly = product.cadence === 'WEEKLY' || product.cadence === 'BIWEEKLY';
  // Starts at the history's start or later; yearly plans were bought before it.
  const lateStart = product.cadence !== 'YEARLY' && random.chance(0.4);
  const first =
    product.cadence === 'YEARLY'
      ? start + random.int(0, 200)
      : start + random.int(0, Math.round(period)) + (lateStart ? random.int(30, 240) : 0);
  if (lateStart) traits.add('late_start');
  const cancelled = random.chance(0.18);
  const lastDay = cancelled ? end - random.int(40, 200) : end + 400;
  if (cancelled) traits.add('cancelled');
  let days = billingDays(product.cadence, first, lastDay).filter((day) => day <= lastDay);

  // Gaps: a pause resumes the same plan on the same or a nearby day; a resubscription comes back
  // months later, often on another billing day and sometimes at another price.
  let resume = -Infinity;
  if (shape === 'paused' || shape === 'resubscribed') {
    const inside = days.filter((day) => day > first + 3 * period && day < end - 4 * period);
    if (inside.length < 2) return;
    const from = random.pick(inside);
    const gap =
      shape === 'paused'
        ? isWeekly
          ? random.int(...noise.pauseWeeks) * 7
          : Math.round(random.int(...noise.pauseMonths) * period)
        : random.int(...noise.resubscribeGap);
    const shift = shape === 'resubscribed' ? random.int(-12, 12) : random.pick([0, 0, 1, -1]);
    resume = from + gap + shift;
    days = [
      ...days.filter((day) => day < from),
      ...billingDays(product.cadence, resume, lastDay).filter((day) => day <= lastDay),
    ];
  }

  const spellings = product.store ? STORE_SPELLINGS[product.store] : product.spellings;
  const mixMode = shape === 'descriptor_mix' ? random.pick(['mix', 'change']) : 'one';
  const spellingCount = mixMode === 'one' ? 1 : Math.min(spellings.length, random.int(2, 3));
  // A store prints one descriptor for everything a household buys there (`storeSpelling`).
  const used = product.store
    ? [writer.storeSpelling(product.store)]
    : [...spellings].sort(() => random.next() - 0.5).slice(0, spellingCount);
  // A biller's debit names the same kind of payment every month.
  const achKind = random.pick(['PAYMENT', 'AUTOPAY', 'WEB PMT', 'BILL PAY']);
  if (mixMode === 'change' && used.length > 1) {
    traits.delete('descriptor_mix');
    traits.add('descriptor_change');
  }
  const switchAt = shape === 'account_switch' ? random.int(3, Math.max(3, days.length - 3)) : -1;
  const firstAccount = random.pick(writer.accounts);
  const otherAccount = writer.accounts.find((account) => account !== firstAccount) ?? firstAccount;

  const introCharges = shape === 'intro_price' ? random.int(1, isWeekly ? 2 : 3) : 0;
  const introPrice =
    Math.round(price * random.pick(noise.introShares) * 100) / 100 ||
    random.pick(price > 40 ? [29.99, 19.99, 1] : [1, 0.99, 4.99]);
  const stepAt = random.chance(0.3)
    ? random.int(introCharges + 3, Math.max(introCharges + 3, days.length - 2))
    : -1;
  const stepped = Math.round(price * random.between(1.05, 1.2) * 100) / 100;

  const charges: Array<{ day: number; description: string; amount: number; account: string }> = [];
  let lastAmount = price;
  let nextDate: string | null = null;
  let resumedInHistory = false;
  const skipRate = random.between(...(isWeekly ? noise.skipWeekly : noise.skipMonthly));
  for (let k = 0; k < days.length; k++) {
    const billed = days[k] as number;
    let amount = k < introCharges ? introPrice : stepAt >= 0 && k >= stepAt ? stepped : price;
    if (stepAt >= 0 && k === stepAt) traits.add('price_step');
    if (product.metered) amount = Math.round(price * random.between(0.75, 1.3) * 100) / 100;
    if (product.addOns && k >= introCharges && random.chance(noise.addOnRate)) {
      amount += random.pick([5.99, 8.99, 11.98, 17.97, 23.96]);
    }
    const posted = postingDay(random, billed, !product.isAch, noise);
    if (posted > end) {
      if (!cancelled) nextDate = formatIsoDate(posted);
      break;
    }
    // A skipped week (or month), never among the first or the latest charges: the stream's
    // state at the end stays what its label says.
    if (k > introCharges && billed < end - 3 * period && random.chance(skipRate)) {
      traits.add('skipped_cycle');
      continue;
    }
    const account = switchAt >= 0 && k >= switchAt ? otherAccount : firstAccount;
    const spelling = (
      mixMode === 'change'
        ? (used[Math.min(used.length - 1, Math.floor((k / days.length) * used.length))] as string)
        : random.pick(used)
    ).replace('{ref}', () => random.reference(9));
    const description = product.isAch
      ? account.bank.ach(spelling, achKind, random)
      : account.bank.card(spelling, billed, random);
    charges.push({ day: posted, description, amount, account: account.id });
    lastAmount = amount;
    if (billed >= resume) resumedInHistory = true;
  }
  // A plan that stopped and has not come back by the history's end is, by everything the history
  // shows, cancelled: labelled so (no next date), as the dev set labels it, rather than active
  // with a next charge months after the end that nothing in the data announces.
  const endsInGap = resume > -Infinity && !resumedInHistory;
  if (endsInGap) {
    traits.delete(shape);
    traits.add('cancelled');
  }
  if (charges.length < (product.cadence === 'YEARLY' ? 2 : 3)) return;
  if (introCharges > 0 && charges.length <= introCharges + 1) return;
  if (used.length > 1 && mixMode === 'mix' && !product.store) traits.add('descriptor_mix');
  if (switchAt >= 0 && switchAt >= charges.length) traits.delete('account_switch');
  streams.push({
    stream_id: `${writer.id}-s${String(streams.length + 1).padStart(2, '0')}`,
    merchant: product.merchant,
    product: product.product,
    category: product.category,
    cadence: product.cadence,
    active: !cancelled && !endsInGap,
    next_date: endsInGap ? null : nextDate,
    last_amount: lastAmount,
    traits: [...traits].sort(),
    transaction_ids: charges.map((charge) =>
      writer.emit(charge.day, charge.description, charge.amount, charge.account),
    ),
  });
}

/** Purchases that look like subscriptions and are not. */
function writeNegatives(writer: Writer, kinds: Set<string>): void {
  const { random, start, accounts } = writer;
  const end = VARIATIONS_END;
  const card = (day: number, merchant: string, amount: number, kind: string): void => {
    const account = random.pick(accounts);
    writer.negative(
      kind,
      writer.emit(
        postingDay(random, day, true, writer.noise),
        account.bank.card(merchant, day, random),
        amount,
        account.id,
      ),
    );
  };
  if (kinds.has('personal_care')) {
    // One price at a barber or nail salon, every three to seven weeks as life allows.
    const shop = random.pick([
      'SQ *FRESH FADES BARBER',
      'GREAT CLIPS #4471',
      'SQ *LUXE NAILS SPA',
      'SUPERCUTS #8821',
      'SQ *STUDIO 7 SALON',
      'SPORT CLIPS TX112',
    ]);
    const price = random.pick([25, 30, 35, 40, 45, 55, 65, 85]);
    const [low, high] = random.pick([
      [24, 45],
      [21, 35],
      [28, 56],
      [26, 38],
    ] as Array<[number, number]>);
    for (let day = start + random.int(0, 20); day <= end; day += random.int(low, high)) {
      card(
        day,
        shop,
        random.chance(0.8) ? price : price + random.pick([5, 10, 15]),
        'personal_care',
      );
    }
  }
  if (kinds.has('app_store')) {
    const store = random.pick(['apple', 'google'] as const);
    const prices = [0.99, 1.99, 2.99, 4.99, 9.99, 14.99, 19.99];
    for (let day = start + random.int(0, 15); day <= end; day += random.int(5, 40)) {
      card(day, writer.storeSpelling(store), random.pick(prices), 'app_store');
    }
  }
  if (kinds.has('amazon')) {
    for (let day = start; day <= end; day += random.int(1, 9)) {
      const rental = random.chance(0.12);
      card(
        day,
        rental
          ? `PRIME VIDEO*${random.reference(9)}`
          : random.pick([
              `AMZN MKTP US*${random.reference(9)}`,
              `AMAZON.COM*${random.reference(9)}`,
              `AMAZON MKTPL*${random.reference(9)}`,
            ]),
        rental ? random.pick([3.99, 5.99, 14.99, 19.99]) : random.between(6, 120),
        'amazon',
      );
    }
  }
  if (kinds.has('bank_fee')) {
    const account = random.pick(accounts);
    for (let month = 0; ; month++) {
      const day = addMonths(start, month) + random.int(0, 3);
      if (day > end) break;
      if (random.chance(0.35)) {
        writer.negative(
          'bank_fee',
          writer.emit(
            day,
            random.pick(['MONTHLY MAINTENANCE FEE', 'SERVICE CHARGE', 'OVERDRAFT FEE']),
            random.pick([12, 15, 35]),
            account.id,
          ),
        );
      }
      if (random.chance(0.5)) {
        writer.negative(
          'bank_fee',
          writer.emit(
            day + random.int(1, 20),
            random.pick(['ATM FEE OUT OF NETWORK', 'NON-BANK ATM FEE']),
            random.pick([2.5, 3, 3.5]),
            account.id,
          ),
        );
      }
    }
  }
  if (kinds.has('p2p')) {
    const person = `${random.pick(FIRST)} ${random.pick(LAST)}`;
    const account = random.pick(accounts);
    const amounts = [20, 25, 40, 50, 60, 100, 150];
    for (let day = start + random.int(0, 10); day <= end; day += random.int(4, 30)) {
      const description = random.chance(0.5)
        ? `VENMO PAYMENT ${digits(random, 10)} WEB ID: 3264681992`
        : `Zelle payment to ${person} Conf# ${random.reference(9).toLowerCase()}`;
      writer.negative('p2p', writer.emit(day, description, random.pick(amounts), account.id));
    }
  }
  if (kinds.has('coffee')) {
    const shop = random.pick([
      'STARBUCKS STORE 08841',
      'DUTCH BROS 4598',
      'SQ *BLUE BOTTLE COFFEE',
      'PEETS COFFEE #0442',
    ]);
    const drink = random.pick([4.45, 5.25, 6.15, 6.95]);
    for (let day = start; day <= end; day += random.int(1, 4)) {
      card(day, shop, random.chance(0.7) ? drink : random.between(3, 14), 'coffee');
    }
  }
  // Everyday spending every household has.
  const shops = [
    'WHOLE FOODS MKT #10233',
    'TRADER JOE S #552',
    'SHELL OIL 5744',
    'CHIPOTLE 1306',
    'TARGET 00012345',
    'UBER *TRIP',
    'CVS/PHARMACY #07291',
  ];
  for (let day = start; day <= end; day += random.int(0, 2)) {
    card(day, random.pick(shops), random.between(4, 140), 'everyday');
  }
  // Paychecks and transfers between own accounts.
  const [checking, savings] = accounts;
  for (let day = start + random.int(0, 13); day <= end; day += 14) {
    writer.emit(
      day,
      `ACME CORP PAYROLL DES:PAYROLL ID:${digits(random, 8)}`,
      -random.between(1400, 2600),
      checking?.id ?? '',
    );
  }
  if (savings && savings !== checking) {
    for (let month = 0; ; month++) {
      const day = addMonths(start, month) + 2;
      if (day > end) break;
      const amount = random.pick([100, 200, 250]);
      writer.neutral.push(
        writer.emit(
          day,
          `ONLINE TRANSFER TO SAV ...${digits(random, 4)}`,
          amount,
          checking?.id ?? '',
        ),
      );
      writer.neutral.push(
        writer.emit(day, `ONLINE TRANSFER FROM CHK ...${digits(random, 4)}`, -amount, savings.id),
      );
    }
  }
}

const SHAPES: Shape[] = [
  'weekly',
  'paused',
  'resubscribed',
  'intro_price',
  'shared_descriptor',
  'descriptor_mix',
  'account_switch',
];

/** One household: a handful of the shapes, everyday bills and the hard negatives. */
function generateHousehold(seed: number, id: string, profile: NoiseProfile): Household {
  const random = createRandom(seed);
  const months = random.int(12, 30);
  const start = addMonths(VARIATIONS_END, -months) + 1;
  const holder = `${random.pick(LAST)},${random.pick(FIRST)}`;
  const city = random.pick(CITIES);
  const accounts = Array.from({ length: random.int(2, 4) }, (_, index) => ({
    id: `acct${index}-${random.reference(6)}`,
    bank: makeBank(random, holder, city),
  }));
  const writer = new Writer(id, random, start, accounts, noiseOf(profile, random));
  const streams: LabelledStream[] = [];

  const pools = [MEAL_KITS, PETS, LESSONS, MEMBERSHIPS, MUSIC];
  const usedMerchants = new Set<string>();
  const pickFresh = (
    pool: readonly Product[],
    filter: (p: Product) => boolean = () => true,
  ): Product | null => {
    const options = pool.filter((p) => filter(p) && !usedMerchants.has(p.merchant));
    if (options.length === 0) return null;
    const chosen = random.pick(options);
    usedMerchants.add(chosen.merchant);
    return chosen;
  };
  for (let n = random.int(4, 7); n > 0; n--) {
    const shape = random.pick(SHAPES);
    if (shape === 'shared_descriptor') {
      const store = random.pick(['apple', 'apple', 'google', 'amazon'] as const);
      const products = STORE_PRODUCTS.filter((p) => p.store === store);
      const two = [...products].sort(() => random.next() - 0.5).slice(0, 2);
      const prices: number[] = [];
      for (const product of two) {
        let price = priceIn(random, product.price, writer.noise.priceScale);
        while (prices.includes(price))
          price = priceIn(random, [product.price[0], product.price[1] + 5]);
        prices.push(price);
        writeStream(writer, product, 'shared_descriptor', streams, { price });
      }
      continue;
    }
    const pool =
      shape === 'weekly'
        ? [...MEAL_KITS, ...PETS, ...LESSONS].filter((p) => p.cadence === 'WEEKLY')
        : random.pick(pools);
    const product = pickFresh(pool);
    if (product) writeStream(writer, product, shape, streams);
  }
  for (let n = random.int(2, 4); n > 0; n--) {
    const product = pickFresh(BILLS);
    if (product) writeStream(writer, product, 'plain', streams);
  }
  const negativeKinds = new Set(
    ['personal_care', 'app_store', 'amazon', 'bank_fee', 'p2p', 'coffee'].filter(() =>
      random.chance(0.6),
    ),
  );
  writeNegatives(writer, negativeKinds);
  // The history ends on one day for every account, as a bank export does and as the dev set's
  // do: a purchase made on the last days but posted after them is not in it yet (a stream's
  // charges already stop there, `writeStream`).
  const lastDate = formatIsoDate(VARIATIONS_END);
  const transactions = writer.transactions.filter((transaction) => transaction.date <= lastDate);
  const kept = new Set(transactions.map((transaction) => transaction.id));
  // Newest first, as a bank lists them.
  transactions.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return {
    id,
    transactions,
    labels: {
      file: `${id}.json`,
      streams,
      negatives: Object.fromEntries(
        Object.entries(writer.negatives).map(([kind, ids]) => [
          kind,
          ids.filter((transactionId) => kept.has(transactionId)),
        ]),
      ),
      neutral: writer.neutral.filter((transactionId) => kept.has(transactionId)),
    },
  };
}

export function generateVariations(options: {
  seed: number;
  households: number;
  noise?: NoiseProfile;
}): Household[] {
  const profile = options.noise ?? 'standard';
  const prefix = profile === 'standard' ? 'var' : `var_${profile}`;
  return Array.from({ length: options.households }, (_, index) =>
    generateHousehold(
      options.seed * 7919 + index,
      `${prefix}_${options.seed}_${String(index + 1).padStart(4, '0')}`,
      profile,
    ),
  );
}
