import { describe, expect, it } from 'vitest';
import { sniffContentType } from './sniff.js';
import { describeKinds, megabytes } from './kinds.js';

const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

describe('sniffContentType', () => {
  it('reads the type from the bytes, whatever the name would say', async () => {
    expect(await sniffContentType(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'))).toBe('application/pdf');
    expect(await sniffContentType(png)).toBe('image/png');
  });

  it('calls UTF-8 without control characters text, and anything else unknown', async () => {
    expect(await sniffContentType(Buffer.from('Certificat médical\r\n\tdu 3 mars'))).toBe('text/plain');
    expect(await sniffContentType(Buffer.from([0x00, 0x01, 0x02, 0xff]))).toBe('application/octet-stream');
    expect(await sniffContentType(Buffer.from([0xc3, 0x28]))).toBe('application/octet-stream');
    expect(await sniffContentType(Buffer.alloc(0))).toBe('application/octet-stream');
  });
});

describe('accepted kinds and limits as a person reads them', () => {
  const t = ((key: string) => ({ 'upload.kinds.pdf': 'PDF', 'upload.kinds.png': 'PNG', 'upload.kinds.jpeg': 'JPEG' })[key] ?? key) as never;
  it('lists the kinds in the language', () => {
    expect(describeKinds(['application/pdf', 'image/png', 'image/jpeg'], t, 'fr')).toBe('PDF, PNG ou JPEG');
    expect(describeKinds(['application/pdf', 'image/png', 'image/jpeg'], t, 'en')).toBe('PDF, PNG, or JPEG');
    expect(describeKinds(['application/x-custom'], t, 'en')).toBe('application/x-custom');
  });

  it('gives a limit in MB with the language decimal mark', () => {
    expect(megabytes(5 * 1024 * 1024, 'fr')).toBe('5');
    expect(megabytes(2.5 * 1024 * 1024, 'fr')).toBe('2,5');
    expect(megabytes(512 * 1024, 'en')).toBe('0.5');
  });
});
