// What an API file whose workflows send mail starts before its tests and closes after them: an SMTP sink, the app
// sending to it (a database copy of its own) and a product worker. Closed worker first, then the app, then the sink;
// what started is closed even if the next start failed (the e2e files' counterpart is e2e-file.ts).
import { startTestApp, type TestApp } from './app.js';
import { startSmtpSink } from './smtp-sink.js';
import { startTestWorker } from './worker.js';

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
export type TestWorker = Awaited<ReturnType<typeof startTestWorker>>;

export interface MailingFile {
  sink: SmtpSink;
  app: TestApp;
  worker: TestWorker;
}

export async function startMailingFile(env: Record<string, string> = {}): Promise<MailingFile> {
  const started: Partial<MailingFile> = {};
  try {
    started.sink = await startSmtpSink();
    started.app = await startTestApp({ SMTP_URL: started.sink.url, ...env });
    started.worker = await startTestWorker(started.app.core);
    return started as MailingFile;
  } catch (error) {
    await closeMailingFile(started);
    throw error;
  }
}

export async function closeMailingFile({ worker, app, sink }: Partial<MailingFile>): Promise<void> {
  await worker?.stop();
  await app?.close();
  await sink?.close();
}
