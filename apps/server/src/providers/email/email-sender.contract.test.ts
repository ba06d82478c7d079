import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOUNCING_ADDRESS, startFakeSmtp, type FakeSmtp } from '../../../test/fakes/fake-smtp';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database';
import { createOutboxRepo } from '../outbox/outbox';
import type { EmailSender } from './email-sender';
import { EmailDeliveryError } from './email-sender';
import { createOutboxEmailSender } from './email-sender.outbox';
import { createSmtpEmailSender } from './email-sender.smtp';

type Delivered = { to: string; subject: string; text: string };

function describeEmailSender(
  name: string,
  setup: () => Promise<{ sender: EmailSender; delivered(): Promise<Delivered[]> }>,
  teardown: () => Promise<void>,
) {
  describe(`${name} email sender`, () => {
    let harness: Awaited<ReturnType<typeof setup>>;
    beforeAll(async () => {
      harness = await setup();
    });
    afterAll(teardown);

    it('delivers subject and text to the address', async () => {
      const { id } = await harness.sender.send({
        to: 'ada@example.com',
        subject: 'Your Billow verification code',
        text: 'Your code is 654321.',
      });
      expect(id).toBeTruthy();
      const delivered = await harness.delivered();
      expect(delivered).toContainEqual({
        to: 'ada@example.com',
        subject: 'Your Billow verification code',
        text: 'Your code is 654321.',
      });
    });
  });
}

let database: TestDatabase;
describeEmailSender(
  'outbox',
  async () => {
    database = await createTestDatabase();
    const outbox = createOutboxRepo(database.db);
    return {
      sender: createOutboxEmailSender({ outbox }),
      delivered: async () =>
        (await outbox.list()).map((m) => ({ to: m.to, subject: m.subject ?? '', text: m.body })),
    };
  },
  () => database.destroy(),
);

let smtp: FakeSmtp;
describeEmailSender(
  'SMTP',
  async () => {
    smtp = await startFakeSmtp();
    return {
      sender: createSmtpEmailSender({ url: smtp.url, from: 'Billow <no-reply@billow.test>' }),
      delivered: async () =>
        smtp.received.map((mail) => ({
          to: mail.to[0]!,
          subject: /^Subject: (.*)$/m.exec(mail.raw)?.[1]?.trim() ?? '',
          text: mail.raw
            .split(/\r?\n\r?\n/)
            .slice(1)
            .join('\n')
            .trim(),
        })),
    };
  },
  () => smtp.close(),
);

describe('SMTP email sender', () => {
  it('reports a refused recipient as a delivery error', async () => {
    const fake = await startFakeSmtp();
    const sender = createSmtpEmailSender({ url: fake.url, from: 'Billow <no-reply@billow.test>' });
    await expect(
      sender.send({ to: BOUNCING_ADDRESS, subject: 's', text: 't' }),
    ).rejects.toBeInstanceOf(EmailDeliveryError);
    await fake.close();
  });

  it('gives up on a mail server that accepts the connection but never answers', async () => {
    const silent = net.createServer(() => {}); // takes the connection, never greets
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const sender = createSmtpEmailSender(
      { url: `smtp://127.0.0.1:${port}`, from: 'Billow <no-reply@billow.test>' },
      { connectionMs: 200, greetingMs: 200, socketMs: 200 },
    );
    await expect(sender.send({ to: 'ada@example.com', subject: 's', text: 't' })).rejects.toThrow(
      EmailDeliveryError,
    );
    silent.close();
  });
});
