/**
 * Twilio's status callback (docs/texts.md): every text is sent with a StatusCallback, and what
 * Twilio later reports there — delivered, undelivered, failed, with its error code — is kept,
 * signed reports only. "queued" at send time is not taken for delivered.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from './fakes/fake-twilio';
import { createTestApp, type TestApp } from './test-app';

const credentials = { accountSid: `AC${'d4'.repeat(16)}`, authToken: 'fake-twilio-auth-token-2' };
const PUBLIC_URL = 'https://billow.example';

describe('Twilio status callbacks', () => {
  let twilio: FakeTwilio;
  let t: TestApp;
  beforeAll(async () => {
    twilio = await startFakeTwilio(credentials);
    t = await createTestApp({
      env: {
        PUBLIC_URL,
        SMS_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: credentials.accountSid,
        TWILIO_AUTH_TOKEN: credentials.authToken,
        TWILIO_FROM_NUMBER: '+15005550006',
        TWILIO_API_BASE_URL: twilio.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await twilio.close();
  });

  const sendCode = async (phoneNumber: string) => {
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/auth/otp/start',
      payload: { phoneNumber },
    });
    expect(started.statusCode, started.body).toBe(200);
    return twilio.messages.at(-1)!;
  };
  const deliveries = async () =>
    (
      await t.database.executeSql(
        'select message_sid, status, error_code from sms_deliveries order by message_sid',
      )
    ).rows;

  it('asks Twilio to report each text, and keeps what it reports', async () => {
    const message = await sendCode('+15555550901');
    expect(message.statusCallback).toBe(`${PUBLIC_URL}/api/twilio/message-status`);

    const undelivered = twilio.statusReport(message, 'undelivered', 30003);
    const answer = await t.app.inject({ method: 'POST', ...undelivered });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await deliveries()).toContainEqual({
      message_sid: message.sid,
      status: 'undelivered',
      error_code: 30003,
    });
    // Nothing of the number or the text is kept.
    expect(JSON.stringify(await deliveries())).not.toContain('0901');
  });

  it('keeps the latest status when reports arrive out of order', async () => {
    const message = await sendCode('+15555550902');
    for (const status of ['delivered', 'sent']) {
      const report = twilio.statusReport(message, status);
      expect((await t.app.inject({ method: 'POST', ...report })).statusCode).toBe(200);
    }
    expect(await deliveries()).toContainEqual({
      message_sid: message.sid,
      status: 'delivered',
      error_code: null,
    });
  });

  it('refuses a report that is not signed with the account’s auth token', async () => {
    const message = await sendCode('+15555550903');
    const report = twilio.statusReport(message, 'failed', 30007);
    const forged = await t.app.inject({
      method: 'POST',
      ...report,
      headers: { ...report.headers, 'x-twilio-signature': 'bm90IGEgc2lnbmF0dXJl' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['content-type']).toContain('application/problem+json');
    const edited = await t.app.inject({
      method: 'POST',
      ...report,
      payload: report.payload.replace('failed', 'delivered'),
    });
    expect(edited.statusCode).toBe(401);
    expect((await deliveries()).map((row) => row.message_sid)).not.toContain(message.sid);
  });
});
