import { describe, expect, it } from 'vitest';
import { toDay } from './dates';
import { generatePersonaAccounts } from './generate-history';
import { STORY } from './personas';
import { PERSONA_IDS, type PersonaId, type SandboxTransaction } from './types';

// The story starts with the window: month 12 is March 2024, month 19 October 2024.
const WINDOW = { seed: 'story', start: '2023-03-01', end: '2025-02-28' } as const;

function history(persona: PersonaId, seed: string = WINDOW.seed) {
  const accounts = generatePersonaAccounts(persona, { ...WINDOW, seed });
  const all = accounts.flatMap((account) =>
    account.transactions.map((t) => ({ ...t, account: account.key })),
  );
  const streams = new Map<string, typeof all>();
  for (const t of all) {
    if (!t.recurring_stream || t.amount <= 0) continue;
    streams.set(t.recurring_stream, [...(streams.get(t.recurring_stream) ?? []), t]);
  }
  const charges = (stream: string) => streams.get(stream) ?? [];
  return { accounts, all, streams, charges };
}

const gaps = (ts: readonly SandboxTransaction[]) =>
  ts
    .slice(1)
    .map((t, i) => toDay(t.authorized_date) - toDay(ts[i]?.authorized_date ?? t.authorized_date));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const amounts = (ts: readonly SandboxTransaction[]) => [...new Set(ts.map((t) => t.amount))];

