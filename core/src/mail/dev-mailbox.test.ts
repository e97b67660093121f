import { describe, expect, it } from 'vitest';
import { decodeWords, splitPart } from './dev-mailbox.js';

describe('headers as a person reads them', () => {
  it('decodes encoded words, drops the space between two of them and keeps the one before plain text', () => {
    expect(decodeWords('=?UTF-8?Q?Info_L=C3=A9a?=')).toBe('Info Léa');
    expect(decodeWords('=?UTF-8?B?SW5mbyBMw6lh?= =?UTF-8?Q?_=C3=A9t=C3=A9?=')).toBe('Info Léa été');
    expect(decodeWords('Info =?UTF-8?Q?L=C3=A9a?= et Paul')).toBe('Info Léa et Paul');
    expect(decodeWords('Plain subject')).toBe('Plain subject');
  });

  it('unfolds headers and names them in lower case', () => {
    const { headers, body } = splitPart('Subject: =?UTF-8?Q?Info?=\r\n =?UTF-8?Q?_L=C3=A9a?=\r\nMessage-ID: <1@alterna>\r\n\r\nHello');
    expect(decodeWords(headers.get('subject')!)).toBe('Info Léa');
    expect(headers.get('message-id')).toBe('<1@alterna>');
    expect(body).toBe('Hello');
  });
});
