/**
 * A crash in the middle of a reminder send (issue 35): the process takes the day's digest on
 * each channel, then dies before the provider answers. The next hourly scan after the stale
 * threshold sends each again, once; a late retry of the original job, and more scans, send
 * nothing more.
 */
import { userRoutes } from '@billow/contracts';
import { jobPayloads } from '../../jobs/job-payloads';
import { describe, expect, it } from 'vitest';
import { customTransaction, dayFrom } from '../../../test/sandbox-link';
import { latestCode } from '../../../test/sign-in';
import { remindersFixture } from '../../../test/reminders-fixture';

const today = '2026-11-20';

function spotifyMonthly() {
  const transactions = [];
  for (let month = 0; month < 6; month++)
    transactions.push(
      customTransaction(dayFrom(today, -30 * month - 6), 'SPOTIFY USA 877-7781161 NY', 11.99),
    );
  return [
    {
      type: 'depository',
      subtype: 'checking',
      starting_balance: 3000,
      meta: { name: 'Checking', mask: '2222' },
      transactions,
    },
  ];
}

describe('a crash during a reminder send', () => {
  const f = remindersFixture(today, 15555557300);
  const email = 'crashy@example.com';
  const reminders = async (to: string) => (await f.outbox(to)).filter((m) => /renews/.test(m.body));
  const sendJobs = ['notification-send-sms', 'notification-send-email'] as const;

  it('sends the reminder the crash interrupted once on each channel, at the next scan', async () => {
    const { phoneNumber, bills } = await f.linked(spotifyMonthly(), async (token) => {
      await f.call(token, userRoutes.updateProfileInfo, { user_legal_name: 'Ada', email });
      await f.call(token, userRoutes.sendEmailVerification);
      await f.call(token, userRoutes.verifyEmail, { code: await latestCode(f.t.app, email) });
    });
    const due = bills.find((b) => b.merchant_name === 'Spotify')!.renewal_date!;
    const day = dayFrom(due, -3);

    // The scan at noon finds the reminder and queues a send on each channel.
    f.at(day, 12);
    await f.t.jobs.queue.send('pending-events-scan', { batchSize: 100 });
    await f.t.runQueuedJobs([
      'pending-events-scan',
      'pending-events-scan-batch',
      'subscription-send-renewal-reminder',
    ]);

    // A worker takes both send jobs, takes each digest, and dies before the provider answers.
    const abandoned = [];
    for (const name of sendJobs) {
      const [job] = await f.t.jobs.boss.fetch<object>(name);
      expect(job, name).toBeDefined();
      const payload = jobPayloads[name].parse(job!.data);
      abandoned.push({ name, payload });
      await new Promise<void>((tookDigest) => {
        void f.t.modules.reminders.service.deliverOnce(payload.digestId, () => {
          tookDigest();
          return new Promise(() => {}); // the process is gone: no answer, no clean-up
        });
      });
    }
    expect(await reminders(phoneNumber)).toEqual([]);

    // A scan while the send could still be under way leaves it alone.
    await f.scan();
    expect(await reminders(phoneNumber)).toEqual([]);

    // The next hourly scan finds the digests abandoned and sends each, once.
    f.at(day, 13);
    await f.scan();
    expect(await reminders(phoneNumber)).toHaveLength(1);
    expect(await reminders(email)).toHaveLength(1);
    expect((await reminders(email))[0]!.body).toContain('Spotify $11.99 renews in 3 days');

    // The original jobs retried by the queue once they expire, and later scans: nothing more.
    for (const { name, payload } of abandoned) await f.t.jobs.queue.send(name, payload);
    await f.t.runQueuedJobs([...sendJobs]);
    f.at(day, 15);
    await f.scan();
    f.at(dayFrom(day, 1), 12);
    await f.scan();
    expect(await reminders(phoneNumber)).toHaveLength(1);
    expect(await reminders(email)).toHaveLength(1);
  });
});
