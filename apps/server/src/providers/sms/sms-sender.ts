/** The SMS port: one method, the same promise from the outbox and from Twilio. */
export type Sms = { to: string; body: string };

export type SmsSender = { send(message: Sms): Promise<{ id: string }> };

/** The provider refused the message (bad number, unreachable, …); the text says why. */
export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
}

export const E164 = /^\+[1-9]\d{7,14}$/;
