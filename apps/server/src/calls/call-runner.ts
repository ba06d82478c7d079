/**
 * Runs the automated phone calls of a feature that places them (a negotiation, a cancellation;
 * docs/negotiations.md, docs/cancellations.md): placing one through the CallAgent port, following
 * its stages and transcript from the vendor's reports, picking a call up again after a crash (the
 * "Reconnecting" state, never a second call beside a live one) and the watchdog that fails a call
 * nobody reports on. Each feature keeps its own call table (the `CallStore`) and decides what a
 * call's end means for it (`end`); everything the vendor says is redacted with the person's
 * answers before it is kept. Each step is safe to run twice: a call is ended once, and late or
 * repeated news changes nothing.
 */
import {
  callStage,
  NEGOTIATION_CALL_DEFAULTS,
  type CallMessage,
  type CallRecord,
  type CallStage,
  type NegotiationCallError,
} from '@billow/contracts';
import {
  CALL_LIMIT_MS,
  CallAgentError,
  RETRYABLE_CALL_ERRORS,
  type CallAgent,
  type CallEnd,
  type CallEvent,
  type CallOutcome,
  type CallRequest,
} from '../providers/call-agent/call-agent';
import { redactDeep, type Redact } from './redact-answers';

/** A call's error as it is kept: which try of its round it was, and when the next one is due. */
export type StoredCallError = NegotiationCallError & { field?: string };

/** What a feature's call row holds that the runner reads. */
export type CallRow = {
  id: string;
  attempt: number;
  stage: CallStage;
  providerCallId: string | null;
  startedAt: Date;
  endedAt: Date | null;
  handledAt: Date | null;
};

/** How a call ended, as its row keeps it. */
type CallEnding =
  | {
      stage: 'completed';
      record: CallRecord;
      messages: CallMessage[];
      outcome: CallOutcome;
      endedAt: Date;
    }
  | { stage: 'failed'; error: StoredCallError; endedAt: Date };

/** A feature's call table, as the runner uses it. */
type CallStore<Row extends CallRow> = {
  call(id: string): Promise<Row | undefined>;
  callByProvider(providerCallId: string): Promise<Row | undefined>;
  updateCall(id: string, values: { providerCallId?: string; reconnectingAt?: Date }): Promise<void>;
  /** Moves a running call on (never an ended one); connected again, it is no longer reconnecting. */
  setStage(id: string, stage: CallStage, messages?: CallMessage[]): Promise<void>;
  restartCall(id: string, startedAt: Date): Promise<void>;
};

/** The stages of a running call, in order: a report of an earlier one never moves it back. */
const STAGE_ORDER: readonly CallStage[] = callStage.exclude(['completed', 'failed']).options;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Seconds before the next try after failed try `tryNumber`: the base delay, doubling each time. */
export function nextTryDelay(baseSeconds: number, tryNumber: number) {
  return baseSeconds * 2 ** (tryNumber - 1);
}

function redactEvent(event: CallEvent, redact: Redact): CallEvent {
  if (event.kind === 'progress')
    return event.messages ? { ...event, messages: redactDeep(event.messages, redact) } : event;
  if (event.kind === 'ended') return { ...event, end: redactDeep(event.end, redact) };
  const { error } = event;
  return { ...event, error: new CallAgentError(error.code, redact(error.message), error.field) };
}

