import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage } from './index.js';

describe('languageFromAcceptLanguage', () => {
  it.each([
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9,en;q=0.8', 'fr'],
    ['de-DE,de;q=0.9,en;q=0.8', 'fr'],
    ['es', 'fr'],
    ['', 'fr'],
    [undefined, 'fr'],
    ['fr;q=0.5, en;q=0.8', 'en'],
    ['EN-gb', 'en'],
  ])('%s gives %s', (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });
});
