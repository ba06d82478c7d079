/**
 * A local stand-in for an OpenAI-compatible chat-completions server
 * (https://platform.openai.com/docs/api-reference/chat/streaming): bearer auth, and answers
 * streamed as server-sent events of `chat.completion.chunk`. Its "model" is a script: asked about
 * negotiations, it first calls the `negotiation_status` tool; asked how to cancel something, the
 * `get_cancellation_guide` tool with the name asked about; asked anything else, the
 * `upcoming_bills` tool for the week. Given the tool's result, it streams a sentence built from
 * the result's own figures. Like a real model it calls only a tool the request offers: without
 * one it says it cannot look that up.
 *
 * Every request is checked against OpenAI's API description (vendor-apis/openai.subset.json) and
 * refused with OpenAI's 400 when it does not fit, as is a function tool breaking what the description
 * says in words (a name of a-z, A-Z, 0-9, underscores and dashes, at most 64; parameters that are
 * a JSON Schema); every chunk is checked too, and `close()` throws
 * while anything the description refuses is left (see vendor-api.ts). The `ollama` dialect leaves
 * out the tool call's `index`, as Ollama's compatible endpoint does; that one difference from
 * OpenAI's description is allowed for it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { createViolations, vendorApi } from './vendor-apis/vendor-api';

type Message = { role: string; content?: string | null; tool_call_id?: string };
export type FakeOpenAiRequest = {
  model: string;
  messages: Message[];
  tools?: { function: { name: string; parameters?: object } }[];
};

export type FakeOpenAi = {
  url: string;
  requests: FakeOpenAiRequest[];
  /** What the fake saw that OpenAI's description refuses, taken off the list. */
  takeViolations(): string[];
  close(): Promise<void>;
};

const ROUTE = '/chat/completions';
/** Ollama's one known difference from OpenAI's stream: tool-call chunks carry no `index`. */
const OLLAMA_DIFFERENCE =
  /^\/choices\/\*\/delta\/tool_calls\/\* must have required property 'index'$/;

/** FunctionObject.name's rule, which OpenAI's description states in words only. */
const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const jsonSchemas = new Ajv2020({ strict: false });

/** What OpenAI refuses in the request's function tools beyond the description's schema. */
function toolProblems(body: FakeOpenAiRequest): string[] {
  return (body.tools ?? []).flatMap((tool, i) => {
    const problems: string[] = [];
    const { name, parameters } = tool.function;
    if (!FUNCTION_NAME.test(name))
      problems.push(`/tools/${i}/function/name must be a-z, A-Z, 0-9, _ or -, at most 64`);
    if (parameters !== undefined && !jsonSchemas.validateSchema(parameters))
      problems.push(
        `/tools/${i}/function/parameters is no JSON Schema: ${jsonSchemas.errorsText(jsonSchemas.errors)}`,
      );
    return problems;
  });
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

function cancellationWords(content: string): string {
  const result = JSON.parse(content) as {
    merchant: string;
    guide: { channels: string[]; page_url: string | null };
    your_subscription: { status: string } | null;
    cancellation: { status: string; confirmation_number: string | null } | null;
    in_app_action: string;
  };
  const mine = result.your_subscription
    ? `Your ${result.merchant} is ${result.your_subscription.status}.`
    : `${result.merchant} is not one of your bills.`;
  const under = result.cancellation
    ? ` Cancellation ${result.cancellation.status}${result.cancellation.confirmation_number ? ` (${result.cancellation.confirmation_number})` : ''}.`
    : '';
  return `${result.merchant} cancels ${result.guide.channels.join('/')}${result.guide.page_url ? ` at ${result.guide.page_url}` : ''}. ${mine}${under} ${result.in_app_action}`;
}

/** The tool the script calls for a question, and its arguments in the pieces they stream in. */
function toolFor(question: string): [name: string, args: string[]] {
  if (/negotiat/i.test(question)) return ['negotiation_status', ['{}']];
  const cancel = /\bcancel\s+(?:my\s+)?(.+?)[?.!]*$/i.exec(question);
  if (cancel?.[1]) {
    const args = JSON.stringify({ merchant: cancel[1] });
    return ['get_cancellation_guide', [args.slice(0, 5), args.slice(5)]];
  }
  return ['upcoming_bills', ['{"period":', '"week"}']];
}

export async function startFakeOpenAi(
  apiKey: string,
  { dialect = 'openai' }: { dialect?: 'openai' | 'ollama' } = {},
): Promise<FakeOpenAi> {
  const requests: FakeOpenAiRequest[] = [];
  const openaiApi = vendorApi('openai');
  const violations = createViolations('OpenAI');
  function chunk(delta: object, finish: string | null = null) {
    const body = {
      id: 'chatcmpl-fake',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'fake-model',
      choices: [{ index: 0, delta, finish_reason: finish }],
    };
    const problems = openaiApi
      .checkResponse('POST', ROUTE, 200, body, 'text/event-stream')
      .filter((problem) => dialect !== 'ollama' || !OLLAMA_DIFFERENCE.test(problem));
    violations.record('streamed chunk', problems);
    return `data: ${JSON.stringify(body)}\n\n`;
  }
  const sendError = (response: http.ServerResponse, status: number, error: object) => {
    const body = { error: { param: null, code: null, ...error } };
    violations.record(`answer ${status}`, openaiApi.checkSchema('ErrorResponse', body));
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (data: Buffer) => (raw += data.toString()));
    request.on('end', () => {
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        return sendError(response, 401, {
          message: 'Incorrect API key provided',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        });
      }
      if (request.method !== 'POST' || request.url !== `/v1${ROUTE}`) {
        response.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as FakeOpenAiRequest;
      let refused = openaiApi.checkRequest('POST', ROUTE, body);
      if (refused.length === 0) refused = toolProblems(body);
      if (refused.length > 0) {
        violations.record('request', refused);
        // OpenAI's answer to a request its API refuses.
        return sendError(response, 400, {
          message: refused.join('; '),
          type: 'invalid_request_error',
        });
      }
      requests.push(body);
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const toolResult = body.messages.findLast((m) => m.role === 'tool');
      const question = body.messages.findLast((m) => m.role === 'user')?.content ?? '';
      const [name, args] = toolFor(question);
      const isOffered = body.tools?.some((tool) => tool.function.name === name) ?? false;
      if (/essay/i.test(question)) {
        for (const piece of ['Your ', 'bills ', 'in ', 'full: ']) {
          response.write(chunk({ content: piece }));
        }
        response.write(chunk({}, 'length'));
      } else if (!toolResult && !isOffered) {
        response.write(chunk({ role: 'assistant', content: 'I cannot look that up.' }));
        response.write(chunk({}, 'stop'));
      } else if (!toolResult && dialect === 'ollama') {
        response.write(
          chunk({
            role: 'assistant',
            content: '',
            tool_calls: [
              { id: 'call_1', type: 'function', function: { name, arguments: args.join('') } },
            ],
          }),
        );
        response.write(chunk({}, 'tool_calls'));
      } else if (!toolResult) {
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
        const content = toolResult.content ?? '{}';
        const words =
          name === 'negotiation_status'
            ? negotiationWords(content)
            : name === 'get_cancellation_guide'
              ? cancellationWords(content)
              : billWords(content);
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
    takeViolations: () => violations.take(),
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      violations.assertNone();
    },
  };
}
