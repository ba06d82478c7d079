/**
 * The CallAgent port: places one negotiation call for a person and reports how it goes. An
 * adapter either runs the call to its end before returning (the simulated agent) or returns once
 * the call is placed and reports the rest later (a telephony vendor, through its webhook). Vendor
 * codes never leave the adapter: core sees the spec's stages, record and error codes.
 */
import type {
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
};

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
  | { kind: 'needs_input'; field: RequiredUserInfoField; prompt: string };

export type CallEnd = { record: CallRecord; outcome: CallOutcome };

export type CallProgress = { stage: CallStage; message?: CallMessage };

export type CallAgent = {
  startCall(
    request: CallRequest,
    report: (progress: CallProgress) => Promise<void>,
  ): Promise<{ ended: CallEnd } | { providerCallId: string }>;
};

/** A call that could not happen or broke off, with the spec's error code (part 2 §8). */
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