describe('sandbox personas', () => {
  it.each(PERSONA_IDS)(
    'gives %s 8–15 subscriptions and bills, each charged at least twice',
    (persona) => {
      const { all, charges } = history(persona);
      const labels = new Set(
        all
          .filter((t) => t.category_hint === 'subscription' || t.category_hint === 'bill')
          .flatMap((t) => t.recurring_stream ?? []),
      );
      expect(labels.size).toBeGreaterThanOrEqual(8);
      expect(labels.size).toBeLessThanOrEqual(15);
      for (const label of labels) expect(charges(label).length, label).toBeGreaterThanOrEqual(2);
    },
  );

  it.each(PERSONA_IDS)('raises the price of %s’s Netflix a year in, once', (persona) => {
    const netflix = history(persona).charges('netflix');
    const [before, after] = amounts(netflix);
    expect(amounts(netflix)).toHaveLength(2);
    expect(after).toBeGreaterThan(before ?? Infinity);
    const firstNewPrice = netflix.find((t) => t.amount === after);
    expect(firstNewPrice?.authorized_date.slice(0, 7)).toBe('2024-03');
    expect(
      netflix.filter((t) => t.date > (firstNewPrice?.date ?? '')).every((t) => t.amount === after),
    ).toBe(true);
  });

  it.each(PERSONA_IDS)(
    'charges %s nothing during the Peloton free trial, then the full price',
    (persona) => {
      const peloton = history(persona).charges('peloton');
      const signedUpNoEarlierThan = toDay('2023-03-01') + 245; // eight months in
      expect(toDay(peloton[0]?.authorized_date ?? '')).toBeGreaterThanOrEqual(
        signedUpNoEarlierThan + 30,
      );
      expect(amounts(peloton)).toHaveLength(1);
      expect(peloton.length).toBeGreaterThanOrEqual(12);
    },
  );

  it.each(PERSONA_IDS)('stops %s’s Hulu five months before the window ends', (persona) => {
    const hulu = history(persona).charges('hulu');
    expect(hulu.length).toBe(STORY.cancellationAtMonth);
    expect(hulu.every((t) => t.authorized_date < '2024-10-01')).toBe(true);
    expect(hulu.at(-1)?.authorized_date.slice(0, 7)).toBe('2024-09');
  });

  it.each(PERSONA_IDS)('delivers %s a meal kit every week', (persona) => {
    const { streams } = history(persona);
    const kit = streams.get('hellofresh') ?? streams.get('everyplate') ?? [];
    expect(median(gaps(kit))).toBe(7);
    expect(kit.length).toBeGreaterThan(90);
  });

  it.each(PERSONA_IDS)(
    'bills %s two Apple services under one descriptor with different amounts',
    (persona) => {
      const { all } = history(persona);
      const apple = all.filter(
        (t) => t.name === 'APPLE.COM/BILL 866-712-7753 CA' && t.recurring_stream,
      );
      const byStream = new Map(
        apple.map((t) => [
          t.recurring_stream,
          amounts(apple.filter((a) => a.recurring_stream === t.recurring_stream)),
        ]),
      );
      expect([...byStream.keys()].sort()).toEqual(['apple-icloud', 'apple-music']);
      const [icloud, music] = [byStream.get('apple-icloud'), byStream.get('apple-music')];
      expect(icloud).toHaveLength(1);
      expect(music).toHaveLength(1);
      expect(icloud?.[0]).not.toBe(music?.[0]);
    },
  );

  it.each(PERSONA_IDS)('renews a yearly membership of %s once a year', (persona) => {
    const { streams } = history(persona);
    const yearly = [...streams.values()].filter(
      (ts) => ts.length >= 2 && gaps(ts).every((gap) => gap >= 360 && gap <= 370),
    );
    expect(yearly.length).toBeGreaterThanOrEqual(1);
  });

  it.each(PERSONA_IDS)(
    'lets %s’s utility bill swing with the seasons, from checking',
    (persona) => {
      const pge = history(persona).charges('pge');
      const values = pge.map((t) => t.amount);
      expect(Math.max(...values) / Math.min(...values)).toBeGreaterThan(1.6);
      expect(pge.every((t) => t.account === 'checking' && t.category_hint === 'bill')).toBe(true);
    },
  );

  it.each(PERSONA_IDS)('returns one of %s’s bill payments and retries it days later', (persona) => {
    const { all } = history(persona);
    const reversal = all.find((t) => t.name.startsWith('REVERSAL: '));
    const name = reversal?.name.slice('REVERSAL: '.length);
    const sameBill = all.filter((t) => t.name === name && t.amount === -(reversal?.amount ?? 0));
    const before = sameBill.filter((t) => t.date <= (reversal?.date ?? '')).at(-1);
    const retry = sameBill.find((t) => t.date > (reversal?.date ?? ''));
    expect(reversal?.amount).toBeLessThan(0);
    expect(reversal?.recurring_stream).toBeUndefined();
    expect(before?.recurring_stream).toBeDefined();
    expect(toDay(retry?.date ?? '') - toDay(reversal?.date ?? '')).toBeLessThanOrEqual(5);
    expect(retry?.recurring_stream).toBe(before?.recurring_stream);
  });

  it.each(PERSONA_IDS)(
    'bills %s’s subscriptions to the card, and housing and utilities to checking',
    (persona) => {
      const { all } = history(persona);
      expect(
        all.filter((t) => t.category_hint === 'subscription').every((t) => t.account === 'credit'),
      ).toBe(true);
      const fromChecking = all.filter(
        (t) => t.category_hint === 'rent' || t.recurring_stream === 'pge',
      );
      expect(fromChecking.length).toBeGreaterThanOrEqual(48);
      expect(fromChecking.every((t) => t.account === 'checking')).toBe(true);
    },
  );

  it.each(PERSONA_IDS)(
    'signs %s’s money the Plaid way: pay in is negative, charges are positive',
    (persona) => {
      const { all } = history(persona);
      expect(all.filter((t) => t.category_hint === 'income').every((t) => t.amount < 0)).toBe(true);
      const charges = all.filter((t) =>
        ['subscription', 'bill', 'rent', 'groceries', 'fuel'].includes(t.category_hint),
      );
      expect(
        charges.filter((t) => t.amount < 0).every((t) => t.name.startsWith('REVERSAL: ')),
      ).toBe(true);
    },
  );

  it('pays the professional every other Friday, and the freelancer whenever clients pay', () => {
    const payroll = history('default').all.filter((t) => t.recurring_stream === 'payroll');
    expect(payroll.every((t) => t.amount < -2800 && t.category_hint === 'income')).toBe(true);
    expect(median(gaps(payroll))).toBe(14);
    expect(payroll.every((t) => new Date(`${t.date}T00:00:00Z`).getUTCDay() <= 5)).toBe(true);

    const deposits = history('freelancer').all.filter(
      (t) => t.category_hint === 'income' && !t.recurring_stream && t.account === 'checking',
    );
    expect(deposits.length).toBeGreaterThan(100);
    expect(new Set(gaps(deposits)).size).toBeGreaterThan(4);
  });

  it('prints descriptors the way US banks do', () => {
    const names = new Set(
      ['default', 'family', 'freelancer'].flatMap((p) =>
        history(p as PersonaId).all.map((t) => t.name),
      ),
    );
    for (const exact of [
      'NETFLIX.COM 866-579-7172 CA',
      'SPOTIFY USA 877-7781161 NY',
      'HULU 877-8244858 CA',
      'SQ *PLANET FITNESS',
      'VZWRLSS*APOCC VISB',
      'COMCAST CABLE COMM 800-COMCAST',
      'PG&E WEB ONLINE',
      'GEICO *AUTO 800-841-3000 DC',
      'NYTIMES*NYTDIGITAL',
      'ADOBE *CREATIVE CLD',
      'PELOTON* MEMBERSHIP',
      'HELLOFRESH 646-846-3663',
      'AMAZON PRIME MEMBERSHIP',
      'COSTCO *ANNUAL RENEWAL',
      'UBER *TRIP HELP.UBER.COM',
      'TST* BLUE BOTTLE COFFEE',
    ])
      expect(names, exact).toContain(exact);
    for (const pattern of [
      /^ACME CORP PAYROLL PPD ID: \d{10}$/,
      /^AMZN Mktp US\*[0-9A-Z]{9}$/,
      /^TRADER JOE S #\d{3} SAN FRANCISCO CA$/,
      /^SAFEWAY #\d{4}$/,
      /^STARBUCKS STORE \d{5}$/,
      /^DOORDASH\*[A-Z ]+$/,
      /^SHELL OIL \d{5}$/,
      /^CHEVRON \d{7}$/,
      /^ONLINE TRANSFER TO SAV XXXXXX\d{4}$/,
      /^CHASE CREDIT CRD AUTOPAY PPD ID: \d{10}$/,
      /^ROCKET MORTGAGE MTG PYMT PPD ID: \d{10}$/,
    ])
      expect(
        [...names].some((name) => pattern.test(name)),
        String(pattern),
      ).toBe(true);
  });

  it('names merchants as Plaid would enrich them, and leaves transfers unnamed', () => {
    const { all } = history('default');
    expect(all.find((t) => t.recurring_stream === 'netflix')?.merchant_name).toBe('Netflix');
    expect(all.find((t) => t.recurring_stream === 'comcast')?.merchant_name).toBe('Xfinity');
    expect(all.find((t) => t.name.startsWith('AMZN Mktp US'))?.merchant_name).toBe('Amazon');
    expect(
      all
        .filter((t) => t.category_hint === 'transfer' && !t.name.startsWith('VENMO'))
        .every((t) => t.merchant_name === null),
    ).toBe(true);
  });

  it('makes the dynamic persona noisier than the default one, with refunds and look-alikes', () => {
    const plain = history('default', 'same');
    const noisy = history('dynamic', 'same');
    expect(noisy.all.length).toBeGreaterThan(plain.all.length * 1.2);
    expect(noisy.all.some((t) => t.name.startsWith('AMZN') && t.amount < 0)).toBe(true);
    expect(
      noisy.all.some((t) => t.name === 'APPLE.COM/BILL 866-712-7753 CA' && !t.recurring_stream),
    ).toBe(true);
  });
});
