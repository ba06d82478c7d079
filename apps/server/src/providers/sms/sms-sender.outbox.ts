/**
 * The sandbox SMS sender: the message goes to the outbox table (readable at /api/dev/outbox) and
 * is printed to the terminal, which is how a person running Billow locally gets their code.
 */
import type { OutboxRepo } from '../outbox/outbox';
import { E164, SmsDeliveryError, type SmsSender } from './sms-sender';

export function createOutboxSmsSender(deps: {
  outbox: OutboxRepo;
  print?: (line: string) => void;
}): SmsSender {
  return {
    async send(message) {
      if (!E164.test(message.to))
        throw new SmsDeliveryError(`Not a valid phone number: ${message.to}`);
      const id = await deps.outbox.add({ channel: 'sms', to: message.to, body: message.body });
      deps.print?.(`[sandbox text to ${message.to}] ${message.body}`);
      return { id };
    },
  };
}
