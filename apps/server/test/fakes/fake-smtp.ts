/** A local SMTP server (smtp-server) that keeps what it receives and bounces one address. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type FakeSmtp = {
  url: string;
  received: { to: string[]; raw: string }[];
  close(): Promise<void>;
};

export const BOUNCING_ADDRESS = 'bounce@example.com';

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const received: FakeSmtp['received'] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (address.address === BOUNCING_ADDRESS) return callback(new Error('550 No such user here'));
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
