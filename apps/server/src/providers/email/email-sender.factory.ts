/** Picks the email adapter the configuration names; nodemailer is loaded only for SMTP. */
import type { OutboxRepo } from '../outbox/outbox';
import type { EmailConfig } from './email.config';
import type { EmailSender } from './email-sender';
import { createOutboxEmailSender } from './email-sender.outbox';

export async function createEmailSender(
  config: EmailConfig,
  sandbox: { outbox: OutboxRepo; print?: (line: string) => void },
): Promise<EmailSender> {
  if (config.provider !== 'smtp') return createOutboxEmailSender(sandbox);
  const { createSmtpEmailSender } = await import('./email-sender.smtp');
  return createSmtpEmailSender(config);
}
