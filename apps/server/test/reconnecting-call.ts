/**
 * A call whose worker died mid-call, picked up again (docs/negotiations.md, docs/cancellations.md):
 * the dead worker's job is put back, as a worker does on seeing its heartbeat stop, and runs.
 * What the screen says of the call is followed until the call is on again.
 */
import type { NegotiationCallView } from '@billow/contracts';
import { expect } from 'vitest';
import type { TestApp } from './test-app';

/** Shows "reconnecting" from the moment the call is picked up up to connected; never a stage nobody runs. */
export async function expectReconnectingUntilConnected(
  t: TestApp,
  callJob: 'cancellation-call' | 'negotiation-process-request',
  callView: () => Promise<NegotiationCallView>,
) {
  expect(await t.jobs.recoverOrphanedJobs({ isSoleProcess: true })).toBe(1);
  const running = t.runQueuedJobs([callJob]);
  const seen: string[] = [];
  for (;;) {
    const call = await callView();
    const label = call.is_reconnecting ? 'reconnecting' : call.stage;
    if (seen.at(-1) !== label) seen.push(label);
    if (call.ended_at || call.stage === 'negotiating') break;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  await running;
  await t.runQueuedJobs();
  const pickedUp = seen.indexOf('reconnecting');
  expect(seen.slice(0, pickedUp)).toEqual(pickedUp === 0 ? [] : ['connected']);
  expect(seen.slice(pickedUp, pickedUp + 2)).toEqual(['reconnecting', 'connected']);
}
