/** The behaviour both SMS adapters promise; Twilio's runs against a local fake of its API. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from '../../../test/fakes/fake-twilio';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { createOutboxRepo } from '../outbox/outbox';
import { SmsDeliveryError, type Sms, type SmsSender } from './sms-sender';
import { createOutboxSmsSender } from './sms-sender.outbox';
import { createTwilioSmsSender } from './sms-sender.twilio';

type Harness = { sender: SmsSender; delivered(): Promise<Sms[]> };

function describeSmsSender(
  name: string,
  setup: () => Promise<Harness>,
  teardown: () => Promise<void>,
) {
  describe(`${name} SMS sender`, () => {
    let harness: Harness;
    beforeAll(async () => {
      harness = await setup();
    });
    afterAll(teardown);

    it('delivers the text to the number', async () => {
      const { id } = await harness.sender.send({
        to: '+15555550123',
        body: 'Your Billow code is 123456.',
      });
      expect(id).toBeTruthy();
      expect(await harness.delivered()).toContainEqual({
        to: '+15555550123',
        body: 'Your Billow code is 123456.',
      });
    });

    it('refuses a number that is not a phone number', async () => {
      await expect(harness.sender.send({ to: 'not-a-number', body: 'x' })).rejects.toBeInstanceOf(
        SmsDeliveryError,
      );
    });
  });
}

let database: TestDatabase;
describeSmsSender(
  'outbox',
  async () => {
    database = await createTestDatabase();
    const outbox = createOutboxRepo(database.db);
    return {
      sender: createOutboxSmsSender({ outbox }),
      delivered: async () => (await outbox.list()).map((m) => ({ to: m.to, body: m.body })),
    };
  },
  () => database.destroy(),
);

let twilio: FakeTwilio;
const credentials = { accountSid: `AC${'a1'.repeat(16)}`, authToken: 'fake-twilio-auth-token' };
describeSmsSender(
  'Twilio',
  async () => {
    twilio = await startFakeTwilio(credentials);
    return {
      sender: createTwilioSmsSender({
        ...credentials,
        from: { phoneNumber: '+15005550006' },
        apiBaseUrl: twilio.url,
      }),
      delivered: async () => twilio.messages.map((m) => ({ to: m.to, body: m.body })),
    };
  },
  () => twilio.close(),
);

describe('Twilio SMS sender', () => {
  it('sends from a messaging service when one is configured, and fails on bad credentials', async () => {
    const fake = await startFakeTwilio(credentials);
    const viaService = createTwilioSmsSender({
      ...credentials,
      from: { messagingServiceSid: `MG${'b2'.repeat(16)}` },
      apiBaseUrl: fake.url,
    });
    await viaService.send({ to: '+15555550123', body: 'hi' });
    expect(fake.messages[0]).toMatchObject({
      messagingServiceSid: `MG${'b2'.repeat(16)}`,
      from: null,
    });

    const wrongToken = createTwilioSmsSender({
      ...credentials,
      authToken: 'wrong-token-123456',
      from: { phoneNumber: '+15005550006' },
      apiBaseUrl: fake.url,
    });
    await expect(wrongToken.send({ to: '+15555550123', body: 'hi' })).rejects.toThrow(
      /Twilio refused the message: .*Authenticate/,
    );
    await fake.close();
  });
});
