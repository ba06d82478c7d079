/**
 * The Vapi call agent: an outbound phone call with a transient assistant
 * (https://docs.vapi.ai/api-reference/calls/create), to negotiate a bill or to cancel a
 * subscription (the assistant's metadata says which). The assistant's system prompt is built from
 * the call user info and Billow's promises; the voice follows the profile; it can
 * press keys for phone menus (dtmf), hang up (endCall) and report how far it got (a function
 * tool whose calls arrive as `tool-calls`). Its analysis plan asks for the negotiation result (or
 * the cancellation's) as structured data. Vapi posts server messages (`status-update`, `conversation-update` with the
 * conversation so far, `tool-calls`, `end-of-call-report`) to Billow's webhook with the secret in
 * a header set on the assistant's server
 * (https://docs.vapi.ai/server-url/server-authentication, custom headers).
 *
 * The SDK's own retries are off: a retried POST /call could place a second call.
 */
import crypto from 'node:crypto';
import { VapiClient, VapiError, type Vapi } from '@vapi-ai/server-sdk';
import {
  isPlaceholderPhone,
  requiredUserInfoField,
  requiredUserInfoLabels,
  type CallMessage,
  type CallRecord,
  type CallStage,
  type NegotiationResult,
} from '@billow/contracts';
import {
  CallAgentError,
  type CallAgent,
  type CallEnd,
  type CallEvent,
  type CallOutcome,
  type CallRequest,
} from './call-agent';

export type VapiConfig = {
  apiKey: string;
  phoneNumberId: string;
  webhookSecret: string;
  /** Where Vapi posts server messages (Billow's /api/vapi/webhook, reachable from the internet). */
  webhookUrl: string;
  /** Vapi's API (a local fake in tests). */
  apiBaseUrl?: string | undefined;
  model: string;
};

const VAPI_SECRET_HEADER = 'x-vapi-secret';
const VAPI_STAGE_TOOL = 'report_call_stage';

/** Voices of Vapi's own voice provider, by the person's gender in their profile. */
const VOICES = { male: 'Elliot', female: 'Savannah', 'non-binary': 'Rohan' } as const;

/** Vapi's ended reasons that mean the merchant's line could not be reached. */
const UNREACHABLE = /busy|did-not-answer|failed-to-connect|no-answer|voicemail|not-reachable/;

/** The structured data the analysis plan asks for: the negotiation result and how it ended. */
const NEGOTIATION_RESULT_SCHEMA: Vapi.JsonSchema = {
  type: 'object',
  properties: {
    successful: {
      type: 'boolean',
      description: 'True only if the merchant agreed to lower the bill without changing the plan.',
    },
    originalRate: { type: 'number', description: 'The monthly rate before the call, in dollars.' },
    finalRate: { type: 'number', description: 'The monthly rate agreed, in dollars.' },
    monthlySavings: { type: 'number', description: 'originalRate minus finalRate, in dollars.' },
    freeMonths: { type: 'number', description: 'Months of service given free, if any.' },
    changesPlan: {
      type: 'boolean',
      description: 'True if the only offer would change the plan, its features or its length.',
    },
    rejectionReason: {
      type: 'string',
      description:
        'Why the merchant would not lower the bill, in one plain sentence, without any verification detail.',
    },
    missingInformation: {
      type: 'string',
      enum: [...requiredUserInfoField.options],
      description: 'A piece of information the merchant asked for that the agent did not have.',
    },
    missingInformationPrompt: {
      type: 'string',
      description: 'What the merchant asked for, as a short question to the account holder.',
    },
  },
  required: ['successful', 'originalRate'],
};

