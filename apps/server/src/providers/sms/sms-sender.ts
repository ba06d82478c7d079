/** The SMS port: one method, the same promise from the outbox and from Twilio. */
export type Sms = { to: string; body: string };

export type SmsSender = { send(message: Sms): Promise<{ id: string }> };

/**
 * Why a text could not be sent: the number (not a phone, or one that cannot get texts), or the
 * provider (busy, down, or refusing Billow's own credentials) — which the person cannot fix.
 */
export type SmsFailure = 'invalid-number' | 'unavailable' | 'configuration';

/** The provider refused the message; `failure` says whose problem it is, the text says why. */
export class SmsDeliveryError extends Error {
  override name = 'SmsDeliveryError';
  constructor(
    message: string,
    readonly failure: SmsFailure = 'invalid-number',
  ) {
    super(message);
  }
}

export const E164 = /^\+[1-9]\d{7,14}$/;
