/**
 * A local stand-in for Vapi's calls API (https://docs.vapi.ai/api-reference/calls/create, get,
 * list): bearer auth, POST /call answering 201 with the call resource, GET /call/:id and
 * GET /call?phoneNumberId&createdAtGt. It keeps every creation payload for tests to read, and
 * builds the server messages Vapi would post to the assistant's server (`status-update`,
 * `tool-calls`, `end-of-call-report`, each as `{ message: … }` with the call and assistant),
 * addressed and headed as the assistant's `server` asked.
 *
 * Checked twice against Vapi's own description. At run time against Vapi's OpenAPI document
 * (the part Billow uses, vendor-apis/vapi.subset.json): a POST /call body Vapi would refuse is
 * answered with Vapi's 400 and recorded, and every call resource and server message the fake
 * sends must match what Vapi documents; `close()` fails on anything recorded. At compile time
 * against its server SDK's types (`@vapi-ai/server-sdk`): every message and resource the fake
 * builds `satisfies` them. One documented difference: both type a tool call's
 * `function.arguments` as a JSON string, while Vapi's server-message guide and real payloads
 * carry an object (and `name`/`arguments` beside `function`); the fake sends that form, Billow
 * reads both, and tool-call messages are the one kind not checked at run time.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Vapi } from '@vapi-ai/server-sdk';
import { createViolations, vendorApi } from './vendor-apis/vendor-api';

type Json = Record<string, unknown>;

/** A tool call as Vapi's server messages carry it (see above: the arguments an object). */
type DocumentedToolCall = Omit<Vapi.ToolCall, 'function'> & {
  function: Omit<Vapi.ToolCallFunction, 'arguments'> & { arguments: Json };
  name: string;
  arguments: Json;
};

/** A server message's own fields; `message()` adds the call, assistant and customer. */
type OwnFields<T> = Omit<T, 'call' | 'assistant' | 'customer'>;

export type FakeVapiCall = {
  id: string;
  payload: Json;
  status: Vapi.CallStatus;
  createdAt: string;
  endedReason?: Vapi.ServerMessageEndOfCallReportEndedReason;
  artifact?: Vapi.Artifact;
  analysis?: Vapi.Analysis;
};

export type VapiDelivery = { url: string; headers: Record<string, string>; body: string };

export type FakeVapi = {
  url: string;
  apiKey: string;
  calls: FakeVapiCall[];
  /** Makes the next POST /call answer with this status (then back to normal). */
  failNextCreate(status: number): void;
  /** A server message for a call, addressed and headed as its assistant's server asks. */
  message(callId: string, message: Json): VapiDelivery;
  statusUpdate(callId: string, status: Vapi.ServerMessageStatusUpdateStatus): VapiDelivery;
  toolCalls(callId: string, calls: { name: string; arguments: Json }[]): VapiDelivery;
  /** `conversation-update`: the conversation so far, its first `turns` turns. */
  conversationUpdate(callId: string, turns: number, conversation?: Conversation): VapiDelivery;
  /** Ends the call (GET /call/:id shows it ended) and returns its end-of-call report. */
  endOfCallReport(
    callId: string,
    report: {
      endedReason: Vapi.ServerMessageEndOfCallReportEndedReason;
      structuredData?: Json;
      summary?: string;
      conversation?: Conversation;
    },
  ): VapiDelivery;
  /** What the fake saw that Vapi's description refuses, taken (a test proving a refusal). */
  takeViolations(): string[];
  /** Stops the fake; fails if anything it saw or sent breaks Vapi's description. */
  close(): Promise<void>;
};

/** Turns of a call: `bot` is the assistant, `user` the merchant's side. */
export type Conversation = readonly (readonly ['user' | 'bot', string])[];

const CONVERSATION: Conversation = [
  ['user', 'Thank you for calling, this is Dana in customer loyalty. How can I help?'],
  ['bot', 'Hi Dana, I am calling for the account holder about lowering their monthly bill.'],
  ['user', 'I can look at retention offers. Can you verify the account PIN?'],
  ['bot', 'Of course, it is on file. I can read it now.'],
  ['user', 'Thanks, verified. I can take ten dollars a month off for twelve months.'],
  ['bot', 'That works, as long as the plan itself stays the same.'],
];

