/** Picks the SMS adapter the configuration names. */
import type { OutboxRepo } from '../../modules/dev/outbox.repo';
import type { SmsConfig } from './sms.config';
import type { SmsSender } from './sms-sender';
import { createOutboxSmsSender } from './sms-sender.outbox';
import { createTwilioSmsSender } from './sms-sender.twilio';

export function createSmsSender(
  config: SmsConfig,
  sandbox: { outbox: OutboxRepo; print?: (line: string) => void },
): SmsSender {
  return config.provider === 'twilio'
    ? createTwilioSmsSender(config)
    : createOutboxSmsSender(sandbox);
}
