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
 * What a route returns to send a file: the core answers it as an attachment (Koa's ctx.attachment, so a name
 * with accents is encoded as RFC 6266 says), with its content type, streamed.
 */
export class FileDownload {
  constructor(readonly file: FileToSend) {}
}

export const download = (file: FileToSend): FileDownload => new FileDownload(file);
