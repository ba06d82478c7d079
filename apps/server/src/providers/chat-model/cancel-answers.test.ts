import { describe, expect, it } from 'vitest';
import type { Subscription } from '@billow/contracts';
import type { FinanceReader } from './chat-model';
import { demoAnswer } from './demo-answers';

const bill = (merchant_name: string, merchant_website_url: string | null) =>
  ({ merchant_name, merchant_website_url, status: 'ACTIVE' }) as Subscription;

const financesWith = (subscriptions: Subscription[]): FinanceReader => ({
  today: async () => '2026-11-20',
  subscriptions: async () => subscriptions,
  charges: async () => [],
  rewardsBalance: async () => 0,
  negotiations: async () => [],
});

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