/** The server messages checked against Vapi's description, by type (see above). */
const CHECKED_MESSAGES: Record<string, string> = {
  'status-update': 'ServerMessageStatusUpdate',
  'conversation-update': 'ServerMessageConversationUpdate',
  'end-of-call-report': 'ServerMessageEndOfCallReport',
};

export async function startFakeVapi(apiKey = 'vapi-test-key-0123456789'): Promise<FakeVapi> {
  const calls: FakeVapiCall[] = [];
  let failWith: number | null = null;
  const api = vendorApi('vapi');
  const violations = createViolations('Vapi');
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const send = (status: number, body: unknown, route?: string) => {
        if (route && status < 300) {
          const problems = api.checkResponse(request.method ?? 'GET', route, status, body);
          violations.record(`answer to ${request.method} ${route}`, problems);
        }
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        return send(401, {
          message:
            'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.',
          error: 'Unauthorized',
          statusCode: 401,
        });
      }
      const url = new URL(request.url ?? '/', 'http://fake');
      if (request.method === 'POST' && url.pathname === '/call') {
        if (failWith) {
          const status = failWith;
          failWith = null;
          return send(status, {
            message: ['Simulated failure'],
            error: 'Error',
            statusCode: status,
          });
        }
        const payload = JSON.parse(raw || '{}') as Json;
        const refused = api.checkRequest('POST', '/call', payload);
        violations.record('POST /call', refused);
        if (refused.length > 0)
          return send(400, { message: refused, error: 'Bad Request', statusCode: 400 });
        // The description leaves these optional; an outbound call cannot be placed without them.
        if (!payload.phoneNumberId || !(payload.customer as Json | undefined)?.number) {
          return send(400, {
            message: ['phoneNumberId and customer.number are required for an outbound call'],
            error: 'Bad Request',
            statusCode: 400,
          });
        }
        const call: FakeVapiCall = {
          id: crypto.randomUUID(),
          payload,
          status: 'queued',
          createdAt: new Date().toISOString(),
        };
        calls.push(call);
        return send(201, resource(call), '/call');
      }
      if (request.method === 'GET' && url.pathname.startsWith('/call/')) {
        const call = calls.find((c) => c.id === url.pathname.slice('/call/'.length));
        return call
          ? send(200, resource(call), '/call/{id}')
          : send(404, { message: 'Not Found', statusCode: 404 });
      }
      if (request.method === 'GET' && url.pathname === '/call') {
        const phoneNumberId = url.searchParams.get('phoneNumberId');
        const after = url.searchParams.get('createdAtGt');
        return send(
          200,
          calls
            .filter((c) => !phoneNumberId || c.payload.phoneNumberId === phoneNumberId)
            .filter((c) => !after || c.createdAt > after)
            .map(resource),
          '/call',
        );
      }
      return send(404, { message: `Cannot ${request.method} ${url.pathname}`, statusCode: 404 });
    });
  });

  function resource(call: FakeVapiCall): Vapi.Call {
    return {
      id: call.id,
      orgId: 'org-fake',
      type: 'outboundPhoneCall',
      status: call.status,
      createdAt: call.createdAt,
      updatedAt: new Date().toISOString(),
      phoneNumberId: String(call.payload.phoneNumberId),
      // As Billow sent them (its adapter builds them as the SDK's CreateCallDto).
      customer: call.payload.customer as Vapi.CreateCustomerDto,
      assistant: call.payload.assistant as Vapi.CreateAssistantDto,
      ...(call.endedReason ? { endedReason: call.endedReason } : {}),
      ...(call.artifact ? { artifact: call.artifact } : {}),
      ...(call.analysis ? { analysis: call.analysis } : {}),
    } satisfies Vapi.Call;
  }

  function find(callId: string): FakeVapiCall {
    const call = calls.find((c) => c.id === callId);
    if (!call) throw new Error(`No fake Vapi call ${callId}`);
    return call;
  }

  const fake: FakeVapi = {
    url: '',
    apiKey,
    calls,
    failNextCreate(status) {
      failWith = status;
    },
    message(callId, message) {
      const call = find(callId);
      const assistant = call.payload.assistant as Json;
      const target = assistant.server as { url: string; headers?: Record<string, string> };
      const body = {
        timestamp: Date.now(),
        ...message,
        call: resource(call),
        assistant,
        customer: call.payload.customer,
      };
      const schema = CHECKED_MESSAGES[String(message.type)];
      if (schema)
        violations.record(`${String(message.type)} message`, api.checkSchema(schema, body));
      return {
        url: target.url,
        headers: { 'content-type': 'application/json', ...(target.headers ?? {}) },
        body: JSON.stringify({ message: body }),
      };
    },
    statusUpdate(callId, status) {
      const call = find(callId);
      if (status !== 'not-found' && status !== 'deletion-failed') call.status = status;
      return fake.message(callId, {
        type: 'status-update',
        status,
      } satisfies OwnFields<Vapi.ServerMessageStatusUpdate>);
    },
    toolCalls(callId, list) {
      // As Vapi's server-message documentation shows them: the arguments an object, not the
      // JSON string of OpenAI's format, under `function` and again beside it.
      const toolCallList = list.map((t): DocumentedToolCall => ({
        id: `call_${crypto.randomBytes(6).toString('hex')}`,
        type: 'function',
        name: t.name,
        arguments: t.arguments,
        function: { name: t.name, arguments: t.arguments },
      }));
      return fake.message(callId, {
        type: 'tool-calls',
        toolCallList,
        toolWithToolCallList: toolCallList.map(
          (toolCall) =>
            ({
              type: 'function',
              function: { name: toolCall.function.name },
              toolCall,
            }) satisfies Omit<
              Vapi.ServerMessageToolCallsToolWithToolCallListItem.Function,
              'toolCall'
            > & {
              toolCall: DocumentedToolCall;
            },
        ),
      } satisfies Omit<
        OwnFields<Vapi.ServerMessageToolCalls>,
        'toolCallList' | 'toolWithToolCallList'
      > & { toolCallList: DocumentedToolCall[]; toolWithToolCallList: object[] });
    },
    conversationUpdate(callId, turns, conversation = CONVERSATION) {
      const start = Date.now() - 60_000;
      const messages = conversation
        .slice(0, turns)
        .map(([role, message], i): Vapi.UserMessage | Vapi.BotMessage => ({
          role,
          message,
          time: start + i * 8000,
          endTime: start + i * 8000 + 6000,
          secondsFromStart: i * 8,
          duration: 6,
        }));
      return fake.message(callId, {
        type: 'conversation-update',
        messages,
        messagesOpenAIFormatted: messages.map((m): Vapi.OpenAiMessage => ({
          role: m.role === 'bot' ? 'assistant' : 'user',
          content: m.message,
        })),
      } satisfies OwnFields<Vapi.ServerMessageConversationUpdate>);
    },
    endOfCallReport(callId, report) {
      const call = find(callId);
      const start = Date.now() - 60_000;
      const messages = (report.conversation ?? CONVERSATION).map(
        ([role, message], i): Vapi.UserMessage | Vapi.BotMessage => ({
          role,
          message,
          time: start + i * 8000,
          endTime: start + i * 8000 + 6000,
          secondsFromStart: i * 8,
          duration: 6,
        }),
      );
      call.status = 'ended';
      call.endedReason = report.endedReason;
      call.artifact = {
        messages,
        transcript: messages
          .map((m) => `${m.role === 'bot' ? 'AI' : 'User'}: ${m.message}`)
          .join('\n'),
        recordingUrl: `https://storage.vapi.ai/${call.id}-mono.wav`,
      };
      call.analysis = {
        summary: report.summary ?? 'The representative answered.',
        ...(report.structuredData ? { structuredData: report.structuredData } : {}),
        successEvaluation: report.structuredData?.successful === true ? 'true' : 'false',
      };
      return fake.message(callId, {
        type: 'end-of-call-report',
        endedReason: report.endedReason,
        artifact: call.artifact,
        analysis: call.analysis,
        startedAt: new Date(start).toISOString(),
        endedAt: new Date().toISOString(),
      } satisfies OwnFields<Vapi.ServerMessageEndOfCallReport>);
    },
    takeViolations: () => violations.take(),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      violations.assertNone();
    },
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  fake.url = `http://127.0.0.1:${port}`;
  return fake;
}
