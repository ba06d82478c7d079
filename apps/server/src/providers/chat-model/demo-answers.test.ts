/**
 * The demo assistant against a person's real figures (the default sandbox persona, linked over
 * HTTP): more than forty phrasings — paraphrases, typos, periods, merchants outside the bills —
 * each answer checked against the figures the screens show. An answer about something it cannot
 * see says so and carries no dollar figure at all.
 */
import {
  formatDollars,
  isActiveBill,
  monthlyTotal,
  sumDollars,
  type Subscription,
} from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkSandboxItem } from '../../../test/sandbox-link';
import { signIn } from '../../../test/sign-in';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { FinanceReader } from './chat-model';
import { demoAnswer } from './demo-answers';

const now = new Date('2026-11-20T12:00:00Z');

describe('the demo assistant, asked in many ways', () => {
  let t: TestApp;
  let finances: FinanceReader;
  let bills: Subscription[];
  const named = (name: string) => bills.find((s) => s.merchant_name === name)!;
  const yearly = (list: Subscription[]) =>
    formatDollars(Math.round(monthlyTotal(list) * 1200) / 100);

  beforeAll(async () => {
    t = await createTestApp({ clock: () => now });
    const { token, user } = await signIn(t.app, '+15555557720');
    await linkSandboxItem(t, token, { persona: 'default' }, { seed: 'default-seed-1' });
    const subscriptions = t.modules.subscriptions.service;
    finances = {
      today: () => subscriptions.todayOf(user.userId),
      subscriptions: () => subscriptions.list(user.userId),
      charges: async (id) =>
        (await subscriptions.transactionDetails(user.userId, id)).transaction_details,
      rewardsBalance: async () => 0,
      negotiations: async () => [],
      cancellations: async () => [],
    };
    bills = await finances.subscriptions();
  });
  afterAll(() => t.close());

  const ask = (question: string) => demoAnswer(question, finances);
  /** Every dollar figure an answer states. */
  const figuresIn = (answer: string) => answer.match(/\$[\d,]+\.\d{2}/g) ?? [];

  it.each([
    'How much do I pay a month?',
    "what's my monthly total",
    'Total per month?',
    'how much am i paying monthly for my subscriptions',
    'wat do i pay per month',
    'monthly cost of my bills',
    'How much do my subscriptions cost?',
    'how much do i spend on subscriptions each month',
    'what do I pay for all my subscriptions',
    'how much do i spend on everything monthly',
  ])('"%s" gives the monthly figure every screen shows', async (question) => {
    const answer = await ask(question);
    expect(answer).toContain(`You pay ${formatDollars(monthlyTotal(bills))} a month`);
  });

  it.each([
    'How much do I pay a year?',
    'what will my bills cost next year',
    'yearly total of my subscriptions',
    'how much do i spend per year on bills',
  ])('"%s" gives twelve of the monthly figure', async (question) => {
    const answer = await ask(question);
    expect(answer).toContain(`You pay ${yearly(bills)} a year`);
  });

  it('answers rent next year as a year of rent, not a month', async () => {
    const rent = bills.filter((s) => s.category === 'rent' && isActiveBill(s));
    expect(rent.length).toBeGreaterThan(0);
    for (const question of [
      'How much will I pay for rent next year?',
      'what does my rent cost a year',
    ]) {
      const answer = await ask(question);
      expect(answer).toContain(`${yearly(rent)} a year for rent`);
    }
  });

  it.each([
    ['How much is Netflix per year?', 'Netflix'],
    ['netflx yearly cost', 'Netflix'],
    ['what does planet fitness cost me annually', 'Planet Fitness'],
    ['Xfinity over a year?', 'Xfinity'],
  ])('"%s" gives a year of that bill', async (question, name) => {
    const answer = await ask(question);
    expect(answer).toContain(`${name} comes to ${yearly([named(name)])} a year`);
  });

  it('answers "this year" with what was paid, not a year ahead', async () => {
    const answer = await ask('how much have I paid Netflix this year');
    expect(answer).not.toContain('a year at');
    expect(answer).toMatch(/^Netflix: .* so far, \$[\d,]+\.\d{2} in total\./);
  });

  it.each([
    ['How much did I pay Netflix last month?', 'Netflix'],
    ['what did planet fitness charge me the previous month', 'Planet Fitness'],
    ['xfinity last month', 'Xfinity'],
  ])('"%s" adds up that bill’s charges of last month', async (question, name) => {
    const charges = (await finances.charges(named(name).id)).filter(
      (c) => c.date >= '2026-10-01' && c.date <= '2026-10-31',
    );
    const answer = await ask(question);
    if (charges.length === 0) expect(answer).toBe(`${name} did not charge you in October.`);
    else
      expect(answer).toContain(
        `You paid ${name} ${formatDollars(sumDollars(charges.map((c) => c.amount)))} in October`,
      );
  });

  it('adds up every bill’s charges of last month', async () => {
    const charges = (await Promise.all(bills.map((s) => finances.charges(s.id))))
      .flat()
      .filter((c) => c.date >= '2026-10-01' && c.date <= '2026-10-31');
    expect(await ask('What did my bills cost last month?')).toContain(
      `Your bills charged you ${formatDollars(sumDollars(charges.map((c) => c.amount)))} in October`,
    );
  });

  it.each([
    'How much did I spend at Whole Foods last month?',
    'what did i spend on uber',
    'how much have I paid to Trader Joes this year',
    'Spending at Starbucks?',
    'how much did i spend at target in the past month',
  ])('"%s" says plainly it cannot see that, with no figure', async (question) => {
    const answer = await ask(question);
    expect(answer).toMatch(/^I can only see your bills and subscriptions/);
    expect(figuresIn(answer)).toEqual([]);
  });

  it('says Hulu is already cancelled instead of how to cancel it', async () => {
    expect(named('Hulu').status).toBe('CANCELLED');
    for (const question of ['How do I cancel Hulu?', 'cancel hulu please']) {
      const answer = await ask(question);
      expect(answer).toMatch(/^You've already cancelled Hulu/);
      expect(figuresIn(answer)).toEqual([]);
    }
  });

  it('says a cancellation already under way is under way, with its number, not how to start one', async () => {
    const netflix = named('Netflix');
    const answer = await demoAnswer('How do I cancel Netflix?', {
      ...finances,
      cancellations: async () => [
        {
          id: '00000000-0000-4000-8000-00000000c0c0',
          subscription_id: netflix.id,
          merchant_name: 'Netflix',
          way: 'self',
          status: 'CONFIRMED',
          allow_retention_offer: false,
          confirmation_number: 'NF-2231',
          failure_reason: null,
          next_step: null,
          yearly_cost: 186,
          requested_at: '2026-11-20T12:00:00Z',
          confirmed_at: '2026-11-20T12:05:00Z',
          verified_at: null,
          watch_until: '2026-12-24',
          charged_after: [],
          call: null,
        },
      ],
    });
    expect(answer).toMatch(/^Your cancellation of Netflix is already under way: it is confirmed/);
    expect(answer).toContain('NF-2231');
    expect(answer).not.toMatch(/takes cancellations/);
  });

  it.each([
    ['How do I cancel Netflix?', 'Netflix'],
    ['how to cancel peloton', 'Peloton'],
  ])('"%s" gives the way to cancel that bill', async (question, name) => {
    expect(await ask(question)).toContain(name);
  });

  it.each(['What are my biggest subscriptions?', 'which bills cost the most', 'top subscriptions'])(
    '"%s" names the three largest at their own prices',
    async (question) => {
      const top = bills
        .filter(isActiveBill)
        .sort((a, b) => b.normalized_monthly_amount - a.normalized_monthly_amount)
        .slice(0, 3);
      const answer = await ask(question);
      for (const bill of top)
        expect(answer).toContain(`${bill.merchant_name}: ${formatDollars(bill.amount)}`);
    },
  );

  it.each([
    'Any price increases?',
    'did anything go up in price',
    'which bills raised their price',
  ])('"%s" names the bills the list marks as raised', async (question) => {
    const raised = bills.filter((s) => s.is_price_increase);
    const answer = await ask(question);
    for (const bill of raised) expect(answer).toContain(bill.merchant_name);
    for (const figure of figuresIn(answer))
      expect(
        raised.some((b) =>
          [b.amount, b.previous_amount].map((a) => a && formatDollars(a)).includes(figure),
        ),
      ).toBe(true);
  });

  it.each([
    ['How much do I spend on streaming?', 'streaming'],
    ['what are my fitness costs', 'fitness'],
    ['how much for my phone bill', 'telecom'],
  ])('"%s" gives that category’s monthly figure', async (question, category) => {
    const inCategory = bills.filter((s) => s.category === category && isActiveBill(s));
    const answer = await ask(question);
    if (inCategory.length === 0) expect(figuresIn(answer)).toEqual([]);
    else expect(answer).toContain(`${formatDollars(monthlyTotal(inCategory))} a month`);
  });

  it.each(['What is due this week?', 'anything coming up soon', 'What do I owe this month?'])(
    '"%s" states only figures of bills due',
    async (question) => {
      const answer = await ask(question);
      const amounts = new Set(bills.map((s) => formatDollars(s.amount)));
      const [total, ...each] = figuresIn(answer);
      for (const figure of each) expect(amounts.has(figure)).toBe(true);
      if (total) expect(answer).toMatch(/in total|Nothing is due/);
    },
  );

  it('makes no figure up for what it does not understand', async () => {
    for (const question of ['what is the weather', 'tell me a joke', 'asdfgh']) {
      const answer = await ask(question);
      expect(answer).toMatch(/^I can't answer that yet/);
      expect(figuresIn(answer)).toEqual([]);
    }
  });
});
