// Development only (`npm start` without SMTP_URL): an SMTP server in the process that keeps the last messages in
// memory, and the small inbox the core serves at /dev/mailbox, so a newcomer sees the mail the app sends.
import type { AddressInfo } from 'node:net';
import type Router from '@koa/router';
import { SMTPServer } from 'smtp-server';
import type { DevMailboxHook } from '@alterna/core';
import { realNow } from '@alterna/core/clock';
import { devMailboxRoutes } from './dev-mailbox-page.js';
import { readMail } from './read-mail.js';

export interface DevMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  messageId: string;
  receivedAt: Date;
  html: string | null;
  text: string | null;
}

export interface DevMailbox extends DevMailboxHook {
  /** Newest first. */
  list(): DevMail[];
  get(id: number): DevMail | undefined;
}

export async function startDevMailbox(options: { keep?: number; port?: number } = {}): Promise<DevMailbox> {
  const keep = options.keep ?? 2000;
  const mails: DevMail[] = [];
  let next = 1;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        // The sender's send resolves once the message is in the list (the callback waits for the parse).
        readMail(Buffer.concat(chunks)).then(
          (mail) => {
            mails.unshift({
              id: next++,
              from: mail.from || (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
              to: session.envelope.rcptTo.map((r) => r.address),
              subject: mail.subject,
              messageId: mail.messageId,
              // The machine's time, as the database stamps the rows the message is about.
              receivedAt: new Date(realNow()),
              html: mail.html,
              text: mail.text,
            });
            if (mails.length > keep) mails.length = keep;
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      // A sender that drops its connection mid-message (a killed worker) is an 'error' event: without a listener it
      // would end the process.
      server.on('error', () => undefined);
      resolve();
    });
  });
  const { port } = server.server.address() as AddressInfo;
  const mailbox: DevMailbox = {
    url: `smtp://127.0.0.1:${port}`,
    list: () => mails,
    get: (id) => mails.find((mail) => mail.id === id),
    mount: (router: Router) => devMailboxRoutes(router, mailbox),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return mailbox;
}
