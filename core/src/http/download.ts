import type { Readable } from 'node:stream';

export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A file a service produces for download (exports). */
export interface FileToSend {
  filename: string;
  contentType: string;
  stream: Readable | Buffer;
  /** Byte length when known (stored files): sent as Content-Length. */
  size?: number;
}

/**
 * What a route returns to send a file: the core answers it as an attachment (`contentDisposition` below), with its
 * content type, streamed.
 */
export class FileDownload {
  constructor(readonly file: FileToSend) {}
}

export const download = (file: FileToSend): FileDownload => new FileDownload(file);

/**
 * The Content-Disposition of every file the app sends (RFC 6266): `filename="…"` in plain ASCII for every client
 * (accents dropped, anything else `_`), and when that is not the name itself, `filename*=UTF-8''…` with the name
 * percent-encoded as UTF-8 (RFC 8187), which browsers take first. Never a raw byte outside ASCII in the header (a
 * Latin-1 `É` was sent as one byte, which no client reads as UTF-8).
 */
export function contentDisposition(filename: string, type: 'attachment' | 'inline' = 'attachment'): string {
  // Half of a surrogate pair alone has no UTF-8: it becomes U+FFFD.
  const name = filename.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  // '%' too: some clients decode percent signs in the plain parameter.
  const ascii = name.normalize('NFKD').replace(/\p{M}/gu, '').replace(/[^\x20-\x7E]|["\\%]/gu, '_');
  const plain = `${type}; filename="${ascii}"`;
  if (ascii === name) return plain;
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${plain}; filename*=UTF-8''${encoded}`;
}
