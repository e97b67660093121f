import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../logger.js';

export interface MailMessage {
  to: string | string[];
  subject: string;
  html?: string;
  text?: string;
  /** The Message-ID header, `<id@domain>` (nodemailer makes a random one otherwise): a resend keeps its identity. */
  messageId?: string;
  /** Extra headers (e.g. `List-Unsubscribe`, `X-Campaign`). */
  headers?: Record<string, string>;
}

export interface Mailer {
  /**
   * Sends one message; resolves with the server's answer once it accepted it. A refusal rejects with nodemailer's
   * error, which carries the SMTP answer: `responseCode` (4xx temporary, 5xx permanent) and `response`.
   */
  send(message: MailMessage): Promise<{ messageId: string; response: string }>;
  /**
   * A mailer over pooled connections kept open between messages (bulk sends: no connection setup per message).
   * Its owner closes it.
   */
  pooled(options?: { maxConnections?: number }): Mailer;
  close(): void;
}

/** SMTP when SMTP_URL is set; otherwise messages are only logged (development without a sink). */
export function createMailer(smtpUrl: string | undefined, from: string, log: Logger, pool?: { maxConnections: number }): Mailer {
  const transport: Transporter = smtpUrl
    ? nodemailer.createTransport(pool ? { url: smtpUrl, pool: true, maxConnections: pool.maxConnections, maxMessages: Infinity } as never : smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      if (!smtpUrl) log.info({ to: message.to, subject: message.subject }, 'mail not sent: SMTP_URL is not set');
      return { messageId: String(info.messageId), response: String((info as { response?: unknown }).response ?? '') };
    },
    pooled: (options) => createMailer(smtpUrl, from, log, { maxConnections: options?.maxConnections ?? 1 }),
    close: () => transport.close(),
  };
}
