// The bench's SMTP sink in a process of its own (as a real mail server would be): it accepts every message and
// counts them per address prefix; the parent asks for the counts over IPC.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

const counts = new Map<string, number>();
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    stream.on('data', () => {});
    stream.on('end', () => {
      for (const rcpt of session.envelope.rcptTo) {
        const prefix = rcpt.address.split('-')[0]!;
        counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
      }
      callback();
    });
  },
});
server.listen(0, '127.0.0.1', () => {
  process.send!({ url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}` });
});
process.on('message', () => process.send!({ counts: Object.fromEntries(counts) }));
process.on('disconnect', () => server.close(() => process.exit(0)));
