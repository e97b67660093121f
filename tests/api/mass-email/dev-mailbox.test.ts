import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createCore, createLogger, discoverModules, loadConfig, type Core } from '@alterna/core';
import { startDevMailbox, type DevMailbox } from '@alterna/dev';
import { testDatabaseUrl } from '../../support/app.js';

let core: Core;
let mailbox: DevMailbox;
let baseUrl: string;

beforeAll(async () => {
  // What `npm start` does without SMTP_URL: the mailer sends to the in-process sink, whose inbox the core serves.
  mailbox = await startDevMailbox();
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: await testDatabaseUrl(), TEMPORAL_ADDRESS: inject('temporalAddress'), TEMPORAL_TASK_QUEUE: `test-${crypto.randomUUID()}`, LOG_LEVEL: 'error', SMTP_URL: mailbox.url });
  core = await createCore({ config, modules: await discoverModules(), log: createLogger('error'), devMailbox: mailbox });
  const server = await core.listen(0, '127.0.0.1');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(async () => {
  await core?.close();
  await mailbox?.close();
});

describe('development mailbox', () => {
  it('shows every message the app sends: the list, one message with its headers, its HTML sandboxed', async () => {
    await core.mailer.send({ to: 'zoe@example.test', subject: 'Rentrée — groupe SIO', html: '<p>Bonjour <b>Zoé</b> €</p>', text: 'Bonjour Zoé', messageId: '<x.1@alterna.localhost>' });
    const pooled = core.mailer.pooled();
    await pooled.send({ to: 'leo@example.test', subject: 'Second', html: '<p>Deux</p>' });
    pooled.close();
    expect(mailbox.list().map((mail) => mail.subject)).toEqual(['Second', 'Rentrée — groupe SIO']);

    const list = await fetch(`${baseUrl}/dev/mailbox`);
    expect(list.status).toBe(200);
    const listed = await list.text();
    expect(listed).toContain('Rentrée — groupe SIO');
    expect(listed).toContain('zoe@example.test');
    const first = mailbox.list()[1]!;
    const one = await (await fetch(`${baseUrl}/dev/mailbox/${first.id}`)).text();
    expect(one).toContain('&lt;x.1@alterna.localhost&gt;');
    expect(one).toContain('Bonjour Zoé');
    const html = await fetch(`${baseUrl}/dev/mailbox/${first.id}/html`);
    expect(await html.text()).toBe('<p>Bonjour <b>Zoé</b> €</p>');
    expect(html.headers.get('content-security-policy')).toMatch(/^sandbox;/);
  });

  it('does not exist in production: 404 on the inbox and its messages, even with a sink handed to the core', async () => {
    await core.mailer.send({ to: 'prod@example.test', subject: 'Privé', html: '<p>Privé</p>' });
    // A web client of its own, so the test does not depend on web/dist being built (without it every page is a
    // 503) and tells the web client's page from the 404: without the guard, /dev/mailbox would be this page.
    const webDist = await fs.mkdtemp(join(os.tmpdir(), 'alterna-web-'));
    await fs.writeFile(join(webDist, 'index.html'), '<!doctype html><title>web client</title><div id="root" data-test="web-client"></div>');
    const config = loadConfig({ NODE_ENV: 'production', DATABASE_URL: await testDatabaseUrl(), TEMPORAL_ADDRESS: inject('temporalAddress'), TEMPORAL_TASK_QUEUE: `test-${crypto.randomUUID()}`, LOG_LEVEL: 'error', SMTP_URL: mailbox.url, WEB_DIST: webDist });
    const production = await createCore({ config, modules: await discoverModules(), log: createLogger('error'), devMailbox: mailbox });
    try {
      const server = await production.listen(0, '127.0.0.1');
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const id = mailbox.list()[0]!.id;
      for (const path of ['/dev/mailbox', '/dev/mailbox/', `/dev/mailbox/${id}`, `/dev/mailbox/${id}/html`]) {
        const answer = await fetch(`${url}${path}`);
        const text = await answer.text();
        expect([path, answer.status]).toEqual([path, 404]);
        expect(text).not.toContain('Privé');
        expect(text).not.toContain('prod@example.test');
        expect(text).not.toContain('data-test="web-client"');
      }
      // The web client is still served at any other address, /dev itself included.
      for (const path of ['/administration', '/dev', '/dev/mailboxes']) {
        const page = await fetch(`${url}${path}`);
        expect([path, page.status]).toEqual([path, 200]);
        expect(await page.text()).toContain('data-test="web-client"');
      }
    } finally {
      await production.close();
      await fs.rm(webDist, { recursive: true, force: true });
    }
  });

  it('keeps receiving after senders reset their connection mid-message (a killed worker), twice', async () => {
    const { port } = new URL(mailbox.url);
    for (let drop = 0; drop < 2; drop++) {
      const socket = net.connect(Number(port), '127.0.0.1');
      let heard = '';
      socket.on('data', (chunk) => void (heard += chunk.toString()));
      socket.on('error', () => undefined);
      // Each command once the server has answered with the code expected (greeting 220, 250s, DATA's 354).
      const answer = (code: string) => expect.poll(() => heard.split('\r\n').some((line) => line.startsWith(`${code} `))).toBe(true);
      await answer('220');
      for (const [line, code] of [['EHLO worker', '250'], ['MAIL FROM:<a@example.test>', '250'], ['RCPT TO:<b@example.test>', '250'], ['DATA', '354']]) {
        heard = '';
        socket.write(`${line}\r\n`);
        await answer(code!);
      }
      // Half a message, then a reset once it is read (the server's 'error' comes from a read that meets the reset).
      await new Promise((resolve) => socket.write('Subject: cut\r\n\r\nhalf a mess', resolve));
      await new Promise((resolve) => setTimeout(resolve, 100));
      socket.resetAndDestroy();
      await new Promise((resolve) => socket.once('close', resolve));
    }
    await core.mailer.send({ to: 'after@example.test', subject: 'After the resets', html: '<p>ok</p>' });
    expect(mailbox.list()[0]?.subject).toBe('After the resets');
  });
});
