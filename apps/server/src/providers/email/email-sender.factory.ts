/** Picks the email adapter the configuration names. */
import type { OutboxRepo } from '../../modules/dev/outbox.repo';
import type { EmailConfig } from './email.config';
import type { EmailSender } from './email-sender';
import { createOutboxEmailSender } from './email-sender.outbox';
import { createSmtpEmailSender } from './email-sender.smtp';

export function createEmailSender(
  config: EmailConfig,
  sandbox: { outbox: OutboxRepo; print?: (line: string) => void },
): EmailSender {
  return config.provider === 'smtp'
    ? createSmtpEmailSender(config)
    : createOutboxEmailSender(sandbox);
}
