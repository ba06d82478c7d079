/**
 * The columns of a call attempt's row, the same in every feature's own call table (negotiation
 * calls, cancellation calls): what the call runner (call-runner.ts) reads and writes.
 */
import { integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core';
import type { CallMessage, CallRecord, CallStage, NegotiationCallError } from '@billow/contracts';
import type { CallOutcome } from '../providers/call-agent/call-agent';

export function callColumns() {
  return {
    attempt: integer().notNull(),
    stage: text().$type<CallStage>().notNull(),
    providerCallId: text(),
    messages: jsonb().$type<CallMessage[]>().notNull().default([]),
    record: jsonb().$type<CallRecord>(),
    outcome: jsonb().$type<CallOutcome>(),
    error: jsonb().$type<NegotiationCallError>(),
    /** Set once by whichever run applied this call's outcome or error: a rerun changes nothing. */
    handledAt: timestamp({ withTimezone: true }),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp({ withTimezone: true }),
    /**
     * When a rerun of this call's job found it under way with nobody running it (the process
     * died): set until the call is connected again, so the screen says it is reconnecting.
     */
    reconnectingAt: timestamp({ withTimezone: true }),
  };
}
