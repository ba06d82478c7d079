import { describe, expect, it } from 'vitest';
import { DEFAULT_CATALOGUE } from './catalog';
import { normalizeMerchant } from './normalize';
import type { MerchantCatalogueEntry } from './types';

/** Real-world descriptor shapes, as card networks, ACH and processors print them. */
const DESCRIPTORS: Array<[descriptor: string, merchant: string]> = [
  ['NETFLIX.COM 866-579-7172 CA', 'Netflix'],
  ['Netflix.com Los Gatos CA', 'Netflix'],
  ['NETFLIX *SUBSCRIPTION', 'Netflix'],
  ['SQ *PLANET FITNESS', 'Planet Fitness'],
  ['POS DEBIT 03/14 PLANET FIT #1234', 'Planet Fitness'],
  ['PLANET FITNESS 844-880-7180', 'Planet Fitness'],
  ['APPLE.COM/BILL 866-712-7753 CA', 'Apple'],
  ['APL*ITUNES.COM/BILL', 'Apple'],
  ['SPOTIFY USA 877-7781161', 'Spotify'],
  ['SPOTIFYUSA', 'Spotify'],
  ['Card Purchase 01/23 SPOTIFYUSA Card 8175', 'Spotify'],
  ['Spotify P0F3A9C4E1', 'Spotify'],
  ['PAYPAL *HULU', 'Hulu'],
  ['HULU 877-8244858 CA', 'Hulu'],
  ['TST* BLUE BOTTLE COFFEE', 'Blue Bottle Coffee'],
  ['BLUE BOTTLE COFFEE   OAKLAND  CA', 'Blue Bottle Coffee'],
  ['AMZN Mktp US*2K4AB1CD3', 'Amazon'],
  ['Amazon.com*2K4AB1CD3', 'Amazon'],
  ['AMAZON PRIME*2K4AB1CD3', 'Amazon Prime'],
  ['Amazon Prime*RT4GH2', 'Amazon Prime'],
  ['PRIME VIDEO*H56JHGVFA', 'Prime Video'],
  ['BANFIELD OPTIMUM WELLNESS', 'Banfield Pet Hospital'],
  ['BANFIELD PET HOSP #1234', 'Banfield Pet Hospital'],
  ['GOOGLE *Google Play Apps', 'Google Play'],
  ['GOOGLE*PLAY G.CO/HELPPAY#', 'Google Play'],
  ['GOOGLE *SERVICES', 'Google Play'],
  ['Google *Services g.co/helppay#', 'Google Play'],
  ['VZWRLSS*APOCC VISB', 'Verizon'],
  ['VERIZON WRLS P1234567', 'Verizon'],
  ['COMCAST CABLE COMM 800-COMCAST', 'Xfinity'],
  ['XFINITY MOBILE', 'Xfinity'],
  ['DISNEY PLUS 888-9052729 CA', 'Disney+'],
  ['DisneyPLUS 8889052729', 'Disney+'],
  ['HBO MAX 855-442-6629 NY', 'Max'],
  ['GOOGLE *YouTubePremium g.co/helppay#', 'YouTube Premium'],
  ['GOOGLE *Google One', 'Google One'],
  ['GOOGLE *Google Storage', 'Google One'],
  ['OPENAI *CHATGPT SUBSCR', 'ChatGPT'],
  ['ADOBE *CREATIVE CLOUD 800-833-6687', 'Adobe'],
  ['MICROSOFT*MICROSOFT 365 P', 'Microsoft 365'],
  ['MSFT * E0300ABCD1', 'Microsoft 365'],
  ['Microsoft*Xbox Game Pass', 'Xbox Game Pass'],
  ['DROPBOX*8K2J4H5L', 'Dropbox'],
  ['AUDIBLE*2K4AB1CD3', 'Audible'],
  ['GOOGLE *Duolingo', 'Duolingo'],
  ['GEICO *AUTO', 'GEICO'],
  ['PROGRESSIVE *INS 800-776-4737', 'Progressive'],
  ['STATE FARM RO 27 SFPP', 'State Farm'],
  ['PGANDE WEB ONLINE', 'PG&E'],
  ['PG&E WEBRECURRING', 'PG&E'],
  ['CON ED OF NY INTELL CK', 'Con Edison'],
  ['DUKE ENERGY PAYMENT', 'Duke Energy'],
  ['ATT*BILL PAYMENT 800-288-2020 TX', 'AT&T'],
  ['AT&T *PAYMENT', 'AT&T'],
  ['TMOBILE*AUTO PAY 800-937-8997 WA', 'T-Mobile'],
  ['T-MOBILE PCS SVC', 'T-Mobile'],
  ['SPECTRUM 855-707-7328 MO', 'Spectrum'],
  ['HELLOFRESH 646-846-3663 NY', 'HelloFresh'],
  ['BLUE APRON 888-278-4349', 'Blue Apron'],
  ['NYTIMES*NYTDIGITAL', 'The New York Times'],
  ['WSJ DIGITAL 800-568-7625', 'The Wall Street Journal'],
  ['WASHPOST*DIGITAL', 'The Washington Post'],
  ['PELOTON* MEMBERSHIP', 'Peloton'],
  ['EQUINOX #123 NEW YORK NY', 'Equinox'],
  ['RECURRING PAYMENT SIRIUSXM', 'SiriusXM'],
  ['DEBIT CARD PURCHASE - TIDAL*SUBSCRIPTION', 'Tidal'],
  ['PATREON* MEMBERSHIP', 'Patreon'],
  ['UBER *ONE MEMBERSHIP', 'Uber One'],
  ['UBER *TRIP HELP.UBER.COM', 'Uber'],
  ['LYFT *RIDE THU 8PM', 'Lyft'],
  ['DOORDASH DASHPASS', 'DashPass'],
  ['DOORDASH*THAI BASIL', 'DoorDash'],
  ['CHECKCARD 0314 STARBUCKS STORE 12345 SEATTLE WA', 'Starbucks'],
  ['SHELL OIL 57444', 'Shell'],
  ['TRADER JOE S #552 QPS', "Trader Joe's"],
  ['WHOLEFDS MKT 10234', 'Whole Foods'],
  ['COSTCO *ANNUAL RENEWAL', 'Costco Membership'],
  ['COSTCO WHSE #0123', 'Costco'],
  ['WALMART+ MEMBERSHIP', 'Walmart+'],
  ['WAL-MART #1234', 'Walmart'],
  ['INSTACART+ MEMBERSHIP', 'Instacart+'],
  ['REFUND NETFLIX.COM', 'Netflix'],
  ['RETURNED ITEM SPOTIFY USA', 'Spotify'],
];

