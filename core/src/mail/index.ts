import crypto from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../logger.js';
import type { MailOutcome } from '../metrics/index.js';

export interface MailMessage {
  /** One address, or several: each gets a message of its own, with only its address in To (nobody sees another's). */
  to: string | string[];
  subject: string;
  html?: string;
  text?: string;
  /**
   * The Message-ID header, `<id@domain>` (nodemailer makes a random one otherwise): a resend keeps its identity. With
   * several addresses, each message gets `<id.<hash of its address>@domain>`.
   */
  messageId?: string;
  /** Extra headers (e.g. `List-Unsubscribe`, `X-Campaign`); address headers (To, Cc, Bcc…) are dropped. */
  headers?: Record<string, string>;
}

export interface MailSent {
  messageId: string;
  /** The server's 250 line (the last message's, with several addresses). */
  response: string;
  /** With several addresses: those the server refused (the others got theirs). */
  refused?: { address: string; response: string }[];
}

export interface Mailer {
  /**
   * Sends one message per address; resolves once the server accepted them. A refusal rejects with nodemailer's
   * error, which carries the SMTP answer: `responseCode` (4xx temporary, 5xx permanent) and `response`. With several
   * addresses, the refusal of some is logged and listed in `refused`: only a refusal of them all, or no answer at all,
   * rejects.
   */
  send(message: MailMessage): Promise<MailSent>;
  /**
   * A mailer over pooled connections kept open between messages (bulk sends: no connection setup per message).
   * Its owner closes it.
   */
  pooled(options?: { maxConnections?: number }): Mailer;
  close(): void;
}

// Headers that would put another address on the message, or reroute its answers, beside the one recipient.
const addressHeaders = new Set(['to', 'cc', 'bcc', 'from', 'sender', 'reply-to', 'resent-to', 'resent-cc', 'resent-bcc']);

/** The addresses of a message, once each (compared without case), without blanks. */
export function recipientsOf(to: string | string[]): string[] {
  const seen = new Set<string>();
  return [to].flat().map((address) => address.trim()).filter((address) => {
    const key = address.toLowerCase();
    if (!address || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The Message-ID of one address's copy: deterministic, so that a resend keeps it. */
function copyMessageId(messageId: string, address: string): string {
  const [local, domain] = messageId.replace(/^<|>$/g, '').split('@');
  const hash = crypto.createHash('sha256').update(address.toLowerCase()).digest('hex').slice(0, 16);
  return `<${local}.${hash}@${domain ?? 'alterna.localhost'}>`;
}

const answerOf = (error: unknown) => {
  const e = error as { responseCode?: unknown; response?: unknown; message?: unknown };
  return typeof e?.responseCode === 'number' ? String(e.response ?? e.message ?? e.responseCode) : null;
};

/**
 * SMTP when SMTP_URL is set; otherwise messages are only logged (development without a sink). `count` hears each
 * message's outcome (the core's metrics).
 */
export function createMailer(
  smtpUrl: string | undefined, from: string, log: Logger, pool?: { maxConnections: number }, count: (outcome: MailOutcome) => void = () => {},
): Mailer {
  const transport: Transporter = smtpUrl
    ? nodemailer.createTransport(pool ? { url: smtpUrl, pool: true, maxConnections: pool.maxConnections, maxMessages: Infinity } as never : smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });

  async function sendOne(message: MailMessage, to: string, messageId: string | undefined) {
    const headers = Object.fromEntries(Object.entries(message.headers ?? {}).filter(([name]) => !addressHeaders.has(name.toLowerCase())));
    const info = await transport.sendMail({ from, to, subject: message.subject, html: message.html, text: message.text, messageId, headers }).catch((error: unknown) => {
      count(answerOf(error) === null ? 'failed' : 'refused');
      throw error;
    });
    count(smtpUrl ? 'sent' : 'logged');
    if (!smtpUrl) log.info({ to, subject: message.subject }, 'mail not sent: SMTP_URL is not set');
    return { messageId: String(info.messageId), response: String((info as { response?: unknown }).response ?? '') };
  }

  return {
    async send(message) {
      const addresses = recipientsOf(message.to);
      if (addresses.length <= 1) return sendOne(message, addresses[0] ?? '', message.messageId);
      // One message per address: a parent's address is never shown to a company tutor on the same alert.
      let messageId: string | null = null;
      let response = '';
      const refused: { address: string; response: string }[] = [];
      let firstError: unknown = null;
      for (const address of addresses) {
        try {
          const info = await sendOne(message, address, message.messageId && copyMessageId(message.messageId, address));
          messageId ??= info.messageId;
          response = info.response;
        } catch (error) {
          const answer = answerOf(error);
          // No answer at all (connection refused, cut): the caller retries the whole message.
          if (answer === null) throw error;
          firstError ??= error;
          refused.push({ address, response: answer });
        }
      }
      if (messageId === null) throw firstError;
      if (refused.length) log.warn({ refused, subject: message.subject }, 'mail refused for some recipients');
      return { messageId, response, refused };
    },
    pooled: (options) => createMailer(smtpUrl, from, log, { maxConnections: options?.maxConnections ?? 1 }, count),
    close: () => transport.close(),
  };
}
