/**
 * What the synthetic users pay for. Subscription templates describe a true stream (its
 * descriptors as real banks print them, cadence, prices, how the amount behaves); habit
 * templates describe frequent spending that is NOT recurring and must not be reported.
 * Descriptor placeholders: {ref} a fresh reference per charge, {store} a store number fixed per
 * user, {mmdd} the posting date.
 */
import type { KnownCadence } from '../cadence';

export type AmountKind = 'fixed' | 'telecom' | 'utility';

export type SubscriptionTemplate = {
  key: string;
  /** Templates sharing a group are never given to one user twice (except `allowSecond`). */
  group: string;
  descriptors: string[];
  cadence: KnownCadence;
  prices: number[];
  amountKind: AmountKind;
  /** The default catalogue lists it as a subscription merchant (2 monthly charges suffice). */
  isKnown: boolean;
  canTrial?: boolean;
  /** A second, differently priced subscription at the same descriptor (Apple). */
  allowSecond?: boolean;
  /** Semi-monthly billing days; `31` means the last day of the month. */
  semiDays?: [number, number][];
  /** Bills on the last day of the month. */
  monthEnd?: boolean;
  weight: number;
};

// prettier-ignore
export const SUBSCRIPTIONS: SubscriptionTemplate[] = [
  { key: 'netflix', group: 'netflix', descriptors: ['NETFLIX.COM 866-579-7172 CA', 'NETFLIX.COM', 'Netflix.com Los Gatos CA'], cadence: 'MONTHLY', prices: [6.99, 15.49, 22.99], amountKind: 'fixed', isKnown: true, weight: 8 },
  { key: 'hulu', group: 'hulu', descriptors: ['HULU 877-8244858 CA', 'PAYPAL *HULU', 'HULU.COM/BILL'], cadence: 'MONTHLY', prices: [7.99, 17.99], amountKind: 'fixed', isKnown: true, canTrial: true, weight: 5 },
  { key: 'disney', group: 'disney', descriptors: ['DISNEY PLUS 888-9052729 CA', 'DisneyPLUS 8889052729'], cadence: 'MONTHLY', prices: [7.99, 13.99], amountKind: 'fixed', isKnown: true, canTrial: true, weight: 5 },
  { key: 'max', group: 'max', descriptors: ['HBO MAX 855-442-6629 NY', 'MAX.COM 855-442-6629'], cadence: 'MONTHLY', prices: [9.99, 16.99], amountKind: 'fixed', isKnown: true, weight: 4 },
  { key: 'spotify', group: 'spotify', descriptors: ['SPOTIFY USA 877-7781161', 'Spotify P{ref}', 'SPOTIFY'], cadence: 'MONTHLY', prices: [10.99, 11.99, 16.99], amountKind: 'fixed', isKnown: true, canTrial: true, weight: 7 },
  { key: 'apple', group: 'apple', descriptors: ['APPLE.COM/BILL 866-712-7753 CA', 'APPLE.COM/BILL'], cadence: 'MONTHLY', prices: [0.99, 2.99, 9.99, 10.99, 6.99], amountKind: 'fixed', isKnown: true, allowSecond: true, weight: 7 },
  { key: 'youtube', group: 'youtube', descriptors: ['GOOGLE *YouTubePremium g.co/helppay#', 'GOOGLE *YouTube Premium'], cadence: 'MONTHLY', prices: [13.99], amountKind: 'fixed', isKnown: true, canTrial: true, weight: 3 },
  { key: 'google-one', group: 'google-one', descriptors: ['GOOGLE *Google One', 'GOOGLE *Google Storage'], cadence: 'MONTHLY', prices: [1.99, 2.99, 9.99], amountKind: 'fixed', isKnown: true, weight: 3 },
  { key: 'prime-monthly', group: 'prime', descriptors: ['Amazon Prime*{ref}', 'AMAZON PRIME*{ref}'], cadence: 'MONTHLY', prices: [14.99], amountKind: 'fixed', isKnown: true, canTrial: true, weight: 4 },
  { key: 'prime-yearly', group: 'prime', descriptors: ['Amazon Prime*{ref}', 'AMZN PRIME MEMBERSHIP'], cadence: 'YEARLY', prices: [139], amountKind: 'fixed', isKnown: true, weight: 4 },
  { key: 'planet-fitness', group: 'gym', descriptors: ['SQ *PLANET FITNESS', 'POS DEBIT {mmdd} PLANET FIT #{store}', 'PLANET FITNESS 844-880-7180'], cadence: 'MONTHLY', prices: [10, 24.99], amountKind: 'fixed', isKnown: true, weight: 4 },
  { key: 'planet-fitness-annual', group: 'gym-fee', descriptors: ['PLANET FITNESS ANNUAL FEE'], cadence: 'YEARLY', prices: [49], amountKind: 'fixed', isKnown: true, weight: 1 },
  { key: 'equinox', group: 'gym', descriptors: ['EQUINOX #{store} NEW YORK NY'], cadence: 'MONTHLY', prices: [240, 285], amountKind: 'fixed', isKnown: true, weight: 1 },
  { key: 'peloton', group: 'peloton', descriptors: ['PELOTON* MEMBERSHIP', 'PELOTON INTERACTIVE'], cadence: 'MONTHLY', prices: [12.99, 44], amountKind: 'fixed', isKnown: true, canTrial: true, weight: 2 },
  { key: 'verizon', group: 'phone', descriptors: ['VZWRLSS*APOCC VISB', 'VERIZON WRLS P{ref}'], cadence: 'MONTHLY', prices: [68, 95, 140], amountKind: 'telecom', isKnown: true, weight: 4 },
  { key: 'att', group: 'phone', descriptors: ['ATT*BILL PAYMENT 800-288-2020 TX'], cadence: 'MONTHLY', prices: [65, 85.5], amountKind: 'telecom', isKnown: true, weight: 3 },
  { key: 't-mobile', group: 'phone', descriptors: ['TMOBILE*AUTO PAY 800-937-8997 WA', 'T-MOBILE PCS SVC'], cadence: 'MONTHLY', prices: [70, 90], amountKind: 'fixed', isKnown: true, weight: 3 },
  { key: 'comcast', group: 'internet', descriptors: ['COMCAST CABLE COMM 800-COMCAST', 'COMCAST XFINITY'], cadence: 'MONTHLY', prices: [79.99, 55], amountKind: 'fixed', isKnown: true, weight: 4 },
  { key: 'spectrum', group: 'internet', descriptors: ['SPECTRUM 855-707-7328 MO'], cadence: 'MONTHLY', prices: [69.99], amountKind: 'fixed', isKnown: true, weight: 3 },
  { key: 'hellofresh', group: 'mealkit', descriptors: ['HELLOFRESH 646-846-3663 NY', 'HELLO FRESH US'], cadence: 'WEEKLY', prices: [59.94, 71.92], amountKind: 'fixed', isKnown: true, weight: 3 },
  { key: 'blue-apron', group: 'mealkit', descriptors: ['BLUE APRON 888-278-4349'], cadence: 'WEEKLY', prices: [47.95, 59.99], amountKind: 'fixed', isKnown: true, weight: 2 },
  { key: 'nyt', group: 'nyt', descriptors: ['NYTIMES*NYTDIGITAL', 'NYT*SUBSCRIPTION 800-698-4637'], cadence: 'MONTHLY', prices: [4, 17], amountKind: 'fixed', isKnown: true, weight: 3 },
  { key: 'wsj', group: 'wsj', descriptors: ['WSJ DIGITAL 800-568-7625', 'DOW JONES & CO'], cadence: 'MONTHLY', prices: [38.99], amountKind: 'fixed', isKnown: true, weight: 1 },
  { key: 'wapo', group: 'wapo', descriptors: ['WASHPOST*DIGITAL', 'WP DIGITAL SUB'], cadence: 'MONTHLY', prices: [4, 12], amountKind: 'fixed', isKnown: true, weight: 1 },
  { key: 'adobe', group: 'adobe', descriptors: ['ADOBE *CREATIVE CLOUD 800-833-6687', 'ADOBE *ADOBE'], cadence: 'MONTHLY', prices: [22.99, 59.99], amountKind: 'fixed', isKnown: true, weight: 2 },
  { key: 'ms365', group: 'ms365', descriptors: ['MICROSOFT*MICROSOFT 365 P', 'MSFT * E0300{ref}'], cadence: 'YEARLY', prices: [99.99, 69.99], amountKind: 'fixed', isKnown: true, weight: 2 },
  { key: 'dropbox', group: 'dropbox', descriptors: ['DROPBOX*{ref}', 'DROPBOX'], cadence: 'MONTHLY', prices: [11.99, 19.99], amountKind: 'fixed', isKnown: true, weight: 2 },
  { key: 'chatgpt', group: 'chatgpt', descriptors: ['OPENAI *CHATGPT SUBSCR', 'OPENAI'], cadence: 'MONTHLY', prices: [20], amountKind: 'fixed', isKnown: true, weight: 4 },
  { key: 'audible', group: 'audible', descriptors: ['AUDIBLE*{ref}', 'Audible US'], cadence: 'MONTHLY', prices: [14.95], amountKind: 'fixed', isKnown: true, canTrial: true, weight: 2 },
  { key: 'duolingo', group: 'duolingo', descriptors: ['DUOLINGO', 'GOOGLE *Duolingo'], cadence: 'YEARLY', prices: [84.99], amountKind: 'fixed', isKnown: true, weight: 2 },
  { key: 'geico', group: 'car-insurance', descriptors: ['GEICO *AUTO', 'GEICO AUTO 800-841-3000'], cadence: 'MONTHLY', prices: [118.4, 162.75], amountKind: 'fixed', isKnown: true, weight: 3 },
  { key: 'progressive', group: 'car-insurance', descriptors: ['PROGRESSIVE *INS 800-776-4737', 'PROG DIRECT INS'], cadence: 'MONTHLY', prices: [97.12, 141.5], amountKind: 'fixed', isKnown: true, weight: 2 },
  { key: 'state-farm', group: 'home-insurance', descriptors: ['STATE FARM RO 27 SFPP', 'STATE FARM INSURANCE'], cadence: 'QUARTERLY', prices: [286.5, 412], amountKind: 'fixed', isKnown: true, weight: 2 },
  { key: 'pge', group: 'power', descriptors: ['PGANDE WEB ONLINE', 'PG&E WEBRECURRING'], cadence: 'MONTHLY', prices: [95, 160], amountKind: 'utility', isKnown: true, weight: 3 },
  { key: 'coned', group: 'power', descriptors: ['CON ED OF NY INTELL CK', 'CONED BILL PAYMENT'], cadence: 'MONTHLY', prices: [80, 130], amountKind: 'utility', isKnown: true, weight: 2 },
  { key: 'duke', group: 'power', descriptors: ['DUKE ENERGY PAYMENT', 'DUKE-ENERGY BILL PAY {ref}'], cadence: 'MONTHLY', prices: [110, 150], amountKind: 'utility', isKnown: true, weight: 2 },
  { key: 'city-water', group: 'water', descriptors: ['CITY OF SPRINGFIELD WATER {ref}', 'CITY OF SPRINGFIELD WATER WEB PMT'], cadence: 'MONTHLY', prices: [42, 65], amountKind: 'utility', isKnown: false, weight: 3 },
  { key: 'water-quarterly', group: 'water', descriptors: ['OAKDALE UTILITIES QTRLY {ref}'], cadence: 'QUARTERLY', prices: [145, 210], amountKind: 'utility', isKnown: false, weight: 1 },
  { key: 'rent', group: 'rent', descriptors: ['ACH DEBIT SUNRISE APARTMENTS WEB ID: {ref}', 'SUNRISE APARTMENTS DES:RENT ID:{ref} INDN:DOE JANE CO ID:{ref} PPD'], cadence: 'MONTHLY', prices: [1850, 2425, 1395], amountKind: 'fixed', isKnown: false, weight: 3 },
  { key: 'rent-month-end', group: 'rent', descriptors: ['AVALON COMMUNITIES RENT {ref}'], cadence: 'MONTHLY', prices: [2100, 2680], amountKind: 'fixed', isKnown: false, monthEnd: true, weight: 1 },
  { key: 'car-loan', group: 'loan', descriptors: ['TOYOTA FINANCIAL SVCS PMT {ref}'], cadence: 'MONTHLY', prices: [389.22, 452.1], amountKind: 'fixed', isKnown: false, monthEnd: true, weight: 2 },
  { key: 'daycare', group: 'daycare', descriptors: ['BRIGHT HORIZONS {ref}', 'BRIGHT HORIZONS TUITION'], cadence: 'SEMI_MONTHLY', prices: [812.5, 1040], amountKind: 'fixed', isKnown: true, semiDays: [[1, 15], [5, 20]], weight: 2 },
  { key: 'rent-split', group: 'rent', descriptors: ['MAPLE COURT LLC RENT {ref}'], cadence: 'SEMI_MONTHLY', prices: [925, 1100], amountKind: 'fixed', isKnown: false, semiDays: [[1, 15], [15, 31]], weight: 1 },
  { key: 'student-loan', group: 'loan2', descriptors: ['NAVIENT STUDENT LN {ref}'], cadence: 'SEMI_MONTHLY', prices: [150, 212.4], amountKind: 'fixed', isKnown: false, semiDays: [[1, 15], [10, 25]], weight: 1 },
  { key: 'cleaner', group: 'cleaner', descriptors: ['CLEAN SWEEP HOUSEKEEPING', 'SQ *CLEAN SWEEP HOUSEKEEPING', 'SQ *CLEAN SWEEP HOUSEKEEPING {mmdd}'], cadence: 'BIWEEKLY', prices: [120, 145], amountKind: 'fixed', isKnown: false, weight: 2 },
  { key: 'personal-loan', group: 'loan3', descriptors: ['SOFI LOAN PMT {ref}'], cadence: 'BIWEEKLY', prices: [210.55, 318.9], amountKind: 'fixed', isKnown: false, weight: 1 },
  { key: 'tutoring', group: 'tutor', descriptors: ['KUMON LEARNING CTR {store}', 'POS DEBIT {mmdd} KUMON LEARNING CTR'], cadence: 'MONTHLY', prices: [165, 190], amountKind: 'fixed', isKnown: false, weight: 1 },
  { key: 'dog-walker', group: 'dog', descriptors: ['PAWS N CLAWS DOG WALKING', 'SQ *PAWS N CLAWS DOG WALKING'], cadence: 'WEEKLY', prices: [75, 100], amountKind: 'fixed', isKnown: false, weight: 1 },
  { key: 'pest-control', group: 'pest', descriptors: ['TERMINIX PEST CONTROL {ref}'], cadence: 'QUARTERLY', prices: [129, 149], amountKind: 'fixed', isKnown: false, weight: 1 },
  { key: 'costco-membership', group: 'costco-membership', descriptors: ['COSTCO *ANNUAL RENEWAL', 'COSTCO MEMBERSHIP'], cadence: 'YEARLY', prices: [65, 130], amountKind: 'fixed', isKnown: true, weight: 2 },
  { key: 'domain', group: 'domain', descriptors: ['DNH*GODADDY.COM {ref}', 'GODADDY.COM'], cadence: 'YEARLY', prices: [21.99, 19.99], amountKind: 'fixed', isKnown: true, weight: 1 },
  { key: 'dmv', group: 'dmv', descriptors: ['CA DMV RENEWAL {ref}'], cadence: 'YEARLY', prices: [212, 187], amountKind: 'fixed', isKnown: false, weight: 1 },
  { key: 'daily-invest', group: 'invest', descriptors: ['ACORNS INVEST {ref}', 'ACORNS INVEST'], cadence: 'DAILY', prices: [5, 2], amountKind: 'fixed', isKnown: false, weight: 0.4 },
  { key: 'uber-one', group: 'uber-one', descriptors: ['UBER *ONE MEMBERSHIP', 'UBER ONE'], cadence: 'MONTHLY', prices: [9.99], amountKind: 'fixed', isKnown: true, canTrial: true, weight: 2 },
  { key: 'dashpass', group: 'dashpass', descriptors: ['DOORDASH DASHPASS', 'DOORDASH*DASHPASS'], cadence: 'MONTHLY', prices: [9.99], amountKind: 'fixed', isKnown: true, canTrial: true, weight: 2 },
  { key: 'subscribe-save', group: 'subscribe-save', descriptors: ['AMZN Mktp US*{ref}'], cadence: 'MONTHLY', prices: [23.47, 31.86, 18.99], amountKind: 'fixed', isKnown: false, weight: 1.5 },
  { key: 'patreon', group: 'patreon', descriptors: ['PATREON* MEMBERSHIP', 'PAYPAL *PATREON'], cadence: 'MONTHLY', prices: [5, 10], amountKind: 'fixed', isKnown: true, weight: 1 },
];

