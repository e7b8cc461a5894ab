// The pages' own translator (app/i18n/i18n.ts), which replaced i18next in the browser: the
// lookups and interpolation the site's texts use, on the real texts of each language.
import { describe, expect, it } from 'vitest';
import { createI18n } from '../app/i18n/i18n.ts';
import { resourcesFor } from '../app/i18n/messages.ts';

describe('createI18n', () => {
  const fr = createI18n('fr', resourcesFor('fr'));
  const ar = createI18n('ar', resourcesFor('ar'));

  it('looks keys up in common by default, in a namespace with `ns:`, and through nested objects', () => {
    expect(fr.t('login')).toBe('Se connecter');
    expect(fr.t('browse:postAd')).toBe('Déposer une annonce');
    expect(fr.t('layout:footer.legal')).toBe(resourcesFor('fr').layout.footer.legal);
    expect(fr.t('categories:electronics')).toBe('Électronique');
    expect(fr.withNamespace('browse')('settings')).toBe('Paramètres');
    // A component's default namespace does not stop `ns:` keys.
    expect(fr.withNamespace('browse')('search:submit')).toBe('Rechercher');
  });

  it('fills {{placeholders}} without escaping (React escapes) and leaves unknown ones', () => {
    expect(ar.t('browse:showResults', { count: 12 })).toBe('عرض النتائج (12)');
    expect(fr.t('browse:removeFilter', { name: '<b>&' })).toBe('Retirer le filtre : <b>&');
    expect(fr.t('browse:showResults')).toBe('Voir les résultats ({{count}})');
  });

  it('answers a missing key with its default value, else the key', () => {
    expect(fr.t('validation:noSuchCode', { defaultValue: fr.t('validation:invalidValue') })).toBe(fr.t('validation:invalidValue'));
    expect(fr.t('browse:noSuchKey')).toBe('noSuchKey');
    expect(fr.t('layout:footer')).toBe('footer');
    expect(createI18n('en', undefined).t('login')).toBe('login');
  });
});