/** The structured data a cancellation call's analysis asks for (docs/cancellations.md). */
const CANCELLATION_RESULT_SCHEMA: Vapi.JsonSchema = {
  type: 'object',
  properties: {
    cancelled: {
      type: 'boolean',
      description: 'True only if the representative confirmed the subscription is cancelled.',
    },
    confirmationNumber: {
      type: 'string',
      description: 'The confirmation or reference number the merchant gave for the cancellation.',
    },
    retentionOfferAccepted: {
      type: 'boolean',
      description: 'True if the agent accepted an offer to keep the subscription instead.',
    },
    retentionOffer: {
      type: 'string',
      description: 'The offer accepted, in a few words (for example "50% off for 6 months").',
    },
    refusalReason: {
      type: 'string',
      description:
        'Why the merchant would not cancel, in one plain sentence, without any verification detail.',
    },
    missingInformation: {
      type: 'string',
      enum: [...requiredUserInfoField.options],
      description: 'A piece of information the merchant asked for that the agent did not have.',
    },
    missingInformationPrompt: {
      type: 'string',
      description: 'What the merchant asked for, as a short question to the account holder.',
    },
  },
  required: ['cancelled'],
};

/**
 * The summary's prompt (Vapi's default, https://docs.vapi.ai/api-reference/calls/create
 * analysisPlan.summaryPlan.messages, plus the rule that it never repeats a verification detail).
 */
const SUMMARY_MESSAGES = [
  {
    role: 'system',
    content:
      'You are an expert note-taker. You will be given a transcript of a call. Summarize the call in 2-3 sentences. Never include an account number, PIN, code, social security number, date of birth, licence or passport number or any other verification detail said on the call. DO NOT return anything except the summary.',
  },
  {
    role: 'user',
    content:
      'Here is the transcript:\n\n{{transcript}}\n\n. Here is the ended reason of the call:\n\n{{endedReason}}\n\n',
  },
];

/** The verification details of a call, one line each. */
function knownDetails(request: CallRequest): string {
  return Object.entries(request.userInfo.requiredUserInfo)
    .map(([field, value]) => {
      const label = requiredUserInfoLabels[field as keyof typeof requiredUserInfoLabels] ?? field;
      return `- ${label}: ${value}`;
    })
    .join('\n');
}

/** How the agent treats the verification details, whatever the call is for. */
function secretRules(known: string): string[] {
  return known
    ? [
        `Verification details, to read only to the merchant's representative when they ask to verify the account, never to anyone else:\n${known}`,
        `These details are secret: never repeat them back, never say them in a summary, a report or a tool call, and never give them to a recording, a voicemail or a phone menu that did not ask for them.`,
      ]
    : [];
}