export function createCallRunner<Row extends CallRow>(deps: {
  /** What the feature's calls are called in logs ("negotiation", "cancellation"). */
  kind: string;
  store: CallStore<Row>;
  agent: CallAgent;
  retryDelaySeconds: number;
  /** The redactor of the call's person's answers; undefined when its owner is gone (news left alone). */
  redactorOf(call: Row): Promise<Redact | undefined>;
  /** Which try of its round of retried failures a call is. */
  tryOf(call: Row): Promise<number> | number;
  /** Ends the call's row with how it ended (once), then has its outcome applied. */
  end(call: Row, ending: CallEnding): Promise<void>;
  /** Has the outcome of a call applied that ended before a crash kept it from being applied. */
  resumeEnded(call: Row): Promise<void>;
  /** After the vendor took the call (or it was found placed after a crash). */
  onPlaced?(call: Row): Promise<void>;
  clock?: () => Date;
  log?: { warn(details: object, message: string): void };
}) {
  const now = deps.clock ?? (() => new Date());
  const { store } = deps;

  /** Ends a call that failed; the feature retries it when the error is worth another try. */
  async function fail(call: Row, error: CallAgentError, tryNumber: number) {
    const maxAttempts = NEGOTIATION_CALL_DEFAULTS.maxAttempts;
    const retryable = RETRYABLE_CALL_ERRORS.has(error.code);
    const delay = nextTryDelay(deps.retryDelaySeconds, tryNumber);
    const stored: StoredCallError = {
      code: error.code,
      message: error.message,
      retryable,
      currentAttempt: tryNumber,
      maxAttempts,
      ...(retryable && tryNumber < maxAttempts
        ? { nextRetryAt: new Date(now().getTime() + delay * 1000).toISOString() }
        : {}),
      ...(error.field ? { field: error.field } : {}),
    };
    await deps.end(call, { stage: 'failed', error: stored, endedAt: now() });
  }

  /** Ends a call with its (already redacted) record and outcome. */
  async function complete(call: Row, end: CallEnd) {
    await deps.end(call, {
      stage: 'completed',
      record: end.record,
      messages: end.record.messages,
      outcome: end.outcome,
      endedAt: now(),
    });
  }

  /** Applies what a vendor reported about calls (webhook or check); late or repeated news is ignored. */
  async function applyEvents(events: CallEvent[]) {
    for (const reported of events) {
      const call =
        (await store.callByProvider(reported.providerCallId)) ??
        (reported.callId && UUID.test(reported.callId)
          ? await store.call(reported.callId)
          : undefined);
      if (!call || call.endedAt) continue;
      if (call.providerCallId && call.providerCallId !== reported.providerCallId) continue;
      const redact = await deps.redactorOf(call);
      if (!redact) continue;
      const event = redactEvent(reported, redact);
      if (!call.providerCallId)
        await store.updateCall(call.id, { providerCallId: event.providerCallId });
      if (event.kind === 'progress') {
        if (STAGE_ORDER.indexOf(event.stage) > STAGE_ORDER.indexOf(call.stage))
          await store.setStage(call.id, event.stage, event.messages);
        else if (event.messages) await store.setStage(call.id, call.stage, event.messages);
      } else if (event.kind === 'ended') {
        await complete(call, event.end);
      } else {
        await fail(call, event.error, await deps.tryOf(call));
      }
    }
  }

  /** The vendor has the call: its reports (or the watchdog) finish it. */
  async function placed(call: Row, providerCallId: string) {
    await applyEvents([
      { callId: call.id, providerCallId, kind: 'progress', stage: 'initializing' },
    ]);
    await deps.onPlaced?.(call);
  }

  return {
    applyEvents,
    fail,

    /**
     * Picks up a call attempt whose job runs (again): true when it still has to be placed. A
     * call that ended has its outcome applied; one the vendor has is left to its reports; one an
     * earlier run died in shows "Reconnecting" until it is connected again, and is placed again
     * only when the vendor has no live call for it.
     */
    async resume(call: Row): Promise<boolean> {
      if (call.handledAt) return false;
      if (call.endedAt) {
        await deps.resumeEnded(call);
        return false;
      }
      if (call.providerCallId) {
        await deps.onPlaced?.(call);
        return false;
      }
      if (call.stage === 'queued') return true;
      await store.updateCall(call.id, { reconnectingAt: now() });
      const found = await deps.agent.findCall?.(call.id, call.startedAt);
      if (found) {
        await placed(call, found);
        return false;
      }
      await store.restartCall(call.id, now());
      return true;
    },

    /** Places the call; what comes back is redacted with `redact` before it is kept. */
    async place(call: Row, request: CallRequest, redact: Redact, tryNumber: number) {
      const messages: CallMessage[] = [];
      try {
        const started = await deps.agent.startCall(request, async (progress) => {
          if (progress.message) messages.push(redactDeep(progress.message, redact));
          await store.setStage(call.id, progress.stage, progress.message ? messages : undefined);
        });
        if ('ended' in started) await complete(call, redactDeep(started.ended, redact));
        else await placed(call, started.providerCallId);
      } catch (error) {
        const failure =
          error instanceof CallAgentError
            ? error
            : new CallAgentError('INTERNAL_ERROR', 'The call broke off unexpectedly.');
        if (!(error instanceof CallAgentError))
          deps.log?.warn({ err: error }, `A ${deps.kind} call failed`);
        await fail(
          call,
          new CallAgentError(failure.code, redact(failure.message), failure.field),
          tryNumber,
        );
      }
    },

    /**
     * The watchdog of one call attempt, due after the call's time limit: a call whose server
     * died mid-call, whose job was lost or whose last report never came must not hold its owner
     * IN_PROGRESS forever. It asks the vendor how the call stands; a call silent past its limit
     * fails with CALL_TIMEOUT (retried like any other). `watchAgain` queues the next look.
     */
    async watch(call: Row, watchAgain: (startAfterSeconds: number) => Promise<void>) {
      if (call.handledAt) return;
      if (call.endedAt) return deps.resumeEnded(call);
      // The vendor ends its calls at their limit: while it says the call is live, wait (twice
      // the limit at most) rather than fail it and place another beside it.
      let isLiveAtVendor = false;
      if (call.providerCallId && deps.agent.checkCall) {
        try {
          const events = await deps.agent.checkCall(call.providerCallId);
          await applyEvents(events);
          isLiveAtVendor = events.some((event) => event.kind === 'progress');
        } catch (error) {
          deps.log?.warn({ err: error }, `A ${deps.kind} call could not be checked`);
        }
        if ((await store.call(call.id))?.endedAt) return;
      }
      const limit = isLiveAtVendor ? 2 * CALL_LIMIT_MS : CALL_LIMIT_MS;
      const silentFor = now().getTime() - call.startedAt.getTime();
      if (silentFor < limit) {
        // The running watch holds its key: the next look is queued without one.
        await watchAgain(Math.ceil((limit - silentFor) / 1000) + 5 * 60);
        return;
      }
      await fail(
        call,
        new CallAgentError('CALL_TIMEOUT', 'The call never reported how it ended.'),
        await deps.tryOf(call),
      );
    },
  };
}
