import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../logger.js';

export interface MailMessage {
  to: string | string[];
  subject: string;
  html?: string;
  text?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<{ messageId: string }>;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise messages are only logged (development without a sink). */
export function createMailer(smtpUrl: string | undefined, from: string, log: Logger): Mailer {
  const transport: Transporter = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      if (!smtpUrl) log.info({ to: message.to, subject: message.subject }, 'mail not sent: SMTP_URL is not set');
      return { messageId: String(info.messageId) };
    },
    close: () => transport.close(),
  };
}
