/**
 * Reminders end to end on a controllable clock: a linked person's bills found by detection, the
 * scan run as the schedule would, and what lands in the sandbox outbox.
 */
import {
  EMAIL_REMINDERS_NEED_EMAIL_MESSAGE,
  QUIET_HOURS_SAME_MESSAGE,
  reminderRoutes,
  userRoutes,
} from '@billow/contracts';
import { describe, expect, it } from 'vitest';
import { customTransaction, dayFrom } from '../../../test/sandbox-link';
import { latestCode } from '../../../test/sign-in';
import { remindersFixture } from '../../../test/reminders-fixture';

const today = '2026-11-20';

/** Monthly Netflix and Spotify charged a day apart, so their renewals fall due together. */
function twoBills() {
  const transactions = [];
  for (let month = 0; month < 6; month++) {
    transactions.push(
      customTransaction(dayFrom(today, -30 * month - 5), 'NETFLIX.COM 866-579-7172 CA', 15.49),
      customTransaction(dayFrom(today, -30 * month - 6), 'SPOTIFY USA 877-7781161 NY', 11.99),
    );
  }
  return [
    {
      type: 'depository',
      subtype: 'checking',
      starting_balance: 3000,
      meta: { name: 'Checking', mask: '1111' },
      transactions,
    },
  ];
}