export type HabitTemplate = {
  key: string;
  descriptors: string[];
  /** Mean visits per week. */
  visitsPerWeek: number;
  /** Typical purchase amounts; a visit picks one (menu items) or draws in the range. */
  menu?: number[];
  range: [number, number];
  weekdaysOnly?: boolean;
  /** Inflow (paycheck), as negative amounts. */
  isInflow?: boolean;
  /** Days between visits, drawn uniformly (for irregular-but-habitual spending like haircuts). */
  gapDays?: [number, number];
  /** Visits on this weekday (0 = Sunday) most weeks: regular timing, random amounts. */
  weekday?: number;
  weight: number;
};

// prettier-ignore
export const HABITS: HabitTemplate[] = [
  { key: 'blue-bottle', descriptors: ['TST* BLUE BOTTLE COFFEE', 'BLUE BOTTLE COFFEE   OAKLAND  CA'], visitsPerWeek: 3, menu: [4.5, 5.25, 6.75], range: [3, 12], weekdaysOnly: true, weight: 3 },
  { key: 'starbucks', descriptors: ['STARBUCKS STORE {store} SEATTLE WA', 'CHECKCARD {mmdd} STARBUCKS STORE {store}'], visitsPerWeek: 4, menu: [4.35, 5.65, 6.45], range: [2.95, 14], weekdaysOnly: true, weight: 4 },
  { key: 'ritual', descriptors: ['SQ *RITUAL COFFEE ROASTERS'], visitsPerWeek: 2, menu: [4.25], range: [3.5, 9], weight: 2 },
  { key: 'trader-joes', descriptors: ['TRADER JOE S #{store}', 'TRADER JOES #{store} QPS'], visitsPerWeek: 1, range: [28, 160], weight: 4 },
  { key: 'whole-foods', descriptors: ['WHOLEFDS {store}', 'WHOLE FOODS MARKET {store}'], visitsPerWeek: 0.7, range: [18, 210], weight: 3 },
  { key: 'safeway', descriptors: ['SAFEWAY #{store}', 'SAFEWAY STORE {store}'], visitsPerWeek: 0.8, range: [12, 180], weight: 3 },
  { key: 'local-market', descriptors: ['LA BONITA MARKET {store}'], visitsPerWeek: 0.5, range: [8, 60], weight: 2 },
  { key: 'uber', descriptors: ['UBER *TRIP HELP.UBER.COM', 'UBER   *TRIP {ref}'], visitsPerWeek: 1.5, range: [7, 48], weight: 4 },
  { key: 'lyft', descriptors: ['LYFT *RIDE {ref}'], visitsPerWeek: 0.8, range: [6, 40], weight: 2 },
  { key: 'shell', descriptors: ['SHELL OIL {store}', 'SHELL SERVICE STATION {store}'], visitsPerWeek: 0.8, range: [28, 72], weight: 3 },
  { key: 'chevron', descriptors: ['CHEVRON {store}'], visitsPerWeek: 0.6, range: [30, 68], weight: 2 },
  { key: 'amazon', descriptors: ['AMZN Mktp US*{ref}', 'Amazon.com*{ref}'], visitsPerWeek: 1.6, menu: [12.99, 9.99], range: [6, 160], weight: 5 },
  { key: 'pizza', descriptors: ['JOES PIZZA #223 BROOKLYN NY'], visitsPerWeek: 0.5, range: [14, 42], weight: 2 },
  { key: 'chipotle', descriptors: ['CHIPOTLE {store}', 'CHIPOTLE ONLINE'], visitsPerWeek: 0.8, menu: [11.85, 13.4], range: [9, 30], weight: 3 },
  { key: 'mcdonalds', descriptors: ["MCDONALD'S F{store}"], visitsPerWeek: 0.6, range: [5, 18], weight: 2 },
  { key: 'sweetgreen', descriptors: ['TST* SWEETGREEN {store}'], visitsPerWeek: 1, menu: [14.95, 16.45], range: [12, 22], weekdaysOnly: true, weight: 2 },
  { key: 'doordash', descriptors: ['DOORDASH*{ref}', 'DD *DOORDASH THAI BASIL'], visitsPerWeek: 0.7, range: [18, 65], weight: 3 },
  { key: 'venmo', descriptors: ['VENMO PAYMENT {ref}'], visitsPerWeek: 0.6, menu: [20, 50, 100], range: [10, 300], weight: 3 },
  { key: 'zelle', descriptors: ['ZELLE TO SMITH JOHN CONF# {ref}'], visitsPerWeek: 0.3, menu: [100, 200], range: [25, 800], weight: 2 },
  { key: 'parking', descriptors: ['PARKMOBILE {ref}'], visitsPerWeek: 1, menu: [4, 6], range: [2, 14], weight: 2 },
  { key: 'transit', descriptors: ['MTA*NYCT PAYGO'], visitsPerWeek: 6, menu: [2.9], range: [2.9, 2.9], weekdaysOnly: true, weight: 1.5 },
  { key: 'cvs', descriptors: ['CVS/PHARMACY #{store}'], visitsPerWeek: 0.4, range: [4, 60], weight: 2 },
  { key: 'haircut', descriptors: ['GREAT CLIPS #{store}'], visitsPerWeek: 0, menu: [25], range: [25, 25], gapDays: [26, 50], weight: 2 },
  { key: 'movies', descriptors: ['AMC THEATRES {store}'], visitsPerWeek: 0, menu: [15.99, 31.98], range: [12, 45], gapDays: [14, 60], weight: 1.5 },
  { key: 'farm-stand', descriptors: ['SQ *GREEN ACRES FARM STAND', 'SQ *GREEN ACRES FARM STAND {mmdd}'], visitsPerWeek: 1, range: [12, 48], weekday: 6, weight: 1.5 },
  { key: 'atm', descriptors: ['ATM WITHDRAWAL {ref} 1234 MAIN ST', 'NON-CHASE ATM WITHDRAW {ref}'], visitsPerWeek: 0, menu: [100, 200, 60], range: [20, 300], gapDays: [5, 20], weight: 2 },
  { key: 'day-pass', descriptors: ['SQ *BOULDER GYM DAY PASS'], visitsPerWeek: 0, menu: [22], range: [22, 22], gapDays: [6, 30], weight: 1 },
  { key: 'savings-sweep', descriptors: ['ONLINE TRANSFER TO SAV {ref}'], visitsPerWeek: 0, menu: [50, 100, 250], range: [25, 400], gapDays: [7, 40], weight: 2 },
  { key: 'interest', descriptors: ['INTEREST PAYMENT'], visitsPerWeek: 0, range: [0.4, 3], isInflow: true, gapDays: [30, 31], weight: 2 },
  { key: 'paycheck', descriptors: ['ACME CORP PAYROLL PPD ID: {ref}'], visitsPerWeek: 0, range: [2100, 2400], isInflow: true, gapDays: [14, 14], weight: 6 },
];
