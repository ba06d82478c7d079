/**
 * The OpenAI-compatible adapter against a local fake server: it follows a tool call, answers it
 * from the person's own data, and streams the model's answer chunk by chunk.
 */
import type { Subscription } from '@billow/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fakes/fake-openai';
import type { ChatModel, FinanceReader } from './chat-model';
import { createOpenAiChatModel, CUT_OFF_NOTE, SYSTEM_PROMPT } from './chat-model.openai';

const bill = (merchant_name: string, amount: number, days: number): Subscription => ({
  id: merchant_name,
  merchant_name,
  amount,
  currency: 'USD',
  status: 'ACTIVE',
  cadence: 'MONTHLY',
  renewal_date: `2026-11-${String(20 + days).padStart(2, '0')}`,
  payment_method: null,
  cancel_date: null,
  is_billow_managed: false,
  user_marked_not_subscription: false,
  category: 'streaming',
  days_until_due: days,
  normalized_monthly_amount: amount,
  is_atomic_manage_eligible: false,
  reward_credit: 0,
  evidence: [],
  is_price_increase: false,
  previous_amount: null,
  confidence: 0.9,
  is_user_added: false,
});

const financesOf = (list: Subscription[]): FinanceReader => ({
  today: async () => '2026-11-20',
  subscriptions: async () => list,
  charges: async () => [],
  rewardsBalance: async () => 0,
  negotiations: async () => [],
  cancellations: async () => [],
});

/** The model's whole answer to one question from this person. */
async function answer(model: ChatModel, question: string, finances: FinanceReader) {
  let text = '';
  for await (const piece of model.reply({
    history: [{ role: 'user', content: question }],
    finances,
    signal: new AbortController().signal,
  })) {
    text += piece;
  }
  return text;
}

describe('the OpenAI-compatible chat model', () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi('sk-test-key');
  });
  afterAll(() => fake.close());

  it('calls a tool, answers it from this person’s bills, and streams the answer', async () => {
    const model = createOpenAiChatModel({
      baseUrl: fake.url,
      apiKey: 'sk-test-key',
      model: 'fake-model',
    });
    const mine = financesOf([
      bill('Netflix', 15.49, 2),
      bill('Hulu', 7.99, 5),
      bill('Spotify', 11.99, 20),
    ]);
    const chunks: string[] = [];
    for await (const piece of model.reply({
      history: [{ role: 'user', content: "What's due this week?" }],
      finances: mine,
      signal: new AbortController().signal,
    })) {
      chunks.push(piece);
    }
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.join('')).toBe(
      'You have 2 bills due this week (Netflix, Hulu), $23.48 in total.',
    );
    expect(model).toMatchObject({
      provider: expect.stringContaining('127.0.0.1'),
      model: 'fake-model',
      isDemoMode: false,
    });

    const [first, second] = fake.requests.slice(-2);
    expect(first?.messages[0]).toEqual({ role: 'system', content: SYSTEM_PROMPT });
    expect(first?.tools?.map((t) => t.function.name)).toEqual([
      'list_subscriptions',
      'monthly_total',
      'upcoming_bills',
      'merchant_charges',
      'negotiation_status',
      'rewards_balance',
      'get_cancellation_guide',
    ]);
    const toolMessage = second?.messages.find((m) => m.role === 'tool');
    expect(toolMessage?.tool_call_id).toBe('call_1');
    expect(JSON.parse(toolMessage?.content ?? '{}')).toMatchObject({
      period: 'week',
      total: 23.48,
    });
  });

  it('another person gets their own figures from the same question', async () => {
    const model = createOpenAiChatModel({
      baseUrl: fake.url,
      apiKey: 'sk-test-key',
      model: 'fake-model',
    });
    const text = await answer(model, "What's due this week?", financesOf([bill('Verizon', 80, 1)]));
    expect(text).toBe('You have 1 bills due this week (Verizon), $80.00 in total.');
  });

  it('follows a tool call sent whole and without an index, as Ollama and Gemini send it', async () => {
    const ollama = await startFakeOpenAi('sk-test-key', { dialect: 'ollama' });
    try {
      const model = createOpenAiChatModel({
        baseUrl: ollama.url,
        apiKey: 'sk-test-key',
        model: 'llama3.1',
      });
      const text = await answer(
        model,
        "What's due this week?",
        financesOf([bill('Netflix', 15.49, 2)]),
      );
      expect(text).toBe('You have 1 bills due this week (Netflix), $15.49 in total.');
    } finally {
      await ollama.close();
    }
  });

  it('says so when the model’s answer was cut off at its length limit', async () => {
    const model = createOpenAiChatModel({
      baseUrl: fake.url,
      apiKey: 'sk-test-key',
      model: 'fake-model',
    });
    const text = await answer(model, 'Write an essay about my bills', financesOf([]));
    expect(text).toBe(`Your bills in full: ${CUT_OFF_NOTE}`);
  });

  it('fails loudly with a wrong key instead of inventing an answer', async () => {
    const model = createOpenAiChatModel({
      baseUrl: fake.url,
      apiKey: 'sk-wrong',
      model: 'fake-model',
    });
    const run = async () => {
      for await (const _ of model.reply({
        history: [{ role: 'user', content: 'hi' }],
        finances: financesOf([]),
        signal: new AbortController().signal,
      })) {
        // nothing arrives
      }
    };
    await expect(run()).rejects.toThrow(/401/);
  });
});
