/** The SMS provider's settings: the sandbox outbox, or Twilio with its credentials and sender. */
import { z } from 'zod';
import { defineProviderKind, requiredWhen, sandboxRefused } from '../provider-kind';
import type { TwilioSmsConfig } from './sms-sender.twilio';

export type SmsConfig = { provider: 'outbox' } | ({ provider: 'twilio' } & TwilioSmsConfig);

/** Where Twilio reports what became of each text (docs/texts.md). */
export const TWILIO_STATUS_PATH = '/api/twilio/message-status';

export const smsProviderKind = defineProviderKind({
  env: {
    SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'Must look like AC followed by 32 hex digits')
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
    TWILIO_FROM_NUMBER: z
      .string()
      .regex(/^\+[1-9]\d{7,14}$/, 'Must be an E.164 number like +15555550100')
      .optional(),
    TWILIO_MESSAGING_SERVICE_SID: z
      .string()
      .regex(/^MG[0-9a-fA-F]{32}$/)
      .optional(),
    TWILIO_API_BASE_URL: z.url().optional(),
  },
  read(e, shared): SmsConfig | { problems: string[] } {
    if (e.SMS_PROVIDER === 'outbox') return { provider: 'outbox' };
    const when = 'SMS_PROVIDER=twilio';
    const problems: string[] = [];
    if (!e.TWILIO_ACCOUNT_SID) problems.push(requiredWhen('TWILIO_ACCOUNT_SID', when));
    if (!e.TWILIO_AUTH_TOKEN) problems.push(requiredWhen('TWILIO_AUTH_TOKEN', when));
    if (!e.TWILIO_FROM_NUMBER && !e.TWILIO_MESSAGING_SERVICE_SID) {
      problems.push(
        `${requiredWhen('TWILIO_FROM_NUMBER', when)} (or set TWILIO_MESSAGING_SERVICE_SID)`,
      );
    }
    if (problems.length > 0) return { problems };
    return {
      provider: 'twilio',
      accountSid: e.TWILIO_ACCOUNT_SID!,
      authToken: e.TWILIO_AUTH_TOKEN!,
      from: e.TWILIO_MESSAGING_SERVICE_SID
        ? { messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID }
        : { phoneNumber: e.TWILIO_FROM_NUMBER! },
      apiBaseUrl: e.TWILIO_API_BASE_URL,
      statusCallbackUrl: `${shared.publicUrl}${TWILIO_STATUS_PATH}`,
    };
  },
  sandboxRefusal: (slice) =>
    slice.provider === 'outbox' ? sandboxRefused('SMS_PROVIDER', 'outbox', 'twilio') : undefined,
});