/** Merchants the catalogue doesn't know fall back to a cleaned, title-cased descriptor. */
const UNKNOWN: Array<[descriptor: string, name: string, category: string]> = [
  ['ACH DEBIT SUNRISE APARTMENTS WEB ID: 1234567890', 'Sunrise Apartments', 'rent'],
  [
    'SUNRISE APARTMENTS DES:RENT ID:XXXXX12 INDN:DOE JANE CO ID:9876543210 PPD',
    'Sunrise Apartments',
    'rent',
  ],
  ['CITY OF SPRINGFIELD WATER 8JD72K1L', 'City Of Springfield Water', 'utilities'],
  ['JOES PIZZA #223 BROOKLYN NY', 'Joes Pizza', 'restaurants'],
  ['SQ *CLEAN SWEEP HOUSEKEEPING 03/14', 'Clean Sweep Housekeeping', 'other'],
  ['TOYOTA FINANCIAL SVCS PMT 7M3EPMHC85', 'Toyota Financial Services', 'loans'],
  ['POS PURCHASE XXXX1234 ACME HARDWARE #0042', 'Acme Hardware', 'other'],
  ['DEBIT CARD PURCHASE 12/31 THE LOCAL BAKERY SAN FRANCISCO CA', 'The Local Bakery', 'coffee'],
  ['ONLINE TRANSFER TO SAV 8KD9', 'Transfer To Sav', 'transfers'],
  ['CHASE CREDIT CRD AUTOPAY 240501', 'Chase Credit Crd', 'transfers'],
  ['AUTOMATIC PAYMENT - THANK YOU', 'Automatic Payment Thank You', 'transfers'],
  ['AMEX EPAYMENT ACH PMT', 'Amex Epayment', 'transfers'],
  ['ATM WITHDRAWAL 8H2J3K 1234 MAIN ST', 'Atm Withdrawal Main St', 'cash'],
  ['KUMON LEARNING CTR 4411 REF# 88812', 'Kumon Learning Center', 'other'],
];

