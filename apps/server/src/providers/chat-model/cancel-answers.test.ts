import { describe, expect, it } from 'vitest';
import { GENERIC_CANCELLATION, type Cancellation, type Subscription } from '@billow/contracts';
import { cancellationFacts } from './cancel-answers';
import type { FinanceReader } from './chat-model';
import { demoAnswer } from './demo-answers';

const bill = (
  merchant_name: string,
  merchant_website_url: string | null,
  status: Subscription['status'] = 'ACTIVE',
) =>
  ({
    id: `sub-${merchant_name}`,
    merchant_name,
    merchant_website_url,
    status,
    amount: 80,
    cadence: 'MONTHLY',
    renewal_date: '2026-12-01',
    cancel_date: null,
  }) as Subscription;

const financesWith = (
  subscriptions: Subscription[],
  cancellations: Cancellation[] = [],
): FinanceReader => ({
  today: async () => '2026-11-20',
  subscriptions: async () => subscriptions,
  charges: async () => [],
  rewardsBalance: async () => 0,
  negotiations: async () => [],
  cancellations: async () => cancellations,
});

const cancellationOf = (subscription_id: string, status: Cancellation['status']) =>
  ({
    id: `c-${subscription_id}-${status}`,
    subscription_id,
    status,
    way: 'call',
    confirmation_number: null,
    watch_until: null,
    failure_reason: status === 'FAILED' ? 'The line stayed busy.' : null,
    next_step: null,
    requested_at: '2026-11-19T10:00:00.000Z',
  }) as Cancellation;

describe('the assistant on cancelling', () => {
  it("answers from the merchant's own cancellation facts and offers to do it", async () => {
    const answer = await demoAnswer(
      'How do I cancel Planet Fitness?',
      financesWith([bill('Planet Fitness', 'planetfitness.com')]),
    );
    expect(answer).toMatch(/^Planet Fitness takes cancellations in person or by letter\./);
    expect(answer).toContain('home club');
    expect(answer).toContain('tap Cancel subscription');
  });

  it('gives the generic guide for a merchant Billow does not know', async () => {
    const answer = await demoAnswer(
      'how do i cancel spotify',
      financesWith([bill('Spotify', 'spotify.com')]),
    );
    expect(answer).toMatch(/^Billow does not know Spotify's cancellation yet/);
    expect(answer).toContain('Apple, Google or Amazon');
  });
});

describe(cancellationFacts.name, () => {
  it("gives a catalogue merchant's facts and every way the sheet offers for the person's bill", async () => {
    const facts = await cancellationFacts('verizon', financesWith([bill('Verizon', null)]));
    expect(facts).toMatchObject({
      merchant: 'Verizon',
      is_known_merchant: true,
      guide: { channels: ['phone', 'in_person'], phone: '+18009220204', page_url: null },
      your_subscription: { status: 'ACTIVE', price: '$80.00 a month', yearly_cost: 960 },
      cancellation: null,
      ways_in_app: ['call', 'self'],
    });
    expect(facts.in_app_action).toBe(
      'Open Verizon in the bills and tap Cancel subscription: Billow calls the merchant to cancel for you or gives you the steps to do it yourself, then Billow watches the bank to be sure the charges stop.',
    );
  });

  it('gives the generic guide for a bill Billow does not know, and offers the action', async () => {
    const facts = await cancellationFacts('spotfy', financesWith([bill('Spotify', 'spotify.com')]));
    expect(facts).toMatchObject({
      merchant: 'Spotify',
      is_known_merchant: false,
      guide: { channels: GENERIC_CANCELLATION.channels, notes: GENERIC_CANCELLATION.notes },
      your_subscription: { status: 'ACTIVE' },
    });
    expect(facts.in_app_action).toContain('tap Cancel subscription');
  });

  it('says a cancellation is under way, or done, instead of offering another', async () => {
    const verizon = bill('Verizon', null);
    const failedThenOpen = financesWith(
      [verizon],
      [cancellationOf(verizon.id, 'FAILED'), cancellationOf(verizon.id, 'IN_PROGRESS')],
    );
    const open = await cancellationFacts('Verizon', failedThenOpen);
    expect(open.cancellation).toMatchObject({ status: 'IN_PROGRESS' });
    expect(open.in_app_action).toContain('already under way (IN_PROGRESS); do not start another');

    const failed = await cancellationFacts(
      'Verizon',
      financesWith([verizon], [cancellationOf(verizon.id, 'FAILED')]),
    );
    expect(failed.cancellation).toMatchObject({
      status: 'FAILED',
      failure_reason: 'The line stayed busy.',
    });
    expect(failed.in_app_action).toMatch(/^Open Verizon in the bills and tap Cancel subscription/);

    const done = await cancellationFacts(
      'Verizon',
      financesWith([bill('Verizon', null, 'CANCELLED')]),
    );
    expect(done.in_app_action).toMatch(/^Verizon is cancelled already/);
  });

  it('answers for a merchant that is none of the person’s bills without any bill of theirs', async () => {
    const facts = await cancellationFacts(
      'my Planet Fitness membership',
      financesWith([bill('Verizon', null)], [cancellationOf('sub-Verizon', 'CONFIRMED')]),
    );
    expect(facts).toMatchObject({
      merchant: 'Planet Fitness',
      is_known_merchant: true,
      your_subscription: null,
      cancellation: null,
      ways_in_app: [],
    });
    expect(facts.guide.channels).toEqual(['in_person', 'letter']);
    expect(facts.in_app_action).toContain('not one of the bills Billow tracks');
  });
});
