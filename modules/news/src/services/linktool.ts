import dns from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { TextDecoder } from 'node:util';
import { sniffContentType } from '@alterna/core';
import { imageTypes, isWebAddress } from '../validation/rules.js';

// The Editor.js link tool's fetch (SPEC §2 /api/editorjs/linktool): a page's title, description and image, read with a
// timeout and a size cap, never from a private, loopback, link-local or otherwise special address unless the
// NEWS_LINKTOOL_ALLOW_PRIVATE setting says so (tests, an intranet). Every name is resolved and every address it has is
// checked; the connection then goes to the checked address (no second lookup a DNS rebinding could answer);
// redirects are followed by hand, each new address checked again. The page's preview image is read the same way
// (whole, up to its own cap, an image by its bytes) so that it can be served from this site: the CSP loads no
// image from elsewhere.

const v4Blocked: [string, number][] = [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
];
const v6Blocked: [string, number][] = [
  ['::', 128], ['::1', 128], ['100::', 64], ['2001::', 32], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
];
const blocked = new net.BlockList();
for (const [address, prefix] of v4Blocked) blocked.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of v6Blocked) blocked.addSubnet(address, prefix, 'ipv6');

/** The 16 bytes of an IPv6 address (a dotted IPv4 tail included), null if it is not one. */
function ipv6Bytes(address: string): number[] | null {
  if (net.isIPv6(address) === false) return null;
  let text = address.split('%')[0]!.toLowerCase();
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail.push(...dotted[1]!.split('.').map(Number));
    text = text.slice(0, -dotted[1]!.length) + '0:0';
  }
  const [head = '', rest] = text.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const missing = 8 - left.length - right.length;
  const all = [...left, ...Array<string>(rest === undefined ? 0 : missing).fill('0'), ...right];
  if (all.length !== 8) return null;
  const bytes = all.flatMap((group) => {
    const value = parseInt(group || '0', 16);
    return [value >> 8, value & 0xff];
  });
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16), if any. */
function embeddedIpv4(bytes: number[]): string | null {
  const zero = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12, 16).join('.');
  // IPv4-compatible (deprecated ::a.b.c.d).
  if (zero(0, 12) && !zero(12, 16)) return bytes.slice(12, 16).join('.');
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zero(4, 12)) return bytes.slice(12, 16).join('.');
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6).join('.');
  return null;
}

/** Whether a page may be fetched from this address: a public unicast address, not a private, loopback or special one. */
export function isPublicAddress(address: string): boolean {
  const host = address.replace(/^\[|\]$/g, '');
  if (net.isIPv4(host)) return !blocked.check(host, 'ipv4');
  const bytes = ipv6Bytes(host);
  if (!bytes) return false;
  const v4 = embeddedIpv4(bytes);
  if (v4) return isPublicAddress(v4);
  const normalised = Array.from({ length: 8 }, (_, i) => ((bytes[2 * i]! << 8) | bytes[2 * i + 1]!).toString(16)).join(':');
  return !blocked.check(normalised, 'ipv6');
}

export class LinkRefused extends Error {
  constructor(readonly reason: 'address' | 'private' | 'status' | 'type' | 'redirects' | 'timeout' | 'network' | 'size') {
    super(`link refused: ${reason}`);
  }
}

export interface LinkToolSettings {
  allowPrivate: boolean;
  timeoutMs: number;
  /** The page's HTML read at most (the rest is not needed for its head). */
  maxBytes: number;
  maxRedirects: number;
  /** The preview image's largest size: a larger one is not kept. */
  imageMaxBytes: number;
}

export const defaultLinkToolSettings: LinkToolSettings = { allowPrivate: false, timeoutMs: 5000, maxBytes: 512 * 1024, maxRedirects: 5, imageMaxBytes: 2 * 1024 * 1024 };

/** Reads NEWS_LINKTOOL_ALLOW_PRIVATE (true or false, default false); another value stops the start. */
export function readLinkToolSettings(env: Record<string, string | undefined> = process.env): LinkToolSettings {
  const raw = env.NEWS_LINKTOOL_ALLOW_PRIVATE;
  if (raw !== undefined && raw !== '' && raw !== 'true' && raw !== 'false') throw new Error('NEWS_LINKTOOL_ALLOW_PRIVATE must be true or false');
  return { ...defaultLinkToolSettings, allowPrivate: raw === 'true' };
}

export interface LinkMeta {
  title: string;
  description: string;
  image: { url: string };
}

/** The addresses of a host (an address literal is its own), each checked unless private ones are allowed. */
async function addressesOf(hostname: string, settings: LinkToolSettings): Promise<{ address: string; family: number }[]> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const family = net.isIP(host);
  const found = family ? [{ address: host, family }] : await dns.lookup(host, { all: true, verbatim: true }).catch(() => { throw new LinkRefused('network'); });
  if (!found.length) throw new LinkRefused('network');
  if (!settings.allowPrivate && found.some(({ address }) => !isPublicAddress(address))) throw new LinkRefused('private');
  return found;
}

interface Answer {
  status: number;
  location: string | null;
  contentType: string;
  body: Buffer;
  /** The body went on past the cap (body holds the first maxBytes). */
  truncated: boolean;
}

interface Wanted {
  accept: string;
  maxBytes: number;
}

