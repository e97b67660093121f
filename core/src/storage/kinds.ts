import type { Language, Translate } from '../i18n/index.js';

/** Short names of the content types routes usually accept, as catalogue keys under `upload.kinds`. */
const kindKeys: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'text/plain': 'text',
  'application/zip': 'zip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
};

/** "PDF, PNG ou JPEG" / "PDF, PNG or JPEG": the accepted kinds as a person reads them. */
export function describeKinds(contentTypes: string[], t: Translate, language: Language): string {
  const names = [...new Set(contentTypes.map((type) => (kindKeys[type] ? (t(`upload.kinds.${kindKeys[type]}`) as string) : type)))];
  return new Intl.ListFormat(language, { type: 'disjunction' }).format(names);
}

/** A size limit in MB as a person reads it: "5", "2,5" (fr), "0.5" (en). */
export function megabytes(bytes: number, language: Language): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));
}
