/**
 * Twilio Programmable Messaging through the official SDK
 * (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource).
 * `apiBaseUrl` points the SDK at another host; tests use it for a local fake of the API.
 */
import twilio from 'twilio';
import { SmsDeliveryError, type SmsFailure, type SmsSender } from './sms-sender';

export type TwilioSmsConfig = {
  accountSid: string;
  authToken: string;
  from: { phoneNumber: string } | { messagingServiceSid: string };
  apiBaseUrl?: string | undefined;
  /**
   * Where Twilio posts each message's later status (delivered, undelivered, failed): "queued"
   * only means Twilio took it. Also the URL its signatures are computed over.
   */
  statusCallbackUrl?: string | undefined;
};

/** Twilio's errors about Billow's account rather than the number (https://www.twilio.com/docs/api/errors). */
const CONFIGURATION_CODES = new Set([20003, 20005, 20008, 21606, 21659, 21703, 21704, 21705]);

/** Whose problem a Twilio error is: the number's, Twilio's (busy or down), or Billow's setup. */
function failureOf(error: unknown): SmsFailure {
  const { status, code } = (error ?? {}) as { status?: number; code?: number };
  if (code !== undefined && CONFIGURATION_CODES.has(code)) return 'configuration';
  if (status === 401 || status === 403) return 'configuration';
  if (status === undefined || status === 429 || status >= 500) return 'unavailable';
  return 'invalid-number';
}

export function createTwilioSmsSender(config: TwilioSmsConfig): SmsSender {
  const client = twilio(config.accountSid, config.authToken, { autoRetry: true, maxRetries: 3 });
  if (config.apiBaseUrl) client.api.baseUrl = config.apiBaseUrl.replace(/\/$/, '');
  const from =
    'messagingServiceSid' in config.from
      ? { messagingServiceSid: config.from.messagingServiceSid }
      : { from: config.from.phoneNumber };
  return {
    async send(message) {
      try {
        const created = await client.messages.create({
          to: message.to,
          body: message.body,
          ...from,
          ...(config.statusCallbackUrl ? { statusCallback: config.statusCallbackUrl } : {}),
        });
        return { id: created.sid };
      } catch (error) {
        // RestException carries Twilio's own message (e.g. "The 'To' number … is not a valid phone number.").
        const reason = error instanceof Error ? error.message : String(error);
        throw new SmsDeliveryError(`Twilio refused the message: ${reason}`, failureOf(error));
      }
    },
  };
}
