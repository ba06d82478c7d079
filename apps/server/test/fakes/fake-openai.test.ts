/**
 * The fake OpenAI answers as OpenAI's API description (vendor-apis/openai.subset.json) says: a
 * request OpenAI refuses gets OpenAI's 400, and every chunk it streams to Billow's adapter is a
 * `chat.completion.chunk` OpenAI documents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FinanceReader } from '../../src/providers/chat-model/chat-model';
import { createOpenAiChatModel } from '../../src/providers/chat-model/chat-model.openai';
import { startFakeOpenAi, type FakeOpenAi } from './fake-openai';
import { vendorApi } from './vendor-apis/vendor-api';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi('sk-test-key');
});
afterAll(() => fake.close());

const finances: FinanceReader = {
  today: async () => '2026-11-20',
  subscriptions: async () => [],
  charges: async () => [],
  rewardsBalance: async () => 0,
  negotiations: async () => [],
  cancellations: async () => [],
};

async function post(body: object) {
  const response = await fetch(`${fake.url}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer sk-test-key' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { error?: object } };
}

describe('the fake OpenAI', () => {
  it('refuses a request OpenAI refuses, with OpenAI’s error', async () => {
    const noMessages = await post({ model: 'fake-model', stream: true });
    expect(noMessages).toMatchObject({
      status: 400,
      body: { error: { type: 'invalid_request_error', param: null, code: null } },
    });
    const misspelt = await post({
      model: 'fake-model',
      messages: [{ role: 'user', content: 'hi' }],
      temprature: 0.2,
    });
    expect(misspelt.status).toBe(400);
    const badRole = await post({ model: 'fake-model', messages: [{ role: 'bot', content: 'hi' }] });
    expect(badRole.status).toBe(400);
    const [first, second, third] = fake.takeViolations();
    expect(first).toContain("must have required property 'messages'");
    expect(second).toContain("unevaluated properties 'temprature'");
    expect(third).toContain('/messages/*');
    expect(fake.requests).toEqual([]);
  });

  it('refuses a function tool OpenAI refuses: a name out of its characters, parameters that are no JSON Schema', async () => {
    const tool = (name: string, parameters: object) => ({
      type: 'function',
      function: { name, description: 'd', parameters },
    });
    const asked = { model: 'fake-model', messages: [{ role: 'user', content: 'hi' }] };
    const spaced = await post({ ...asked, tools: [tool('get cancellation guide', {})] });
    expect(spaced.status).toBe(400);
    const misspelt = await post({
      ...asked,
      tools: [
        tool('get_cancellation_guide', { type: 'object', properties: { m: { type: 'strng' } } }),
      ],
    });
    expect(misspelt.status).toBe(400);
    const [name, parameters] = fake.takeViolations();
    expect(name).toContain('/tools/0/function/name');
    expect(parameters).toContain('/tools/0/function/parameters');
    expect(fake.requests).toEqual([]);
  });

  it('knows a chunk OpenAI never streams when it sees one', () => {
    const chunk = {
      id: 'chatcmpl-1',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'm',
      choices: [{ index: 0, delta: { tool_calls: [{ id: 'c', function: { name: 'x' } }] } }],
    };
    expect(
      vendorApi('openai').checkResponse(
        'POST',
        '/chat/completions',
        200,
        chunk,
        'text/event-stream',
      ),
    ).toEqual([
      "/choices/* must have required property 'finish_reason'",
      "/choices/*/delta/tool_calls/* must have required property 'index'",
    ]);
  });

  it('streams tool calls, answers and a cut-off answer in chunks OpenAI documents', async () => {
    const model = createOpenAiChatModel({
      baseUrl: fake.url,
      apiKey: 'sk-test-key',
      model: 'fake-model',
    });
    const questions = [
      "What's due this week?",
      'How are my negotiations?',
      'How do I cancel Netflix?',
      'An essay',
    ];
    for (const question of questions) {
      for await (const _ of model.reply({
        history: [{ role: 'user', content: question }],
        finances,
        signal: new AbortController().signal,
      })) {
        // the whole answer, each chunk checked by the fake
      }
    }
    expect(fake.requests.length).toBeGreaterThanOrEqual(7);
    expect(fake.takeViolations()).toEqual([]);
  });
});
