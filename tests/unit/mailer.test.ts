import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createMailer } from '@alterna/core';
import { mailHeader, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';

// The core's mailer is the one way modules send mail: several addresses never share a message (issue #24).
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink?.close());

const addressesIn = (header: string) => header.match(/[^\s<>,"]+@[^\s<>,"]+/g) ?? [];

describe('the core mailer', () => {
  it('sends one message per address, each with only its own address in To and none in Cc or Bcc', async () => {
    const mailer = createMailer(sink.url, 'Alterna <no-reply@alterna.test>', createLogger('silent'));
    const to = ['guardian@example.test', 'coach@example.test', 'Tutor@Example.test', 'tutor@example.test'];
    const before = sink.mails.length;
    await mailer.send({ to, subject: 'Alerte', text: 'Bonjour', messageId: '<alert.1@alterna.test>', headers: { Cc: 'someone@example.test', 'X-Kind': 'alert' } });
    const mails = sink.mails.slice(before);
    expect(mails.map((mail) => mail.to)).toEqual([['guardian@example.test'], ['coach@example.test'], ['Tutor@example.test']]);
    for (const mail of mails) {
      expect(addressesIn(mailHeader(mail.raw, 'To'))).toEqual(mail.to);
      expect(mailHeader(mail.raw, 'Cc')).toBe('');
      expect(mailHeader(mail.raw, 'Bcc')).toBe('');
      expect(mailHeader(mail.raw, 'X-Kind')).toBe('alert');
    }
    // Each copy has an identity of its own, the same on a resend.
    const ids = mails.map((mail) => mailHeader(mail.raw, 'Message-ID'));
    expect(new Set(ids).size).toBe(3);
    await mailer.send({ to: ['coach@example.test'], subject: 'Alerte', text: 'Bonjour' });
    mailer.close();
  });

  it('a refused address does not stop the others; only a refusal of every address rejects', async () => {
    const mailer = createMailer(sink.url, 'no-reply@alterna.test', createLogger('silent'));
    sink.refuse('gone@example.test', '550 5.1.1 Mailbox unknown');
    const before = sink.mails.length;
    const sent = await mailer.send({ to: ['gone@example.test', 'here@example.test'], subject: 'S', text: 'T' });
    expect(sink.mails.slice(before).map((mail) => mail.to)).toEqual([['here@example.test']]);
    expect(sent.refused).toEqual([{ address: 'gone@example.test', response: expect.stringContaining('550') }]);
    await expect(mailer.send({ to: ['gone@example.test'], subject: 'S', text: 'T' })).rejects.toMatchObject({ responseCode: 550 });
    mailer.close();
  });
});
