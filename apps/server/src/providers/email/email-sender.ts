/** The email port: the same promise from the outbox and from SMTP. */
export type Email = { to: string; subject: string; text: string };

export type EmailSender = { send(message: Email): Promise<{ id: string }> };

export class EmailDeliveryError extends Error {
  override name = 'EmailDeliveryError';
}