describe('reminders before bills', () => {
  const f = remindersFixture(today, 15555557100);
  const { at, call, outbox, scan } = f;
  const reminders = async (to: string) =>
    (await outbox(to)).filter((m) => /renews|trial|went up|failed/.test(m.body));

  async function linkedPerson(options: { email?: string } = {}) {
    const { token, phoneNumber, bills } = await f.linked(twoBills(), async (token) => {
      if (!options.email) return;
      await call(token, userRoutes.updateProfileInfo, {
        user_legal_name: 'Ada Lovelace',
        email: options.email,
      });
      await call(token, userRoutes.sendEmailVerification);
      const code = await latestCode(f.t.app, options.email);
      const verified = await call(token, userRoutes.verifyEmail, { code });
      expect(verified.json()).toMatchObject({ is_email_verified: true });
    });
    const netflix = bills.find((b) => b.merchant_name === 'Netflix')!;
    const spotify = bills.find((b) => b.merchant_name === 'Spotify')!;
    expect(netflix.renewal_date).toBeTruthy();
    return { token, phoneNumber, netflix, spotify };
  }

  it('reminds once at each offset, on text and verified email, gathering due bills in one digest', async () => {
    const person = await linkedPerson({ email: 'reminded@example.com' });
    const netflixDue = person.netflix.renewal_date!;
    const spotifyDue = person.spotify.renewal_date!;
    expect(spotifyDue < netflixDue).toBe(true);

    // Four days before Spotify: nothing is due.
    at(dayFrom(spotifyDue, -4));
    await scan();
    expect(await reminders(person.phoneNumber)).toEqual([]);

    // Three days before Spotify: one text and one email.
    at(dayFrom(spotifyDue, -3));
    await scan();
    const texts = await reminders(person.phoneNumber);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.channel).toBe('sms');
    expect(texts[0]!.body).toContain('Spotify $11.99 renews in 3 days');
    const emails = await reminders('reminded@example.com');
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ channel: 'email', subject: expect.any(String) });

    // The same day again (the hourly schedule): nothing twice.
    at(dayFrom(spotifyDue, -3), 15);
    await scan();
    expect(await reminders(person.phoneNumber)).toHaveLength(1);

    // Two days before Spotify = three before Netflix: Netflix's first reminder.
    at(dayFrom(spotifyDue, -2));
    await scan();
    const second = await reminders(person.phoneNumber);
    expect(second).toHaveLength(2);
    expect(second[0]!.body).toContain('Netflix $15.49 renews in 3 days');
    expect(second[0]!.body).not.toContain('Spotify');

    // One day before Spotify = two before Netflix: Spotify's 1-day reminder only.
    at(dayFrom(spotifyDue, -1));
    await scan();
    const third = await reminders(person.phoneNumber);
    expect(third).toHaveLength(3);
    expect(third[0]!.body).toContain('Spotify $11.99 renews tomorrow');
    expect(third[0]!.body).not.toContain('Netflix');

    // Renewal days pass with nothing more than the 1-day reminder of Netflix.
    at(spotifyDue);
    await scan();
    at(netflixDue);
    await scan();
    const all = await reminders(person.phoneNumber);
    expect(all).toHaveLength(4);
    expect(all[0]!.body).toContain('Netflix $15.49 renews tomorrow');
    expect(await reminders('reminded@example.com')).toHaveLength(4);
  });

  it('links a free trial about to convert straight to its cancel sheet', async () => {
    const accounts = twoBills();
    // A $1 start at a subscription merchant 25 days ago, nothing since: a trial still running.
    accounts[0]!.transactions.push(
      customTransaction(dayFrom(today, -25), 'HULU 877-8244858 CA', 1),
    );
    const { phoneNumber, bills } = await f.linked(accounts);
    const trial = bills.find((b) => b.merchant_name === 'Hulu');
    expect(trial).toMatchObject({ status: 'FREE_TRIAL', renewal_date: expect.any(String) });

    at(dayFrom(trial!.renewal_date!, -3));
    await scan();
    const [text] = await reminders(phoneNumber);
    expect(text!.body).toContain('Hulu free trial ends in 3 days (');
    expect(text!.body).toContain(`To cancel it: ${f.t.config.publicUrl}/?cancel=${trial!.id}`);
  });

  it('gathers every bill due on a day into one message per channel', async () => {
    const person = await linkedPerson();
    // Offsets wide enough that both bills fall due on the same day.
    const saved = await call(person.token, reminderRoutes.updatePreferences, {
      offsetsDays: [7],
      quietHoursStart: 21,
      quietHoursEnd: 8,
      timeZone: 'UTC',
      isEmailEnabled: true,
    });
    expect(saved.json()).toMatchObject({ offsetsDays: [7] });
    at(dayFrom(person.spotify.renewal_date!, -3));
    await scan();
    const texts = await reminders(person.phoneNumber);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain('Spotify');
    expect(texts[0]!.body).toContain('Netflix');
  });

  it('sends no text with notifications off, no email without a verified email, nothing in quiet hours', async () => {
    const person = await linkedPerson();
    await call(person.token, userRoutes.updateProfileInfo, {
      user_legal_name: 'Unverified',
      email: 'unverified@example.com',
    });
    const due = dayFrom(person.spotify.renewal_date!, -3);

    // 22:00 UTC is within the default quiet hours (21 to 8): nothing yet.
    at(due, 22);
    await scan();
    expect(await reminders(person.phoneNumber)).toEqual([]);

    await call(person.token, userRoutes.updateProfileSettings, {
      is_subscription_notifications_enabled: false,
    });
    at(due, 12);
    await scan();
    expect(await reminders(person.phoneNumber)).toEqual([]);
    expect(await reminders('unverified@example.com')).toEqual([]);

    // Turned back on: the reminder due is sent after all.
    await call(person.token, userRoutes.updateProfileSettings, {
      is_subscription_notifications_enabled: true,
    });
    await scan();
    expect(await reminders(person.phoneNumber)).toHaveLength(1);
  });

  it('refuses quiet hours that start and end at the same hour, and email reminders with no verified email to send them to', async () => {
    const person = await linkedPerson();
    const settings = {
      offsetsDays: [3],
      quietHoursStart: 21,
      quietHoursEnd: 8,
      isEmailEnabled: false,
    };
    expect((await call(person.token, reminderRoutes.updatePreferences, settings)).statusCode).toBe(
      200,
    );

    const sameHour = await call(person.token, reminderRoutes.updatePreferences, {
      ...settings,
      quietHoursEnd: 21,
    });
    expect(sameHour.statusCode).toBe(400);
    expect(sameHour.json().errors).toContainEqual(
      expect.objectContaining({ field: 'quietHoursEnd', message: QUIET_HOURS_SAME_MESSAGE }),
    );

    const emailOn = await call(person.token, reminderRoutes.updatePreferences, {
      ...settings,
      isEmailEnabled: true,
    });
    expect(emailOn.statusCode).toBe(400);
    expect(emailOn.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(emailOn.json()).toMatchObject({
      detail: EMAIL_REMINDERS_NEED_EMAIL_MESSAGE,
      errors: [expect.objectContaining({ field: 'isEmailEnabled' })],
    });
    const kept = await call(person.token, reminderRoutes.preferences);
    expect(kept.json()).toMatchObject({ quietHoursEnd: 8, isEmailEnabled: false });
  });

  it('sends nothing twice after a crash in the middle of a batch and a re-run', async () => {
    const people = [await linkedPerson(), await linkedPerson(), await linkedPerson()];
    const due = dayFrom(people[0]!.spotify.renewal_date!, -3);
    // The second person's reminders fail to record, as a crash halfway through would.
    const { rows } = await f.t.database.executeSql('select id from users where phone_number = $1', [
      people[1]!.phoneNumber,
    ]);
    const victim = rows[0]!.id as string;
    await f.t.database.executeSql(`
      create or replace function crash_reminders() returns trigger language plpgsql as $$
      begin
        if new.user_id = '${victim}' then raise exception 'worker crashed'; end if;
        return new;
      end $$;
      create trigger crash_reminders before insert on reminder_deliveries
        for each row execute function crash_reminders();`);
    at(due);
    await f.t.jobs.queue.send('pending-events-scan', { batchSize: 1 });
    await expect(f.t.runQueuedJobs()).rejects.toThrow(/reminder_deliveries/);
    await f.t.runQueuedJobs().catch(() => undefined);
    expect(await reminders(people[1]!.phoneNumber)).toEqual([]);
    await f.t.database.executeSql(
      'drop trigger crash_reminders on reminder_deliveries; drop function crash_reminders();',
    );

    // Restarted: the schedule scans again, and a send job the crash left is delivered again.
    const sent = await f.t.database.executeSql(
      `select data from pgboss.archive where name = 'notification-send-sms'
       union all select data from pgboss.job where name = 'notification-send-sms'`,
    );
    for (const row of sent.rows)
      await f.t.jobs.queue.send('notification-send-sms', row.data as never);
    await scan();
    await scan();
    for (const person of people) {
      const texts = await reminders(person.phoneNumber);
      expect(texts).toHaveLength(1);
      expect(texts[0]!.body).toContain('Spotify $11.99 renews in 3 days');
    }
  });
});
