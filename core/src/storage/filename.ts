export const maxFilenameLength = 255;

/**
 * The display name of an upload: the last segment of whatever path the browser sent, without control or
 * format characters (a right-to-left override can disguise `exe.pdf`), spaces collapsed, at most 255
 * characters with the extension kept. Only ever shown and sent back in Content-Disposition, never a path.
 */
export function sanitizeFilename(name: string, fallback = 'file'): string {
  const lastSegment = name.split(/[/\\]/).pop() ?? '';
  const cleaned = lastSegment
    .normalize('NFC')
    // Line ends and tabs separate words: they become spaces, every other control or format character goes.
    .replace(/[\t\n\v\f\r\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  // '.' and '..' name a folder, not a file.
  const named = /^\.*$/.test(cleaned) ? fallback : cleaned;
  const chars = [...named];
  if (chars.length <= maxFilenameLength) return named;
  const dot = named.lastIndexOf('.');
  const extension = dot > 0 ? [...named.slice(dot)] : [];
  if (extension.length > 16) return chars.slice(0, maxFilenameLength).join('');
  return chars.slice(0, maxFilenameLength - extension.length).join('').trimEnd() + extension.join('');
}
