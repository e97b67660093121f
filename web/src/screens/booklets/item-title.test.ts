import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { en, fr } from '@alterna/booklets/locales';
import { itemTitle } from './item-title';

// Issue #25: a booklet item named with a fixed kind's French name reads in the page's language.
describe('booklet item titles', () => {
  it('reads a fixed kind in the page language, any other title as the centre wrote it', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ resources: { en: { translation: { booklets: en } }, fr: { translation: { booklets: fr } } }, lng: 'en' });
    const english = i18n.getFixedT('en');
    expect(itemTitle('Évaluation finale', english)).toBe(en.modules['final-evaluation']);
    expect(itemTitle('Premier entretien coach/tuteur', english)).toBe(en.modules['first-meeting']);
    expect(itemTitle('évaluation finale ', english)).toBe(en.modules['final-evaluation']);
    expect(itemTitle('Évaluation finale', i18n.getFixedT('fr'))).toBe('Évaluation finale');
    expect(itemTitle('Bilan de fin de stage', english)).toBe('Bilan de fin de stage');
  });
});
