/**
 * The fake Twilio answers as Twilio's API description (vendor-apis/twilio.subset.json) says: a
 * value Twilio refuses gets Twilio's 400, a parameter Twilio would ignore is noted, and the
 * message resource it answers Billow's adapter with is the one Twilio documents.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTwilioSmsSender } from '../../src/providers/sms/sms-sender.twilio';
import { startFakeTwilio, type FakeTwilio } from './fake-twilio';
import { vendorApi } from './vendor-apis/vendor-api';

const credentials = { accountSid: `AC${'e5'.repeat(16)}`, authToken: 'fake-twilio-auth-token-3' };
const path = `/2010-04-01/Accounts/${credentials.accountSid}/Messages.json`;
let twilio: FakeTwilio;
beforeAll(async () => {
  twilio = await startFakeTwilio(credentials);
});
afterAll(() => twilio.close());

async function post(form: Record<string, string>) {
  const response = await fetch(`${twilio.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${credentials.accountSid}:${credentials.authToken}`).toString('base64')}`,
    },
    body: new URLSearchParams(form).toString(),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the fake Twilio', () => {
  it('refuses a message Twilio refuses, with Twilio’s error, and notes a parameter Twilio ignores', async () => {
    expect(await post({ Body: 'hi', From: '+15005550006' })).toMatchObject({
      status: 400,
      body: { code: 21604, status: 400 },
    });
    expect(
      await post({ To: '+15555550123', Body: 'hi', From: '+15005550006', MaxPrice: 'cheap' }),
    ).toMatchObject({ status: 400, body: { code: 70002 } });
    expect(
      await post({ To: '+15555550123', Body: 'hi', From: '+15005550006', Priority: 'high' }),
    ).toMatchObject({ status: 201 });
    expect(twilio.takeViolations()).toEqual([
      expect.stringContaining("must have required property 'To'"),
      expect.stringContaining('/MaxPrice must be number'),
      expect.stringContaining("unevaluated properties 'Priority'"),
    ]);
  });

  it('knows a message resource Twilio never answers with when it sees one', () => {
    expect(
      vendorApi('twilio').checkResponse(
        'POST',
        '/2010-04-01/Accounts/{AccountSid}/Messages.json',
        201,
        {
          sid: `SM${'0'.repeat(32)}`,
          status: 'sent-ish',
          segments: 1,
        },
      ),
    ).toEqual([
      expect.stringContaining('/status must be equal to one of the allowed values'),
      "(body) must NOT have unevaluated properties 'segments'",
    ]);
  });

  it('answers Billow’s texts, from a number or a messaging service, as Twilio documents', async () => {
    for (const from of [
      { phoneNumber: '+15005550006' },
      { messagingServiceSid: `MG${'b2'.repeat(16)}` },
    ]) {
      const sender = createTwilioSmsSender({
        ...credentials,
        from,
        apiBaseUrl: twilio.url,
        statusCallbackUrl: 'https://billow.example/api/twilio/status',
      });
      await sender.send({ to: '+15555550123', body: 'Your Billow code is 123456' });
    }
    expect(twilio.takeViolations()).toEqual([]);
  });
});
