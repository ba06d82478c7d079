/**
 * A local stand-in for an OpenAI-compatible chat-completions server
 * (https://platform.openai.com/docs/api-reference/chat/streaming): bearer auth, and answers
 * streamed as server-sent events of `chat.completion.chunk`. Its "model" is a script: asked
 * anything, it first calls the `upcoming_bills` tool for the week; given that tool's result, it
 * streams a sentence built from the result's own figures.
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

export async function startFakeOpenAi(apiKey: string): Promise<FakeOpenAi> {
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
      if (!toolResult) {
        response.write(
          chunk({
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                index: 0,
                id: 'call_1',
                type: 'function',
                function: { name: 'upcoming_bills', arguments: '' },
              },
            ],
          }),
        );
        response.write(
          chunk({ tool_calls: [{ index: 0, function: { arguments: '{"period":' } }] }),
        );
        response.write(chunk({ tool_calls: [{ index: 0, function: { arguments: '"week"}' } }] }));
        response.write(chunk({}, 'tool_calls'));
      } else {
        const result = JSON.parse(toolResult.content ?? '{}') as {
          total: number;
          bills: { merchant: string }[];
        };
        const words = `You have ${result.bills.length} bills due this week (${result.bills.map((b) => b.merchant).join(', ')}), $${result.total.toFixed(2)} in total.`;
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