describe(normalizeMerchant.name, () => {
  it.each(DESCRIPTORS)('reads "%s" as %s', (descriptor, merchant) => {
    expect(normalizeMerchant(descriptor).name).toBe(merchant);
  });

  it('knows at least sixty descriptor shapes', () => {
    expect(DESCRIPTORS.length + UNKNOWN.length).toBeGreaterThanOrEqual(60);
  });

  it.each(UNKNOWN)('cleans unknown "%s" to %s (%s)', (descriptor, name, category) => {
    const merchant = normalizeMerchant(descriptor);
    expect(merchant.name).toBe(name);
    expect(merchant.category).toBe(category);
    expect(merchant.catalogueId).toBeNull();
  });

  it('gives every charge of one unknown merchant the same key whatever its reference number', () => {
    const keys = [
      'CITY OF SPRINGFIELD WATER 8JD72K1L',
      'CITY OF SPRINGFIELD WATER QQ81M0ZT3',
      'CITY OF SPRINGFIELD WATER WEB PMT',
    ].map((descriptor) => normalizeMerchant(descriptor).key);
    expect(new Set(keys).size).toBe(1);
  });

  it('gives one key to descriptors that differ only in the card number, the posting date or a "subscription" tail', () => {
    const groups = [
      [
        'RECURRING PAYMENT AUTHORIZED ON 02/03 KESTREL LAWN 087336 S272671185592682 CARD 0180',
        'PURCHASE AUTHORIZED ON 06/23 KESTREL LAWN 087336 S306107849396274 CARD 4421',
        'Kestrel Lawn',
      ],
      [
        'BILL PAY NORTHWIND MUTUAL ON-LINE xxxxx9065 ON 01-09',
        'BILL PAY NORTHWIND MUTUAL ON-LINE xxxxx9065 ON 02-11',
      ],
      ['LOVEMATCH *SUBSCRIPTION', 'LOVEMATCH.COM 800-926-2824 TX'],
    ];
    for (const descriptors of groups) {
      const keys = descriptors.map((descriptor) => normalizeMerchant(descriptor).key);
      expect(new Set(keys).size, descriptors.join(' | ')).toBe(1);
    }
  });

  it('takes the place and payment words off the end of a name, but never the whole name', () => {
    const keyOf = (descriptor: string): string => normalizeMerchant(descriptor).key;
    expect(keyOf('HARBOR TUTORS SALT LAKE CITY UT')).toBe('raw:HARBOR TUTORS');
    expect(keyOf('HARBOR TUTORS L L C BILLPAY')).toBe('raw:HARBOR TUTORS');
    expect(keyOf('HARBOR TUTORS AUTO PAY')).toBe('raw:HARBOR TUTORS');
    expect(keyOf('HARBOR TUTORS_CA A1B2 4521')).toBe('raw:HARBOR TUTORS');
    // A name of one letter keeps its tail; a name that is itself a place stays whole.
    expect(keyOf('Q CA')).toBe('raw:Q CA');
    expect(keyOf('PHOENIX')).toBe('raw:PHOENIX');
  });

  it('names an unknown biller as a person would: no payment kind, no shorthand', () => {
    expect(normalizeMerchant('ROCKET MORTGAGE MTG PYMT PPD ID: 1234567890').name).toBe(
      'Rocket Mortgage',
    );
    expect(normalizeMerchant('ESSEX PROPERTY TR RENT PPD ID: 0987654321').name).toBe(
      'Essex Property Trust',
    );
    expect(normalizeMerchant('SUNRISE PROPERTY MGMT RENT').name).toBe(
      'Sunrise Property Management',
    );
    // The grouping key is the descriptor's, so history keeps its streams.
    expect(normalizeMerchant('ROCKET MORTGAGE MTG PYMT').key).toBe('raw:ROCKET MORTGAGE MTG');
  });

  it('reads a contribution to one’s own savings plan as a transfer', () => {
    expect(normalizeMerchant('SCHOLARSHARE 529 CONTRIB').category).toBe('transfers');
    expect(normalizeMerchant('VANGUARD BROKERAGE').category).toBe('transfers');
    expect(
      normalizeMerchant('SCHOLARSHARE 529 CONTRIB', DEFAULT_CATALOGUE, 'ScholarShare 529').category,
    ).toBe('transfers');
  });

  it('returns the website and category of a catalogue merchant', () => {
    expect(normalizeMerchant('NETFLIX.COM 866-579-7172 CA')).toMatchObject({
      key: 'netflix',
      website: 'netflix.com',
      category: 'streaming',
      isRecurringMerchant: true,
    });
  });

  it('marks habitual merchants as not recurring', () => {
    expect(normalizeMerchant('STARBUCKS STORE 12345').isRecurringMerchant).toBe(false);
  });

  it('does not match an alias inside another word', () => {
    expect(normalizeMerchant('SHULUK MARKET').name).not.toBe('Hulu');
    expect(normalizeMerchant('MATTRESS FIRM #12').name).not.toBe('AT&T');
    // A glued country or company form ends the name's word; other letters do not.
    expect(normalizeMerchant('HULUS MARKET').name).not.toBe('Hulu');
    expect(normalizeMerchant('SPOTIFYUSAB').name).not.toBe('Spotify');
  });

  it('uses an injected catalogue instead of the default one', () => {
    const catalogue: MerchantCatalogueEntry[] = [
      {
        id: 'acme-gym',
        name: 'Acme Gym',
        website: 'acmegym.example',
        category: 'fitness',
        aliases: ['ACME ?GYM'],
        isRecurringMerchant: true,
      },
    ];
    expect(normalizeMerchant('SQ *ACME GYM 555-0100', catalogue)).toMatchObject({
      name: 'Acme Gym',
      key: 'acme-gym',
    });
    expect(normalizeMerchant('NETFLIX.COM', catalogue).catalogueId).toBeNull();
  });

  it("falls back to the aggregator's merchant name when the descriptor matches no alias", () => {
    expect(normalizeMerchant('PURCHASE 8812 XX', DEFAULT_CATALOGUE, 'Spotify').name).toBe(
      'Spotify',
    );
    expect(normalizeMerchant('PURCHASE 8812 XX', DEFAULT_CATALOGUE, 'Corner Deli').name).toBe(
      'Corner Deli',
    );
  });

  it('rejects a catalogue alias that is not a valid regular expression', () => {
    const broken: MerchantCatalogueEntry[] = [
      { id: 'broken', name: 'Broken', website: null, category: 'other', aliases: ['BROKEN(('] },
    ];
    expect(() => normalizeMerchant('BROKEN', broken)).toThrow(/"broken" has an invalid alias/);
  });
});
