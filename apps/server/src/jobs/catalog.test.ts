import { JOB_CATALOGUE, JOB_QUEUES, jobPayloads, catalogueQueueOf } from './job-payloads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { composeBillow } from '../deps';
import {
  catalogueProblems,
  jobMap,
  IncompleteJobCatalogueError,
  assertJobCatalogue,
} from './catalog';

describe('the background job catalogue (docs/jobs.md)', () => {
  let t: TestApp;
  let handlers: Record<string, unknown>;
  beforeAll(async () => {
    t = await createTestApp();
    handlers = (
      await composeBillow({
        config: t.config,
        database: t.database,
        jobs: t.jobs.queue,
        secrets: { authSecret: new Uint8Array(48), encryptionKey: Buffer.alloc(32, 1) },
      })
    ).jobHandlers;
  });
  afterAll(() => t.close());

  it('has the 16 kinds on the 9 queues, each declared with its payload and handled', () => {
    expect(Object.keys(JOB_CATALOGUE)).toHaveLength(16);
    expect(new Set(Object.values(JOB_CATALOGUE).map((k) => k.queue))).toEqual(new Set(JOB_QUEUES));
    expect(JOB_QUEUES).toHaveLength(9);
    expect(catalogueProblems(jobMap, handlers)).toEqual([]);
    for (const name of Object.keys(jobMap)) expect(catalogueQueueOf(name)).toBeTruthy();
    expect(Object.keys(JOB_CATALOGUE).filter((k) => !(k in jobMap))).toEqual([]);
  });

  it('refuses to start when a kind has no handler or options beyond the limits', () => {
    const { 'pending-events-scan': _scan, ...rest } = handlers;
    expect(() => assertJobCatalogue(jobMap, rest)).toThrow(IncompleteJobCatalogueError);
    expect(catalogueProblems(jobMap, rest)).toEqual([
      '"pending-events-scan" (scan pending events) has no handler',
    ]);
    const greedy = {
      ...jobMap,
      'notification-send-sms': {
        ...jobMap['notification-send-sms'],
        options: { retryLimit: 10, concurrency: 51 },
      },
    };
    const problems = catalogueProblems(greedy, handlers);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain('"notification-send-sms" has options outside');
    const { 'balance-check': _balance, ...withoutKind } = jobMap as unknown as Record<
      string,
      never
    >;
    if ('balance-check' in jobMap)
      expect(catalogueProblems(withoutKind, handlers)).toContain(
        '"balance-check" (check account balance) is not declared',
      );
  });

  it('validates payloads by their documented rules (docs/jobs.md, "Payloads")', () => {
    const id = crypto.randomUUID();
    const email = jobPayloads['notification-send-email'];
    expect(email.safeParse({ to: 'not-an-email', subject: 's', text: 't' }).success).toBe(false);
    expect(email.safeParse({ to: 'a@example.com', subject: 's', text: 't' }).success).toBe(true);
    expect(jobPayloads['pending-events-scan'].parse({})).toEqual({ batchSize: 100 });
    expect(jobPayloads['pending-events-scan'].safeParse({ batchSize: 0 }).success).toBe(false);
    expect(jobPayloads['pending-events-scan'].safeParse({ batchSize: 1.5 }).success).toBe(false);
    const push = jobPayloads['notification-send-push'];
    expect(push.safeParse({ userId: id, title: 't', body: 'b', badge: -1 }).success).toBe(false);
    expect(push.safeParse({ userId: id, title: 't', body: 'b', badge: 0 }).success).toBe(true);
    expect(push.safeParse({ userId: 'nope', title: 't', body: 'b' }).success).toBe(false);
    const ach = jobPayloads['payment-initiate-ach'];
    expect(ach.safeParse({ paymentId: 'nope' }).success).toBe(false);
    expect(ach.safeParse({ paymentId: id }).success).toBe(true);
    const reward = jobPayloads['rewards-calculate'];
    const earned = { userId: id, source: 'annual_plan', sourceId: id, subscriptionId: id };
    expect(reward.safeParse({ ...earned, baseAmountCents: 0 }).success).toBe(false);
    expect(reward.safeParse({ ...earned, baseAmountCents: 9999 }).success).toBe(true);
    const call = jobPayloads['negotiation-process-request'];
    expect(call.safeParse({ negotiationId: id, attempt: 0, try: 1 }).success).toBe(false);
  });
});
