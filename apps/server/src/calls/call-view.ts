/** A call as the API shows it with its negotiation or cancellation (the `negotiationCallView` contract). */
import type { CallMessage, CallRecord, NegotiationCallView } from '@billow/contracts';
import type { CallRow } from './call-runner';

export function toCallView(
  call: CallRow & {
    messages: CallMessage[];
    record: CallRecord | null;
    reconnectingAt: Date | null;
  },
): NegotiationCallView {
  return {
    stage: call.stage,
    started_at: call.startedAt.toISOString(),
    ended_at: call.endedAt?.toISOString() ?? null,
    messages: call.messages.map((m) => ({
      role: m.role,
      message: m.message,
      secondsFromStart: m.secondsFromStart,
    })),
    summary: call.record?.summary ?? null,
    // Picked up again after a crash, until it is connected again (calls/call-runner.ts).
    is_reconnecting: call.reconnectingAt !== null && call.endedAt === null,
  };
}
