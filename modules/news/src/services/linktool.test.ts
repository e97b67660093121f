import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchImage, fetchPage, isPublicAddress, LinkRefused, pageMeta, readLinkToolSettings, defaultLinkToolSettings } from './linktool.js';

describe('link tool address filter', () => {
  it('refuses loopback, private, link-local, shared, reserved and multicast IPv4 addresses', () => {
    for (const address of ['127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '198.18.0.1', '192.0.2.10']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses the IPv6 ones, and IPv4 addresses hidden in IPv6 forms', () => {
    for (const address of ['::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', 'ff02::1', '2001:db8::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '64:ff9b::a00:1', '2002:7f00:1::', '[::1]', '::127.0.0.1']) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('accepts public addresses', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2a00:1450:4007:80f::200e']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses what is not an address', () => {
    expect(isPublicAddress('localhost')).toBe(false);
    expect(isPublicAddress('')).toBe(false);
  });

  it('reads NEWS_LINKTOOL_ALLOW_PRIVATE strictly', () => {
    expect(readLinkToolSettings({}).allowPrivate).toBe(false);
    expect(readLinkToolSettings({ NEWS_LINKTOOL_ALLOW_PRIVATE: 'true' }).allowPrivate).toBe(true);
    expect(() => readLinkToolSettings({ NEWS_LINKTOOL_ALLOW_PRIVATE: 'yes' })).toThrow(/NEWS_LINKTOOL_ALLOW_PRIVATE/);
  });

  it('refuses a name that resolves to loopback before any request', async () => {
    await expect(fetchPage('http://localhost:9/', defaultLinkToolSettings)).rejects.toEqual(new LinkRefused('private'));
    await expect(fetchPage('http://[::1]:9/', defaultLinkToolSettings)).rejects.toEqual(new LinkRefused('private'));
  });
});

describe('link tool page reading', () => {
  it('prefers Open Graph, decodes entities, resolves the image and keeps http(s) images only', () => {
    const base = new URL('https://site.example/a/page');
    const meta = pageMeta(`<title> Plain &amp; simple </title><meta content='Desc &#233;t&eacute;' name="description"><meta property=og:image content="../img/x.png">`, base);
    expect(meta).toEqual({ title: 'Plain & simple', description: 'Desc été', image: { url: 'https://site.example/img/x.png' } });
    expect(pageMeta('<meta property="og:image" content="javascript:alert(1)"><meta property="og:title" content="&lt;b&gt;T&lt;/b&gt;">', base)).toEqual({ title: 'T', description: '', image: { url: '' } });
  });
});

describe('link tool preview image', () => {
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
  const open = { ...defaultLinkToolSettings, allowPrivate: true, imageMaxBytes: 64 * 1024 };
  let site: http.Server;
  let base = '';
  beforeAll(async () => {
    site = http.createServer((request, response) => {
      const send = (type: string, body: Buffer | string) => {
        response.writeHead(200, { 'content-type': type });
        response.end(body);
      };
      if (request.url === '/moved.png') {
        response.writeHead(301, { location: '/photo.png' });
        response.end();
      } else if (request.url === '/photo.png') send('application/octet-stream', png);
      else if (request.url === '/drawing.svg') send('image/png', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      else if (request.url === '/huge.png') send('image/png', Buffer.concat([png, Buffer.alloc(200 * 1024)]));
      else send('text/html', '<html></html>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

  it('reads an image whole through a redirect, its type from the bytes whatever the server calls it', async () => {
    const image = await fetchImage(`${base}/moved.png`, open);
    expect(image).toMatchObject({ contentType: 'image/png', url: new URL(`${base}/photo.png`) });
    expect(image.bytes.equals(png)).toBe(true);
  });

  it('refuses what is not an image by its bytes, an image over the cap, and a private address without the setting', async () => {
    await expect(fetchImage(`${base}/drawing.svg`, open)).rejects.toEqual(new LinkRefused('type'));
    await expect(fetchImage(`${base}/page.html`, open)).rejects.toEqual(new LinkRefused('type'));
    await expect(fetchImage(`${base}/huge.png`, open)).rejects.toEqual(new LinkRefused('size'));
    await expect(fetchImage(`${base}/photo.png`, defaultLinkToolSettings)).rejects.toEqual(new LinkRefused('private'));
  });
});
