// Password-reset mail through the operator's SMTP server (SMTP_URL, SMTP_FROM, which the
// worker's alerts use too). nodemailer speaks SMTP; Patchbay only says what to send.
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** A mailer for `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://…:465`. */
export function createMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
    close: () => transport.close(),
  };
}
