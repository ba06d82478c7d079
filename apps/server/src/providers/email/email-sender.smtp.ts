/** Email over SMTP with nodemailer (https://nodemailer.com/smtp/). */
import nodemailer from 'nodemailer';
import { EmailDeliveryError, type EmailSender } from './email-sender';

/**
 * How long a mail server may take to accept the connection, greet, and go quiet mid-message.
 * Nodemailer waits up to two minutes by default, and a code email is sent inside a request.
 */
const SMTP_TIMEOUTS = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 20_000 };

export function createSmtpEmailSender(
  config: { url: string; from: string },
  timeouts = SMTP_TIMEOUTS,
): EmailSender {
  const transport = nodemailer.createTransport({
    url: config.url,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  });
  return {
    async send(message) {
      try {
        const info = await transport.sendMail({
          from: config.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
        });
        return { id: info.messageId };
      } catch (error) {
        throw new EmailDeliveryError(
          `The mail server refused the message: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}
