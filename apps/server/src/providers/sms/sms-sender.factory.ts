/** Picks the SMS adapter the configuration names; Twilio's SDK is loaded only when it is named. */
import type { OutboxRepo } from '../outbox/outbox';
import type { SmsConfig } from './sms.config';
import type { SmsSender } from './sms-sender';
import { createOutboxSmsSender } from './sms-sender.outbox';

export async function createSmsSender(
  config: SmsConfig,
  sandbox: { outbox: OutboxRepo; print?: (line: string) => void },
): Promise<SmsSender> {
  if (config.provider !== 'twilio') return createOutboxSmsSender(sandbox);
  const { createTwilioSmsSender } = await import('./sms-sender.twilio');
  return createTwilioSmsSender(config);
}
