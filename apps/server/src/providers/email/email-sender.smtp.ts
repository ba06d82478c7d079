/** Email over SMTP with nodemailer (https://nodemailer.com/smtp/). */
import nodemailer from 'nodemailer';
import { EmailDeliveryError, type EmailSender } from './email-sender';

export function createSmtpEmailSender(config: { url: string; from: string }): EmailSender {
  const transport = nodemailer.createTransport(config.url);
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
