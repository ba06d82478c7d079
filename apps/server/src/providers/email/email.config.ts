/** The email provider's settings: the sandbox outbox, or an SMTP server. */
import { z } from 'zod';
import { defineProviderKind, requiredWhen, sandboxRefused } from '../provider-kind';

export type EmailConfig =
  { provider: 'outbox'; from: string } | { provider: 'smtp'; url: string; from: string };

/** The sandbox's sender, at a domain that does not exist. */
const DEFAULT_SENDER = /@billow\.local>?$/;

export const emailProviderKind = defineProviderKind({
  env: {
    EMAIL_PROVIDER: z.enum(['outbox', 'smtp']).default('outbox'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'Must be an smtp:// or smtps:// URL')
      .optional(),
    EMAIL_FROM: z.string().min(3).default('Billow <no-reply@billow.local>'),
  },
  read(e): EmailConfig | { problems: string[] } {
    if (e.EMAIL_PROVIDER === 'outbox') return { provider: 'outbox', from: e.EMAIL_FROM };
    if (!e.SMTP_URL) return { problems: [requiredWhen('SMTP_URL', 'EMAIL_PROVIDER=smtp')] };
    return { provider: 'smtp', url: e.SMTP_URL, from: e.EMAIL_FROM };
  },
  sandboxRefusal: (slice) =>
    slice.provider === 'outbox'
      ? sandboxRefused('EMAIL_PROVIDER', 'outbox', 'smtp')
      : DEFAULT_SENDER.test(slice.from)
        ? 'EMAIL_FROM: set a sender your mail relay accepts (relays refuse the default no-reply@billow.local)'
        : undefined,
});
