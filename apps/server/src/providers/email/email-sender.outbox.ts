import type { OutboxRepo } from '../outbox/outbox';
import type { EmailSender } from './email-sender';

/** The sandbox email sender: into the outbox table and the terminal. */
export function createOutboxEmailSender(deps: {
  outbox: OutboxRepo;
  print?: (line: string) => void;
}): EmailSender {
  return {
    async send(message) {
      const id = await deps.outbox.add({
        channel: 'email',
        to: message.to,
        subject: message.subject,
        body: message.text,
      });
      deps.print?.(`[sandbox email to ${message.to}] ${message.subject}: ${message.text}`);
      return { id };
    },
  };
}
