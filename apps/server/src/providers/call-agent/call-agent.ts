/**
 * The CallAgent port: places one call for a person (to negotiate a bill or to cancel it) and
 * reports how it goes. An adapter either runs the call to its end before returning (the simulated
 * agent) or returns once the call is placed and reports the rest later (a telephony vendor, through
 * its webhook). Vendor codes never leave the adapter: core sees Billow's own stages, record and
 * error codes (`packages/contracts/src/negotiations.ts`).
 */
import { NEGOTIATION_CALL_DEFAULTS } from '@billow/contracts';
import type {
  Cadence,
  CallMessage,
  MerchantNegotiation,
  TypicalOutcome,
  CallRecord,
  CallStage,
  NegotiationCallErrorCode,
  NegotiationCallUserInfo,
  NegotiationResult,
  RequiredUserInfoField,
  SavingsType,
} from '@billow/contracts';

export type CallRequest = {
  /** Billow's id for this call attempt (vendors echo it back as metadata). */
  callId: string;
  /** Stable per negotiation offer: the simulated representative is deterministic per offer. */
  offerKey: string;
  attempt: number;
  merchant: { name: string; demo?: MerchantNegotiation['demo']; typicalOutcomes: TypicalOutcome[] };
  userInfo: NegotiationCallUserInfo;
  maxDurationSeconds: number;
  /**
   * The bill as the person sees it: its price per charge and cadence. The rates of the call are
   * monthly (`negotiationCallUserInfo.currentMonthlyRate`); a deal is said back in the bill's own
   * cadence (docs/figures.md).
   */
  bill?: { amount: number; cadence: Cadence };
  /**
   * What the call is for: lowering the bill (the default) or cancelling the subscription. A
   * cancellation call never takes a retention offer unless the person allowed it beforehand, and
   * asks for a confirmation number (docs/cancellations.md).
   */
  purpose?: CallPurpose;
};

export type CallPurpose =
  { kind: 'negotiation' } | { kind: 'cancellation'; allowRetentionOffer: boolean };

/** How the call ended, in the product's terms. */
export type CallOutcome =
  | {
      kind: 'deal';
      result: NegotiationResult;
      savingsType: SavingsType;
      /** The merchant's offer moves the person to another plan (Billow never accepts that). */
      changesPlan: boolean;
    }
  | { kind: 'refused'; reason: string }
  /** A cancellation call: the merchant cancelled, with its confirmation number when it gave one. */
  | { kind: 'cancelled'; confirmationNumber: string | null }
  /** A cancellation call took a retention offer the person allowed beforehand: nothing cancelled. */
  | { kind: 'kept_with_offer'; offer: string }
  | { kind: 'needs_input'; field: RequiredUserInfoField; prompt: string };

export type CallEnd = { record: CallRecord; outcome: CallOutcome };

export type CallProgress = { stage: CallStage; message?: CallMessage };

/**
 * What a vendor told Billow about a call it is running (through its webhook, or when asked):
 * `callId` is Billow's id when the vendor echoed it, `providerCallId` the vendor's own.
 */
export type CallEvent = { callId: string | null; providerCallId: string } & (
  | { kind: 'progress'; stage: CallStage; messages?: CallMessage[] }
  | { kind: 'ended'; end: CallEnd }
  | { kind: 'failed'; error: CallAgentError }
);

export type CallAgent = {
  startCall(
    request: CallRequest,
    report: (progress: CallProgress) => Promise<void>,
  ): Promise<{ ended: CallEnd } | { providerCallId: string }>;
  /**
   * For an adapter whose vendor posts call events: checks a webhook's secret and reads it.
   * Undefined when it is not genuine; else the events and the body to answer with.
   */
  parseWebhook?(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
  ): CallWebhook | undefined;
  /** Asks the vendor how a placed call stands (a missed webhook must not leave it hanging). */
  checkCall?(providerCallId: string): Promise<CallEvent[]>;
  /**
   * Finds a call an earlier run may have placed before it could record the vendor's id (a
   * crash between the two): the vendor's id, or null when no such call was placed.
   */
  findCall?(callId: string, placedAfter: Date): Promise<string | null>;
};

export type CallWebhook = { events: CallEvent[]; reply: unknown };

/** A call that could not happen or broke off, with one of Billow's call error codes. */
export class CallAgentError extends Error {
  override name = 'CallAgentError';
  constructor(
    readonly code: NegotiationCallErrorCode,
    message: string,
    /** For INVALID_USER_INFO: the field the merchant did not accept. */
    readonly field?: RequiredUserInfoField,
  ) {
    super(message);
  }
}

/** Which error codes are worth another attempt. */
export const RETRYABLE_CALL_ERRORS: ReadonlySet<NegotiationCallErrorCode> = new Set([
  'VAPI_API_ERROR',
  'CALL_INITIATION_FAILED',
  'CALL_TIMEOUT',
  'PROVIDER_UNREACHABLE',
  'RATE_LIMIT_EXCEEDED',
  'INTERNAL_ERROR',
]);

/** A call silent this long after it began is over: Vapi ends calls at the 30-minute limit. */
export const CALL_LIMIT_MS = NEGOTIATION_CALL_DEFAULTS.maxDurationMinutes * 60 * 1000;
/** When a call's watchdog first looks at it: past its limit, with time for its last report. */
export const CALL_WATCH_DELAY_SECONDS = NEGOTIATION_CALL_DEFAULTS.maxDurationMinutes * 60 + 5 * 60;
