// Password-reset mail through the operator's SMTP server (SMTP_URL, SMTP_FROM, which the
// worker's alerts use too). nodemailer speaks SMTP; Patchbay only says what to send.
import type { Transporter } from 'nodemailer';

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
  // nodemailer is loaded at the first mail, not at start: it holds ~4.5 MiB of heap for the
  // API's whole life, and a password-reset mail is rare (ADR 039).
  let transport: Promise<Transporter> | null = null;
  return {
    async send(message) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) =>
        nodemailer.createTransport(options.url),
      );
      await (await transport).sendMail({ from: options.from, ...message });
    },
    close: () =>
      void transport?.then(
        (made) => made.close(),
        () => {},
      ),
  };
}
