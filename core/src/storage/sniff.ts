import { fileTypeFromBuffer } from 'file-type';

export const plainTextType = 'text/plain';
export const unknownType = 'application/octet-stream';

/**
 * The content type of a file from its bytes (magic numbers, via file-type), never from its name or what the
 * browser claimed. Bytes with no signature are text/plain when they are UTF-8 without control characters
 * (other than tab and line ends), otherwise application/octet-stream.
 */
export async function sniffContentType(bytes: Buffer, { partial = false } = {}): Promise<string> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected) return detected.mime;
  return isPlainText(bytes, partial) ? plainTextType : unknownType;
}

/** `partial`: only the file's first bytes, which may end inside a character. */
function isPlainText(bytes: Buffer, partial: boolean): boolean {
  if (!bytes.length) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: partial });
  } catch {
    return false;
  }
  // Tab, line feed and carriage return are text; any other C0 control or DEL is not.
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return false;
  }
  return true;
}
