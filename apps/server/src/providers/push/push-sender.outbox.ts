import type { OutboxRepo } from '../outbox/outbox';
import type { PushSender } from './push-sender';

/** The sandbox push sender: into the outbox table and the terminal, for the person's number. */
export function createOutboxPushSender(deps: {
  outbox: OutboxRepo;
  print?: (line: string) => void;
}): PushSender {
  return {
    async send(target, message) {
      const id = await deps.outbox.add({
        channel: 'push',
        to: target.recipient,
        subject: message.title,
        body: message.body,
      });
      deps.print?.(`[sandbox push to ${target.recipient}] ${message.title}: ${message.body}`);
      return { id };
    },
  };
}
