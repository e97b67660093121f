import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  receivedAt: Date;
}

export interface SmtpSink {
  url: string;
  mails: ReceivedMail[];
  /** Answers RCPT TO for this address with a permanent refusal (`550 …` by default), as a relay refusing one recipient. */
  refuse(address: string, answer?: string): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps every message it receives. `{ smtpUtf8: false }`: a relay without
 * SMTPUTF8 (RFC 6531), which refuses a recipient whose address is not ASCII, as many do.
 */
export async function startSmtpSink(options: { smtpUtf8?: boolean } = {}): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const refusals = new Map<string, string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    hideSMTPUTF8: options.smtpUtf8 === false,
    onRcptTo(address, session, callback) {
      const refusal = refusals.get(address.address.toLowerCase());
      if (refusal) return callback(Object.assign(new Error(refusal), { responseCode: Number(refusal.slice(0, 3)) || 550 }));
      if (options.smtpUtf8 === false && /[^ -~]/.test(address.address) && !session.envelope.smtpUtf8) {
        return callback(Object.assign(new Error('5.6.7 Non-ASCII addresses are not accepted (no SMTPUTF8)'), { responseCode: 553 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          // The machine's time, as the database stamps rows (created_at, decided_at), which tests compare it with.
          receivedAt: new Date(),
        });
        callback();
      });
    },
  });
  // A sender killed mid-message resets its connection: an 'error' event that would otherwise end the test process.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refuse: (address, answer = '550 5.1.1 Mailbox unknown') => void refusals.set(address.toLowerCase(), answer),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A header of a received mail, unfolded (`To`, `Cc`, `List-Unsubscribe`…); '' when absent. */
export function mailHeader(raw: string, name: string): string {
  const head = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line ? line.slice(name.length + 1).trim() : '';
}

/** The text of a (single-part) mail, its transfer encoding undone: enough for assertions. */
export function mailText(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split);
  const body = raw.slice(split + 4);
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  return body
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (match) => Buffer.from(match.split('=').filter(Boolean).map((hex) => parseInt(hex, 16))).toString('utf8'));
}
