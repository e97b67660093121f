import { describe, expect, it } from 'vitest';
import fr from '../locales/fr.json' with { type: 'json' };
import en from '../locales/en.json' with { type: 'json' };
import { expirationSchema, uploadSchema } from './index.js';
import { fileIcon, fileTypologies, formatSize, uploadIgnored, uploadProblems, type UploadProblem } from './rules.js';

/** The message a person reads, from the module's catalogue (i18next's {{name}} placeholders). */
function text(catalogue: Record<string, any>, problem: UploadProblem): string {
  const template = problem.key.split('.').slice(1).reduce((node, part) => node[part], catalogue) as unknown as string;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(problem.values[name]));
}

describe('upload rules (SPEC §5)', () => {
  it('ignores an upload without a typology reference, or when the block-auto-upload flag is false', () => {
    expect(uploadIgnored({ typologyReference: 'document' })).toBe(false);
    expect(uploadIgnored({ typologyReference: 'document', blockAutoUpload: true })).toBe(false);
    expect(uploadIgnored({ typologyReference: 'document', blockAutoUpload: false })).toBe(true);
    expect(uploadIgnored({ typologyReference: null })).toBe(true);
    expect(uploadIgnored({ typologyReference: '' })).toBe(true);
  });

  it('wants every file of an image or video typology to be of that kind, with the SPEC message', () => {
    expect(uploadProblems({ type: 'image/png', size: 2000 }, fileTypologies.image, 'en')).toEqual([]);
    expect(uploadProblems({ type: 'video/mp4', size: 2000 }, fileTypologies.video, 'en')).toEqual([]);
    const pdfAsImage = uploadProblems({ type: 'application/pdf', size: 2000 }, fileTypologies.image, 'en');
    expect(pdfAsImage.map((p) => text(en, p))).toEqual(['Invalid file type: application/pdf. Expected image.']);
    expect(pdfAsImage.map((p) => text(fr, p))).toEqual(['Type de fichier invalide : application/pdf. Attendu : image.']);
    const imageAsVideo = uploadProblems({ type: 'image/jpeg', size: 2000 }, fileTypologies.video, 'en');
    expect(imageAsVideo.map((p) => text(en, p))).toEqual(['Invalid file type: image/jpeg. Expected video.']);
  });

  it('takes only the listed types for documents', () => {
    expect(uploadProblems({ type: 'application/pdf', size: 10 }, fileTypologies.document, 'fr')).toEqual([]);
    expect(uploadProblems({ type: 'application/x-msdownload', size: 10 }, fileTypologies.document, 'fr'))
      .toEqual([{ key: 'files.upload.invalidType', values: { type: 'application/x-msdownload', kind: 'document' } }]);
    expect(uploadProblems({ type: '', size: 10 }, fileTypologies.document, 'fr')[0]!.values.type).toBe('application/octet-stream');
  });

  it('checks the minimum and maximum sizes: a file too large "exceeds the maximum size", in both languages', () => {
    const rule = { accept: ['image/*'], minBytes: 1024, maxBytes: 2 * 1024 * 1024 };
    expect(uploadProblems({ type: 'image/png', size: 1024 }, rule, 'fr')).toEqual([]);
    expect(uploadProblems({ type: 'image/png', size: 2 * 1024 * 1024 }, rule, 'fr')).toEqual([]);
    const small = uploadProblems({ type: 'image/png', size: 512 }, rule, 'fr');
    expect(small.map((p) => text(fr, p))).toEqual(['La taille du fichier (512 o) ne peut pas être plus petite que 1 Ko.']);
    expect(uploadProblems({ type: 'image/png', size: 512 }, rule, 'en').map((p) => text(en, p))).toEqual(['The file size (512 B) cannot be smaller than 1 KB.']);
    const large = uploadProblems({ type: 'image/png', size: 3 * 1024 * 1024 + 512 * 1024 }, rule, 'fr');
    expect(large.map((p) => text(fr, p))).toEqual(['Le fichier (3,5 Mo) dépasse la taille maximale (2 Mo).']);
    expect(uploadProblems({ type: 'image/png', size: 3 * 1024 * 1024 + 512 * 1024 }, rule, 'en').map((p) => text(en, p)))
      .toEqual(['The file (3.5 MB) exceeds the maximum size (2 MB).']);
    // A wrong type and a wrong size are both reported.
    expect(uploadProblems({ type: 'application/pdf', size: 10 }, rule, 'en').map((p) => p.key)).toEqual(['files.upload.invalidType', 'files.upload.tooSmall']);
  });

  it('formats sizes in each language', () => {
    expect(formatSize(0, 'fr')).toBe('0 o');
    expect(formatSize(1536, 'fr')).toBe('1,5 Ko');
    expect(formatSize(1536, 'en')).toBe('1.5 KB');
    expect(formatSize(20 * 1024 * 1024, 'en')).toBe('20 MB');
  });

  it('picks the dropzone icon: pdf, word, audio, other; a thumbnail for images (SPEC §9)', () => {
    expect(fileIcon('image/png')).toBe('image');
    expect(fileIcon('application/pdf')).toBe('pdf');
    expect(fileIcon('', 'Rapport.PDF')).toBe('pdf');
    expect(fileIcon('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('word');
    expect(fileIcon('application/msword')).toBe('word');
    expect(fileIcon('', 'lettre.docx')).toBe('word');
    expect(fileIcon('audio/mpeg')).toBe('audio');
    expect(fileIcon('application/zip', 'a.zip')).toBe('other');
  });
});

describe('upload and expiration bodies', () => {
  const errorsOf = async (schema: typeof uploadSchema | typeof expirationSchema, value: unknown) =>
    schema.validate(value, { abortEarly: false }).then(() => [], (error: { inner: { path: string; message: string }[] }) => error.inner.map((e) => [e.path, e.message]));
  const folder = '0b7f7e0e-8a36-4d4a-9a53-3f1f3b0e2a11';

  it('needs a known typology and a folder unless a file is replaced', async () => {
    expect(await errorsOf(uploadSchema, { fileTypologyReference: 'document', fileFolder: folder })).toEqual([]);
    expect(await errorsOf(uploadSchema, { fileTypologyReference: 'document', fileToReplace: folder })).toEqual([]);
    expect(await errorsOf(uploadSchema, { fileTypologyReference: 'nope', fileFolder: '' })).toEqual([
      ['fileTypologyReference', 'files.validation.typology'],
      ['fileFolder', 'files.validation.folder'],
    ]);
    expect(await errorsOf(uploadSchema, { fileTypologyReference: 'image', fileFolder: '../etc' })).toEqual([['fileFolder', 'files.validation.id']]);
  });

  it('takes a real day or nothing as the expiration date', async () => {
    expect(await errorsOf(expirationSchema, { fileId: folder, fileExpirationDate: '2027-02-28' })).toEqual([]);
    expect(await errorsOf(expirationSchema, { fileId: folder, fileExpirationDate: '' })).toEqual([]);
    expect(await errorsOf(expirationSchema, { fileId: folder, fileExpirationDate: '2027-02-30' })).toEqual([['fileExpirationDate', 'files.validation.day']]);
    expect(await errorsOf(expirationSchema, { fileExpirationDate: '2027-02-01' })).toEqual([['fileId', 'files.validation.required']]);
  });
});
