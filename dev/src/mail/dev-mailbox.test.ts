import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { readMail } from './read-mail.js';
import { startDevMailbox, type DevMailbox } from './dev-mailbox.js';

describe('a message as a person reads it', () => {
  it('decodes encoded words, drops the space between two of them and keeps the one before plain text', async () => {
    const subject = async (header: string) => (await readMail(`Subject: ${header}\r\n\r\nx`)).subject;
    expect(await subject('=?UTF-8?Q?Info_L=C3=A9a?=')).toBe('Info Léa');
    expect(await subject('=?UTF-8?B?SW5mbyBMw6lh?= =?UTF-8?Q?_=C3=A9t=C3=A9?=')).toBe('Info Léa été');
    expect(await subject('Info =?UTF-8?Q?L=C3=A9a?= et Paul')).toBe('Info Léa et Paul');
    expect(await subject('Plain subject')).toBe('Plain subject');
  });

  it('unfolds headers and reads any of them by name', async () => {
    const mail = await readMail('Subject: =?UTF-8?Q?Info?=\r\n =?UTF-8?Q?_L=C3=A9a?=\r\nMessage-ID: <1@alterna>\r\nX-Alterna-Campaign: c-1\r\n\r\nHello');
    expect(mail.subject).toBe('Info Léa');
    expect(mail.messageId).toBe('<1@alterna>');
    expect(mail.header('X-Alterna-Campaign')).toBe('c-1');
    expect(mail.header('x-absent')).toBe('');
    expect(mail.text).toBe('Hello');
    expect(mail.html).toBeNull();
  });

  it('reads a French message: an encoded-word subject, a quoted-printable body in ISO-8859-1 and one in UTF-8', async () => {
    const raw = [
      'From: =?UTF-8?Q?C=C3=A9cile_Lef=C3=A8vre?= <cecile@example.test>',
      'To: zoe@example.test',
      'Subject: =?ISO-8859-1?Q?R=E9sultats_du_1er_trimestre_?= =?UTF-8?B?4oCUIMOpY2jDqWFuY2Ugw6AgcmVzcGVjdGVy?=',
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=ISO-8859-1',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Bonjour Zo=E9, votre moyenne g=E9n=E9rale est de 14,5 : f=E9licitations ! Le =',
      'd=E9l=E9gu=E9 de classe sera d=E9sign=E9 lundi.',
      '--b1',
      'Content-Type: text/html; charset=UTF-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      '<p>Bonjour <b>Zo=C3=A9</b>, =C3=A0 bient=C3=B4t =E2=80=94 co=C3=BBt : 12 =E2=82=AC</p>',
      '--b1--',
      '',
    ].join('\r\n');
    const mail = await readMail(raw);
    expect(mail.from).toBe('Cécile Lefèvre <cecile@example.test>');
    expect(mail.subject).toBe('Résultats du 1er trimestre — échéance à respecter');
    expect(mail.text).toBe('Bonjour Zoé, votre moyenne générale est de 14,5 : félicitations ! Le délégué de classe sera désigné lundi.');
    expect(mail.html).toBe('<p>Bonjour <b>Zoé</b>, à bientôt — coût : 12 €</p>');
  });
});

describe('the development mailbox', () => {
  let mailbox: DevMailbox;
  beforeAll(async () => {
    mailbox = await startDevMailbox();
  });
  afterAll(() => mailbox.close());

  it('keeps what a mailer sends, newest first, read as the inbox page shows it', async () => {
    const transport = nodemailer.createTransport({ url: mailbox.url } as never);
    await transport.sendMail({ from: 'Alterna <no-reply@alterna.localhost>', to: 'zoe@example.test', subject: 'Rentrée — groupe SIO : l’équipe pédagogique', html: '<p>Bonjour <b>Zoé</b> €</p>', text: 'Bonjour Zoé, à lundi', messageId: '<x.1@alterna.localhost>' });
    await transport.sendMail({ from: 'no-reply@alterna.localhost', to: ['leo@example.test', 'ines@example.test'], subject: 'Second', html: '<p>Deux</p>' });
    transport.close();
    const [second, first] = mailbox.list();
    expect(first).toMatchObject({ from: 'Alterna <no-reply@alterna.localhost>', to: ['zoe@example.test'], subject: 'Rentrée — groupe SIO : l’équipe pédagogique', messageId: '<x.1@alterna.localhost>', html: '<p>Bonjour <b>Zoé</b> €</p>', text: 'Bonjour Zoé, à lundi' });
    // A single-part message's last line break is its body's (no multipart delimiter takes it).
    expect(second).toMatchObject({ to: ['leo@example.test', 'ines@example.test'], subject: 'Second', html: expect.stringMatching(/^<p>Deux<\/p>\r?\n?$/), text: null });
    expect(mailbox.get(first!.id)).toBe(first);
  });
});
