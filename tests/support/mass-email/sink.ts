import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { readMail } from '@alterna/dev';

export interface SinkMail {
  to: string[];
  messageId: string;
  campaign: string;
  subject: string;
  raw: string;
  /** When the sink took it (performance.now()). */
  receivedAt: number;
}

/**
 * An SMTP sink for the mass e-mail tests: keeps every message with its Message-ID and campaign header, refuses the
 * addresses told to (a permanent 5xx, or a temporary 4xx a number of times), and can be slowed down.
 */
export async function startMassEmailSink() {
  const mails: SinkMail[] = [];
  const permanent = new Map<string, string>();
  const temporary = new Map<string, { times: number; answer: string }>();
  const state = { delayMs: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const email = address.address.toLowerCase();
      const refusal = permanent.get(email);
      if (refusal) return callback(Object.assign(new Error(refusal), { responseCode: 550 }));
      const temp = temporary.get(email);
      if (temp && temp.times > 0) {
        temp.times -= 1;
        return callback(Object.assign(new Error(temp.answer), { responseCode: 451 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        // Headers as the dev mailbox reads them (mailparser: unfolded, encoded words such as a subject with 'Léa' decoded);
        // the message is kept before the sender hears it was taken.
        void readMail(raw).then((mail) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), messageId: mail.messageId, campaign: mail.header('x-alterna-campaign'),
            subject: mail.subject, raw, receivedAt: performance.now(),
          });
          if (state.delayMs) setTimeout(() => callback(), state.delayMs);
          else callback();
        }, (error: Error) => callback(error));
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
    /** The messages of one campaign. */
    of: (campaignId: string) => mails.filter((mail) => mail.campaign === campaignId),
    refuse: (email: string, answer: string) => permanent.set(email.toLowerCase(), answer),
    refuseTemporarily: (email: string, times: number, answer: string) => temporary.set(email.toLowerCase(), { times, answer }),
    slowDown: (ms: number) => void (state.delayMs = ms),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