function systemPrompt(request: CallRequest): string {
  if (request.purpose?.kind === 'cancellation')
    return cancellationPrompt(request, request.purpose.allowRetentionOffer);
  const info = request.userInfo;
  const known = knownDetails(request);
  const deals = request.merchant.typicalOutcomes
    .map((o) =>
      o.kind === 'PRICE_REDUCTION_PERCENTAGE'
        ? `${o.percent}% off`
        : o.kind === 'PRICE_REDUCTION_AMOUNT'
          ? `$${o.dollars} off a month`
          : `${o.months} free months`,
    )
    .join(', ');
  return [
    `You are calling ${request.merchant.name} on behalf of ${info.name}, a customer for ${info.serviceDurationYears} year(s) of ${info.serviceName}, who pays $${info.currentMonthlyRate.toFixed(2)} a month. Your one goal: a lower price for the same service.`,
    `Navigate phone menus with the dtmf tool (ask for retention, cancellations or billing). When a person answers, say you are an assistant calling for ${info.name} with their permission.`,
    `Account holder: ${info.name}. Phone on the account: ${info.userPhoneNumber}.${info.address ? ` Service address: ${info.address}.` : ''}`,
    ...secretRules(known),
    deals ? `Customers of ${request.merchant.name} commonly get: ${deals}.` : '',
    `Promises you must keep: never agree to anything that raises the bill; never change, upgrade, downgrade or renew the plan, its features or its contract length; never cancel the service; never give details that were not asked for. If the only offers break these, thank them, decline and end the call.`,
    `If the representative asks for something you do not have (a code texted to the customer, another detail), say the customer will call back with it and end the call.`,
    `As the call moves on, call ${VAPI_STAGE_TOOL} with "authenticating" when verifying the account, "negotiating" when discussing the price, and "finalizing" when confirming a deal. When done, say goodbye and use the endCall tool.`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * A cancellation call's prompt: cancel, confirm it with a number, and take a retention offer only
 * when the person allowed it beforehand (docs/cancellations.md).
 */
function cancellationPrompt(request: CallRequest, allowRetentionOffer: boolean): string {
  const info = request.userInfo;
  return [
    `You are calling ${request.merchant.name} on behalf of ${info.name}, who pays $${info.currentMonthlyRate.toFixed(2)} a month for ${info.serviceName}. Your one goal: cancel this subscription so that it is not charged again.`,
    `Navigate phone menus with the dtmf tool (ask for cancellations or the retention team). When a person answers, say you are an assistant calling for ${info.name} with their permission to cancel.`,
    `Account holder: ${info.name}. Phone on the account: ${info.userPhoneNumber}.${info.address ? ` Service address: ${info.address}.` : ''}`,
    ...secretRules(knownDetails(request)),
    allowRetentionOffer
      ? `${info.name} allows one exception: if the representative offers a lower price to stay on the same plan, you may accept it instead of cancelling. Accept nothing else.`
      : `Decline every offer to stay, however good, politely and firmly: ${info.name} wants to cancel. Never accept a discount, a pause, a downgrade or a free period.`,
    `Once the representative says the subscription is cancelled, ask for a confirmation or reference number, repeat it back to check it, and ask when the last charge will be.`,
    `Never agree to anything else: no new plan, no purchase, no change to other services on the account. Never give details that were not asked for.`,
    `If the representative asks for something you do not have (a code texted to the customer, another detail), say the customer will call back with it and end the call.`,
    `As the call moves on, call ${VAPI_STAGE_TOOL} with "authenticating" when verifying the account, "negotiating" when asking to cancel, and "finalizing" when confirming the cancellation. When done, say goodbye and use the endCall tool.`,
  ]
    .filter(Boolean)
    .join('\n\n');
}

/** The transient assistant and call of one call attempt (POST /call's body). */
function callPayload(config: VapiConfig, request: CallRequest): Vapi.CreateCallDto {
  const isCancellation = request.purpose?.kind === 'cancellation';
  return {
    // Vapi takes at most 40 characters here: the call's first 8, for people reading Vapi's
    // dashboard (the whole id travels in the assistant's metadata, which is what Billow reads).
    name: `Billow ${isCancellation ? 'cancellation' : 'negotiation'} ${request.callId.slice(0, 8)}`,
    phoneNumberId: config.phoneNumberId,
    customer: { number: request.userInfo.merchantPhoneNumber, name: request.merchant.name },
    assistant: {
      name: isCancellation ? 'Billow cancellation agent' : 'Billow negotiator',
      firstMessageMode: 'assistant-waits-for-user',
      maxDurationSeconds: request.maxDurationSeconds,
      voice: { provider: 'vapi', voiceId: VOICES[request.userInfo.gender] },
      model: {
        provider: 'openai',
        model: config.model as Vapi.OpenAiModelModel,
        messages: [{ role: 'system', content: systemPrompt(request) }],
        tools: [
          { type: 'dtmf' },
          { type: 'endCall' },
          {
            type: 'function',
            function: {
              name: VAPI_STAGE_TOOL,
              description: 'Tells Billow how far the call has got.',
              parameters: {
                type: 'object',
                properties: {
                  stage: { type: 'string', enum: ['authenticating', 'negotiating', 'finalizing'] },
                },
                required: ['stage'],
              },
            },
          },
        ],
      },
      serverMessages: ['status-update', 'conversation-update', 'tool-calls', 'end-of-call-report'],
      server: { url: config.webhookUrl, headers: { [VAPI_SECRET_HEADER]: config.webhookSecret } },
      metadata: {
        billowCallId: request.callId,
        attempt: request.attempt,
        purpose: isCancellation ? 'cancellation' : 'negotiation',
      },
      analysisPlan: {
        summaryPlan: { enabled: true, messages: SUMMARY_MESSAGES },
        structuredDataPlan: {
          enabled: true,
          schema: isCancellation ? CANCELLATION_RESULT_SCHEMA : NEGOTIATION_RESULT_SCHEMA,
        },
        successEvaluationPlan: { enabled: true, rubric: 'PassFail' },
      },
      // No recording: the agent reads verification details aloud, and Billow keeps no raw record
      // of a call (its transcript and summary are stored with those details taken out).
      artifactPlan: { recordingEnabled: false },
    },
  };
}

function errorOf(error: unknown): CallAgentError {
  if (error instanceof VapiError) {
    const status = error.statusCode ?? 0;
    if (status === 401 || status === 403)
      return new CallAgentError('AUTHENTICATION_FAILED', 'Vapi refused the API key.');
    if (status === 429) return new CallAgentError('RATE_LIMIT_EXCEEDED', 'Vapi is rate limiting.');
    if (status === 400)
      return new CallAgentError('ASSISTANT_CREATION_FAILED', 'Vapi refused the assistant.');
    if (status > 0)
      return new CallAgentError('VAPI_API_ERROR', `Vapi answered with status ${status}.`);
  }
  return new CallAgentError('CALL_INITIATION_FAILED', 'Vapi could not be reached.');
}

const STATUS_STAGES: Partial<Record<string, CallStage>> = {
  scheduled: 'initializing',
  queued: 'initializing',
  ringing: 'dialing',
  'in-progress': 'connected',
  forwarding: 'connected',
};

function messagesOf(items: unknown): CallMessage[] {
  if (!Array.isArray(items)) return [];
  return items.flatMap((item: Record<string, unknown>) => {
    if ((item.role !== 'bot' && item.role !== 'user') || typeof item.message !== 'string')
      return [];
    const time = Number(item.time ?? 0);
    const endTime = Number(item.endTime ?? time);
    return [
      {
        // The assistant speaks for the person; the "user" on Vapi's side is the merchant.
        role: item.role === 'bot' ? 'assistant' : 'user',
        message: item.message,
        time,
        endTime,
        secondsFromStart: Number(item.secondsFromStart ?? 0),
        duration: Number(item.duration ?? (endTime - time) / 1000),
      },
    ];
  });
}

/** The information the merchant asked for and the agent lacked, if that is how the call ended. */
function neededInput(data: Record<string, unknown>): CallOutcome | undefined {
  const missing = requiredUserInfoField.safeParse(data.missingInformation);
  if (!missing.success) return undefined;
  const prompt =
    typeof data.missingInformationPrompt === 'string' && data.missingInformationPrompt
      ? data.missingInformationPrompt
      : requiredUserInfoLabels[missing.data];
  return { kind: 'needs_input', field: missing.data, prompt };
}

const textOf = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim() : null;

/** How a cancellation call ended, from its analysis's structured data. */
function cancellationOutcomeOf(data: Record<string, unknown> | undefined): CallOutcome | undefined {
  if (!data || typeof data.cancelled !== 'boolean') return undefined;
  if (data.cancelled)
    return { kind: 'cancelled', confirmationNumber: textOf(data.confirmationNumber) };
  if (data.retentionOfferAccepted === true)
    return { kind: 'kept_with_offer', offer: textOf(data.retentionOffer) ?? 'an offer to stay' };
  return (
    neededInput(data) ?? {
      kind: 'refused',
      reason: textOf(data.refusalReason) ?? 'The merchant did not cancel the subscription.',
    }
  );
}

function outcomeOf(
  data: Record<string, unknown> | undefined,
  purpose: Purpose,
): CallOutcome | undefined {
  if (purpose === 'cancellation') return cancellationOutcomeOf(data);
  if (!data || typeof data.successful !== 'boolean') return undefined;
  const num = (key: string) => (typeof data[key] === 'number' ? (data[key] as number) : undefined);
  const originalRate = num('originalRate') ?? 0;
  const needed = data.successful ? undefined : neededInput(data);
  if (needed) return needed;
  const changesPlan = data.changesPlan === true;
  const freeMonths = num('freeMonths');
  const finalRate = num('finalRate');
  if (data.successful && freeMonths && freeMonths > 0 && finalRate === undefined) {
    const result: NegotiationResult = { successful: true, originalRate, freeMonths };
    return { kind: 'deal', result, savingsType: 'FREE_MONTHS', changesPlan };
  }
  if (data.successful && finalRate !== undefined) {
    const result: NegotiationResult = {
      successful: true,
      originalRate,
      finalRate,
      monthlySavings: Math.round((originalRate - finalRate) * 100) / 100,
    };
    return { kind: 'deal', result, savingsType: 'PRICE_REDUCTION_AMOUNT', changesPlan };
  }
  const reason =
    typeof data.rejectionReason === 'string' && data.rejectionReason
      ? data.rejectionReason
      : 'The merchant did not offer a lower price.';
  return { kind: 'refused', reason };
}

type Report = {
  endedReason?: string | undefined;
  artifact?: { messages?: unknown; transcript?: string; recordingUrl?: string } | undefined;
  analysis?:
    | { summary?: string; structuredData?: Record<string, unknown>; successEvaluation?: string }
    | undefined;
};

/** How an ended call turned out: the outcome from its analysis, or an error from why it ended. */
function endOf(report: Report, purpose: Purpose): { end: CallEnd } | { error: CallAgentError } {
  const outcome = outcomeOf(report.analysis?.structuredData, purpose);
  const reason = report.endedReason ?? '';
  if (!outcome) {
    if (UNREACHABLE.test(reason))
      return { error: new CallAgentError('PROVIDER_UNREACHABLE', 'Nobody answered the call.') };
    if (reason.includes('exceeded-max-duration'))
      return { error: new CallAgentError('CALL_TIMEOUT', 'The call reached its time limit.') };
    return {
      error: new CallAgentError('VAPI_API_ERROR', `The call ended (${reason || 'no reason'}).`),
    };
  }
  const messages = messagesOf(report.artifact?.messages);
  const refused = outcome.kind === 'refused' ? `: ${outcome.reason}` : '';
  const record: CallRecord = {
    messages,
    recordingUrl: null,
    transcript: report.artifact?.transcript ?? '',
    summary: report.analysis?.summary ?? `The call ended${refused}.`,
    structuredData: report.analysis?.structuredData ?? null,
    successEvaluation: report.analysis?.successEvaluation ?? null,
  };
  return { end: { record, outcome } };
}

type Purpose = 'negotiation' | 'cancellation';

/** The metadata Billow set on a call's assistant, from a server message or a fetched call. */
function metadataOf(message: Record<string, unknown>): Record<string, unknown> {
  const pick = (assistant: unknown) =>
    (assistant as { metadata?: Record<string, unknown> } | undefined)?.metadata;
  const call = message.call as { assistant?: unknown } | undefined;
  return pick(message.assistant) ?? pick(call?.assistant) ?? {};
}

function billowCallId(message: Record<string, unknown>): string | null {
  const id = metadataOf(message).billowCallId;
  return typeof id === 'string' ? id : null;
}

/** What a call was for; calls placed before the metadata said so were negotiations. */
function purposeOf(message: Record<string, unknown>): Purpose {
  return metadataOf(message).purpose === 'cancellation' ? 'cancellation' : 'negotiation';
}

function eventsOf(
  providerCallId: string,
  callId: string | null,
  report: Report,
  purpose: Purpose,
): CallEvent[] {
  const ended = endOf(report, purpose);
  return 'end' in ended
    ? [{ callId, providerCallId, kind: 'ended', end: ended.end }]
    : [{ callId, providerCallId, kind: 'failed', error: ended.error }];
}

/** A tool call as Vapi's documentation shows it: name and arguments beside `function` too. */
type FlatToolCall = { name?: string; arguments?: unknown };

/**
 * A tool call's arguments. Vapi sends them as an object (its server messages), OpenAI's format as
 * a JSON string; either is read, and anything else is no arguments.
 */
function argumentsOf(toolCall: Vapi.ToolCall): Record<string, unknown> {
  let raw: unknown = (toolCall.function as { arguments?: unknown } | undefined)?.arguments;
  raw ??= (toolCall as FlatToolCall).arguments;
  if (typeof raw === 'string') {
    try {
      raw = JSON.parse(raw || '{}');
    } catch {
      return {};
    }
  }
  return typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
}

function sameSecret(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(expected).digest();
  return crypto.timingSafeEqual(a, b);
}

export function createVapiCallAgent(config: VapiConfig): CallAgent {
  const client = new VapiClient({
    token: config.apiKey,
    ...(config.apiBaseUrl ? { baseUrl: config.apiBaseUrl } : {}),
    maxRetries: 0,
    timeoutInSeconds: 30,
  });

  return {
    async startCall(request, report) {
      // A fictional catalogue number would ring a stranger (or nobody): never dial one.
      if (isPlaceholderPhone(request.userInfo.merchantPhoneNumber)) {
        throw new CallAgentError(
          'CONFIGURATION_ERROR',
          `Billow has no phone number for ${request.merchant.name} yet.`,
        );
      }
      await report({ stage: 'initializing' });
      let created: Vapi.CreateCallsResponse;
      try {
        created = await client.calls.create(callPayload(config, request));
      } catch (error) {
        throw errorOf(error);
      }
      if (!('id' in created))
        throw new CallAgentError('CALL_INITIATION_FAILED', 'Vapi did not place the call.');
      return { providerCallId: created.id };
    },

    parseWebhook(rawBody, headers) {
      if (!sameSecret(headers[VAPI_SECRET_HEADER], config.webhookSecret)) return undefined;
      let body: { message?: Record<string, unknown> };
      try {
        body = JSON.parse(rawBody) as typeof body;
      } catch {
        return { events: [], reply: {} };
      }
      const message = body.message ?? {};
      const providerCallId = (message.call as { id?: unknown } | undefined)?.id;
      if (typeof providerCallId !== 'string') return { events: [], reply: {} };
      const callId = billowCallId(message);
      const base = { callId, providerCallId };

      if (message.type === 'status-update') {
        const stage = STATUS_STAGES[String(message.status)];
        const messages = messagesOf((message.artifact as Report['artifact'])?.messages);
        return {
          events: stage
            ? [{ ...base, kind: 'progress', stage, ...(messages.length ? { messages } : {}) }]
            : [],
          reply: {},
        };
      }
      if (message.type === 'conversation-update') {
        // A conversation means the call connected; a call further on only gets the messages.
        const messages = messagesOf(message.messages);
        return {
          events: messages.length
            ? [{ ...base, kind: 'progress', stage: 'connected', messages }]
            : [],
          reply: {},
        };
      }
      if (message.type === 'tool-calls') {
        const list = Array.isArray(message.toolCallList)
          ? (message.toolCallList as Vapi.ToolCall[])
          : [];
        const events: CallEvent[] = [];
        const results = list.map((toolCall) => {
          const name = toolCall.function?.name ?? (toolCall as FlatToolCall).name ?? '';
          if (name !== VAPI_STAGE_TOOL)
            return { toolCallId: toolCall.id, name, error: `Unknown tool ${name}.` };
          const stage = argumentsOf(toolCall).stage;
          if (stage !== 'authenticating' && stage !== 'negotiating' && stage !== 'finalizing')
            return { toolCallId: toolCall.id, name, error: 'Unknown stage.' };
          events.push({ ...base, kind: 'progress', stage });
          return { toolCallId: toolCall.id, name, result: 'Noted.' };
        });
        return { events, reply: { results } };
      }
      if (message.type === 'end-of-call-report') {
        return {
          events: eventsOf(providerCallId, callId, message as Report, purposeOf(message)),
          reply: {},
        };
      }
      return { events: [], reply: {} };
    },

    async checkCall(providerCallId) {
      let call: Vapi.Call;
      try {
        call = await client.calls.get({ id: providerCallId });
      } catch (error) {
        throw errorOf(error);
      }
      const callId = billowCallId({ call });
      const stage = STATUS_STAGES[call.status ?? ''];
      if (call.status !== 'ended')
        return stage ? [{ callId, providerCallId, kind: 'progress', stage }] : [];
      return eventsOf(providerCallId, callId, call as Report, purposeOf({ call }));
    },

    async findCall(callId, placedAfter) {
      let calls: Vapi.Call[];
      try {
        calls = await client.calls.list({
          phoneNumberId: config.phoneNumberId,
          createdAtGt: new Date(placedAfter.getTime() - 60_000).toISOString(),
          limit: 100,
        });
      } catch (error) {
        throw errorOf(error);
      }
      return calls.find((call) => billowCallId({ call }) === callId)?.id ?? null;
    },
  };
}