/** One GET to the checked address, the body read up to the cap (then the connection is dropped). */
function get(url: URL, target: { address: string; family: number }, wanted: Wanted, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const lib = url.protocol === 'https:' ? https : http;
    const request = lib.get(url, {
      signal,
      headers: { 'user-agent': 'AlternaLinkTool/1.0', accept: wanted.accept },
      // The connection goes to the address just checked, never to a second answer of the resolver.
      lookup: ((_host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
        if (options?.all) callback(null, [target]);
        else callback(null, target.address, target.family);
      }) as never,
    }, (response) => {
      const status = response.statusCode ?? 0;
      const location = typeof response.headers.location === 'string' ? response.headers.location : null;
      const contentType = String(response.headers['content-type'] ?? '');
      if (status !== 200) {
        response.destroy();
        resolve({ status, location, contentType, body: Buffer.alloc(0), truncated: false });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        const room = wanted.maxBytes - size;
        chunks.push(chunk.subarray(0, Math.max(0, room)));
        size += chunk.length;
        if (size > wanted.maxBytes) {
          response.destroy();
          resolve({ status, location, contentType, body: Buffer.concat(chunks), truncated: true });
        }
      });
      response.on('end', () => resolve({ status, location, contentType, body: Buffer.concat(chunks), truncated: false }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** GETs an http(s) address within the settings (time, checked addresses, redirects): its final address and answer. */
async function fetchChecked(address: string, settings: LinkToolSettings, wanted: Wanted): Promise<{ url: URL; answer: Answer }> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, settings.timeoutMs);
  const deadline = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new LinkRefused('timeout'))));
  deadline.catch(() => undefined);
  try {
    let url = new URL(address);
    for (let hop = 0; ; hop += 1) {
      if (!isWebAddress(url.href)) throw new LinkRefused('address');
      const [target] = await Promise.race([addressesOf(url.hostname, settings), deadline]);
      const answer = await Promise.race([get(url, target!, wanted, controller.signal), deadline]);
      if ([301, 302, 303, 307, 308].includes(answer.status) && answer.location) {
        if (hop >= settings.maxRedirects) throw new LinkRefused('redirects');
        url = new URL(answer.location, url);
        continue;
      }
      if (answer.status !== 200) throw new LinkRefused('status');
      return { url, answer };
    }
  } catch (error) {
    if (error instanceof LinkRefused) throw error;
    throw new LinkRefused(timedOut ? 'timeout' : 'network');
  } finally {
    clearTimeout(timer);
  }
}

/** Fetches an http(s) page within the settings: its final address and the first maxBytes of its HTML. */
export async function fetchPage(address: string, settings: LinkToolSettings): Promise<{ url: URL; html: string }> {
  const { url, answer } = await fetchChecked(address, settings, { accept: 'text/html,application/xhtml+xml', maxBytes: settings.maxBytes });
  if (!/^(text\/html|application\/xhtml\+xml)/i.test(answer.contentType)) throw new LinkRefused('type');
  const charset = /charset=([\w-]+)/i.exec(answer.contentType)?.[1] ?? 'utf-8';
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return { url, html: decoder.decode(answer.body) };
}

/**
 * Fetches a page's preview image as the page is fetched (same address checks, timeout, redirects), whole and at most
 * imageMaxBytes ('size' beyond); its type is sniffed from the bytes and only PNG, JPEG, GIF and WebP are taken
 * ('type' otherwise: an SVG, a page, whatever the server calls it).
 */
export async function fetchImage(address: string, settings: LinkToolSettings): Promise<{ url: URL; bytes: Buffer; contentType: string }> {
  const { url, answer } = await fetchChecked(address, settings, { accept: imageTypes.join(','), maxBytes: settings.imageMaxBytes });
  if (answer.truncated) throw new LinkRefused('size');
  const contentType = await sniffContentType(answer.body);
  if (!(imageTypes as readonly string[]).includes(contentType)) throw new LinkRefused('type');
  return { url, bytes: answer.body, contentType };
}

// The named entities pages commonly use (numeric ones are all decoded).
const entities: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', eacute: 'é', egrave: 'è', ecirc: 'ê', euml: 'ë', agrave: 'à', acirc: 'â',
  ccedil: 'ç', icirc: 'î', iuml: 'ï', ocirc: 'ô', ugrave: 'ù', ucirc: 'û', Eacute: 'É', Egrave: 'È', Agrave: 'À', Ccedil: 'Ç',
  laquo: '«', raquo: '»', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”', hellip: '…', mdash: '—', ndash: '–', euro: '€', copy: '©', reg: '®',
};
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : '';
    }
    return entities[name] ?? entities[name.toLowerCase()] ?? whole;
  });
}
const tidy = (text: string, max: number) => decodeEntities(text.replace(/<[^>]*>/g, ' ')).replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max);

/** Title, description and image of a page's HTML (Open Graph first, then the title element and the description meta). */
export function pageMeta(html: string, base: URL): LinkMeta {
  const metas = new Map<string, string>();
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attribute = (name: string) => new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
    const key = attribute('property') ?? attribute('name');
    const content = attribute('content');
    if (!key || !content) continue;
    const name = (key[2] ?? key[3] ?? key[4] ?? '').toLowerCase();
    if (!metas.has(name)) metas.set(name, content[2] ?? content[3] ?? content[4] ?? '');
  }
  const titleTag = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? '';
  let image = '';
  const rawImage = metas.get('og:image') ?? metas.get('twitter:image');
  if (rawImage) {
    try {
      const resolved = new URL(decodeEntities(rawImage.trim()), base);
      if (isWebAddress(resolved.href)) image = resolved.href;
    } catch {
      image = '';
    }
  }
  return {
    title: tidy(metas.get('og:title') ?? titleTag, 300),
    description: tidy(metas.get('og:description') ?? metas.get('description') ?? '', 1000),
    image: { url: image },
  };
}
