/**
 * Twilio Programmable Messaging through the official SDK
 * (https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource).
 * `apiBaseUrl` points the SDK at another host; tests use it for a local fake of the API.
 */
import twilio from 'twilio';
import { SmsDeliveryError, type SmsSender } from './sms-sender';

export type TwilioSmsConfig = {
  accountSid: string;
  authToken: string;
  from: { phoneNumber: string } | { messagingServiceSid: string };
  apiBaseUrl?: string | undefined;
};

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
        });
        return { id: created.sid };
      } catch (error) {
        // RestException carries Twilio's own message (e.g. "The 'To' number … is not a valid phone number.").
        const reason = error instanceof Error ? error.message : String(error);
        throw new SmsDeliveryError(`Twilio refused the message: ${reason}`);
      }
    },
  };
}
