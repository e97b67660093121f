// SPEC §5 file-upload rules, pure (the web's dropzone and the server apply the same ones).
// Messages are i18n keys with their values; each side translates them.

/** What a file typology accepts: content types (`image/*` for a whole kind) and sizes in bytes. */
export interface UploadRule {
  accept: readonly string[];
  minBytes: number;
  maxBytes: number;
}

const pdf = 'application/pdf';
const wordTypes = [
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.template',
  'application/vnd.ms-word.document.macroenabled.12',
  'application/msword',
  'application/x-cfb', // a .doc as file-type sniffs it (an OLE compound file)
  'application/rtf',
  'application/vnd.oasis.opendocument.text',
];
const sheetTypes = ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.oasis.opendocument.spreadsheet'];
const imageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/heic', 'image/heif', 'image/avif', 'image/bmp', 'image/tiff'];
const audioTypes = ['audio/mpeg', 'audio/ogg', 'audio/wav', 'audio/aac', 'audio/flac', 'audio/mp4', 'audio/x-m4a'];
const videoTypes = ['video/mp4', 'video/webm', 'video/quicktime', 'video/mpeg', 'video/ogg', 'video/vnd.avi', 'video/x-m4v', 'video/matroska', 'video/3gpp'];

const megabyte = 1024 * 1024;

/**
 * The typologies a file is uploaded under (`fileTypologyReference`), each with what it accepts and its default sizes.
 * SPEC §5 checks a minimum and a maximum size without naming them: the maxima are settings of the server
 * (FILES_<TYPOLOGY>_MAX_MB), which hands the ones in force to the page (`typologyRules`).
 */
export const fileTypologies = {
  document: { accept: [pdf, ...wordTypes, ...sheetTypes, 'text/plain', 'application/zip', ...imageTypes, ...audioTypes], minBytes: 1, maxBytes: 20 * megabyte },
  image: { accept: ['image/*'], minBytes: 1, maxBytes: 10 * megabyte },
  video: { accept: ['video/*'], minBytes: 1, maxBytes: 50 * megabyte },
  audio: { accept: ['audio/*'], minBytes: 1, maxBytes: 20 * megabyte },
} as const satisfies Record<string, UploadRule>;

export type FileTypology = keyof typeof fileTypologies;
export const fileTypologyReferences = Object.keys(fileTypologies) as FileTypology[];

/** Every content type the upload route takes (sniffed from the bytes); each typology then narrows it. */
export const uploadContentTypes: readonly string[] = [...new Set([pdf, ...wordTypes, ...sheetTypes, 'text/plain', 'application/zip', ...imageTypes, ...audioTypes, ...videoTypes])];

/** Each typology's rule: what it accepts, its sizes. */
export type TypologyRules = Record<FileTypology, UploadRule>;

/** The typologies' rules with the largest file of each in force (bytes; a typology left out keeps its default). */
export function typologyRules(maxBytes: Partial<Record<FileTypology, number>> = {}): TypologyRules {
  const rule = (typology: FileTypology): UploadRule => ({ ...fileTypologies[typology], maxBytes: maxBytes[typology] ?? fileTypologies[typology].maxBytes });
  return { document: rule('document'), image: rule('image'), video: rule('video'), audio: rule('audio') };
}

/** The largest file of any typology: what the upload route reads at most. */
export const largestFile = (rules: TypologyRules): number => Math.max(...Object.values(rules).map((rule) => rule.maxBytes));

/** SPEC §9: the multi-file dropzone sends this many files at once. */
export const parallelUploads = 4;

/**
 * SPEC §5: an upload is ignored when the block-auto-upload flag equals false (auto upload off: the user starts
 * the queue) or when there is no typology reference.
 */
export function uploadIgnored(options: { blockAutoUpload?: boolean | null; typologyReference?: string | null }): boolean {
  return options.blockAutoUpload === false || !options.typologyReference;
}

/** A problem of a file, as an i18n key and its values. */
export interface UploadProblem {
  key: string;
  values: Record<string, string | number>;
}

/** A size as a person reads it: "512 o", "1,5 Mo" (fr), "1.5 MB" (en). */
export function formatSize(bytes: number, language: 'fr' | 'en'): string {
  const units = language === 'fr' ? ['o', 'Ko', 'Mo', 'Go'] : ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} ${units[unit]}`;
}

/** The kind `image/*` or `video/*` names (SPEC: "when accept includes image or video"), or null. */
function acceptedKind(accept: readonly string[]): string | null {
  for (const entry of accept) {
    const kind = entry.replace(/\/\*$/, '');
    if (kind === 'image' || kind === 'video' || kind === 'audio') return kind;
  }
  return null;
}

/**
 * SPEC §5: when accept includes image or video, the file's type must start with that kind ('Invalid file type:
 * {type}. Expected {kind}.'); otherwise it must be one of the accepted types. Then the minimum size ('cannot be
 * smaller than') and the maximum ('The file (21 MB) exceeds the maximum size (20 MB).').
 */
export function uploadProblems(file: { type: string; size: number }, rule: UploadRule, language: 'fr' | 'en'): UploadProblem[] {
  const problems: UploadProblem[] = [];
  const kind = acceptedKind(rule.accept);
  const type = file.type || 'application/octet-stream';
  if (kind ? !type.startsWith(`${kind}/`) : !rule.accept.includes(type)) {
    problems.push({ key: 'files.upload.invalidType', values: { type, kind: kind ?? 'document' } });
  }
  const size = formatSize(file.size, language);
  if (file.size < rule.minBytes) problems.push({ key: 'files.upload.tooSmall', values: { size, min: formatSize(rule.minBytes, language) } });
  if (file.size > rule.maxBytes) problems.push({ key: 'files.upload.tooLarge', values: { size, max: formatSize(rule.maxBytes, language) } });
  return problems;
}

/** SPEC §9 dropzone icons: pdf, word, audio, other; images show a thumbnail. */
export type FileIcon = 'image' | 'pdf' | 'word' | 'audio' | 'other';

export function fileIcon(type: string, name = ''): FileIcon {
  const extension = name.toLowerCase().split('.').pop() ?? '';
  if (type.startsWith('image/')) return 'image';
  if (type === pdf || (!type && extension === 'pdf')) return 'pdf';
  if (wordTypes.includes(type) || /^(docx?|odt|rtf|dotx)$/.test(extension)) return 'word';
  if (type.startsWith('audio/')) return 'audio';
  return 'other';
}
