/**
 * A local stand-in for an OpenAI-compatible chat-completions server
 * (https://platform.openai.com/docs/api-reference/chat/streaming): bearer auth, and answers
 * streamed as server-sent events of `chat.completion.chunk`. Its "model" is a script: asked about
 * negotiations, it first calls the `negotiation_status` tool, asked anything else, the
 * `upcoming_bills` tool for the week; given the tool's result, it streams a sentence built from
 * the result's own figures.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Message = { role: string; content?: string | null; tool_call_id?: string };
export type FakeOpenAiRequest = {
  model: string;
  messages: Message[];
  tools?: { function: { name: string } }[];
};

export type FakeOpenAi = {
  url: string;
  requests: FakeOpenAiRequest[];
  close(): Promise<void>;
};

function chunk(delta: object, finish: string | null = null) {
  const body = {
    id: 'chatcmpl-fake',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'fake-model',
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

function billWords(content: string): string {
  const result = JSON.parse(content) as { total: number; bills: { merchant: string }[] };
  return `You have ${result.bills.length} bills due this week (${result.bills.map((b) => b.merchant).join(', ')}), $${result.total.toFixed(2)} in total.`;
}

function negotiationWords(content: string): string {
  const result = JSON.parse(content) as {
    negotiations: { merchant: string; status: string; successful_savings: number | null }[];
  };
  if (result.negotiations.length === 0) return 'You have no negotiations.';
  const each = result.negotiations.map(
    (n) =>
      `${n.merchant} ${n.status}${n.successful_savings === null ? '' : ` saving $${n.successful_savings.toFixed(2)}`}`,
  );
  return `Your negotiations: ${each.join(', ')}.`;
}

export async function startFakeOpenAi(
  apiKey: string,
  { dialect = 'openai' }: { dialect?: 'openai' | 'ollama' } = {},
): Promise<FakeOpenAi> {
  const requests: FakeOpenAiRequest[] = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (data: Buffer) => (raw += data.toString()));
    request.on('end', () => {
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            error: {
              message: 'Incorrect API key provided',
              type: 'invalid_request_error',
              code: 'invalid_api_key',
            },
          }),
        );
        return;
      }
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as FakeOpenAiRequest;
      requests.push(body);
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const toolResult = body.messages.findLast((m) => m.role === 'tool');
      const question = body.messages.findLast((m) => m.role === 'user')?.content ?? '';
      const isAboutNegotiations = /negotiat/i.test(question);
      if (/essay/i.test(question)) {
        for (const piece of ['Your ', 'bills ', 'in ', 'full: ']) {
          response.write(chunk({ content: piece }));
        }
        response.write(chunk({}, 'length'));
      } else if (!toolResult && dialect === 'ollama') {
        const [name, args] = isAboutNegotiations
          ? ['negotiation_status', '{}']
          : ['upcoming_bills', '{"period":"week"}'];
        response.write(
          chunk({
            role: 'assistant',
            content: '',
            tool_calls: [{ id: 'call_1', type: 'function', function: { name, arguments: args } }],
          }),
        );
        response.write(chunk({}, 'tool_calls'));
      } else if (!toolResult) {
        const [name, args] = isAboutNegotiations
          ? ['negotiation_status', ['{}']]
          : ['upcoming_bills', ['{"period":', '"week"}']];
        response.write(
          chunk({
            role: 'assistant',
            content: null,
            tool_calls: [
              { index: 0, id: 'call_1', type: 'function', function: { name, arguments: '' } },
            ],
          }),
        );
        // The arguments arrive in pieces, as a real model streams them.
        for (const piece of args) {
          response.write(chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }));
        }
        response.write(chunk({}, 'tool_calls'));
      } else {
        const words = isAboutNegotiations
          ? negotiationWords(toolResult.content ?? '{}')
          : billWords(toolResult.content ?? '{}');
        for (const piece of words.match(/\S+\s*/g) ?? []) response.write(chunk({ content: piece }));
        response.write(chunk({}, 'stop'));
      }
      response.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
