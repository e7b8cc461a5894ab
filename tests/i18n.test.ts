import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, detectLanguage } from '../common/detect-language.ts';
import { formatDate, formatPrice } from '../common/format.ts';
import { LANGS } from '../common/languages.ts';
import { localePath, switchLanguagePath } from '../app/lib/paths.ts';
import { resourcesFor } from '../app/i18n/messages.ts';
import { createI18n } from '../app/i18n/i18n.ts';

const request = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });

describe('language detection for /', () => {
  it('prefers ?lng, then the i18next cookie, then Accept-Language, else ar', () => {
    expect(detectLanguage(request('http://x/?lng=fr', { cookie: 'i18next=en', 'accept-language': 'en' }))).toBe('fr');
    expect(detectLanguage(request('http://x/', { cookie: 'a=1; i18next=en', 'accept-language': 'fr' }))).toBe('en');
    expect(detectLanguage(request('http://x/', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' }))).toBe('fr');
    expect(detectLanguage(request('http://x/'))).toBe('ar');
  });

  it('ignores unsupported values', () => {
    expect(detectLanguage(request('http://x/?lng=de', { cookie: 'i18next=xx' }))).toBe('ar');
  });

  it('ranks Accept-Language by quality', () => {
    expect(languageFromAcceptLanguage('de-DE, en;q=0.5, fr;q=0.8')).toBe('fr');
    expect(languageFromAcceptLanguage('ar-DZ')).toBe('ar');
    expect(languageFromAcceptLanguage('fr;q=0')).toBeUndefined();
    expect(languageFromAcceptLanguage('*')).toBeUndefined();
  });
});

describe('paths', () => {
  it('switches the language and keeps the page and query', () => {
    expect(switchLanguagePath('/fr/about', '', 'ar')).toBe('/ar/about');
    expect(switchLanguagePath('/fr/blog', '?x=1', 'en')).toBe('/en/blog?x=1');
    expect(switchLanguagePath('/fr', '', 'ar')).toBe('/ar');
    expect(switchLanguagePath('/', '', 'fr')).toBe('/fr');
  });

  it('builds paths under a language', () => {
    expect(localePath('fr')).toBe('/fr');
    expect(localePath('ar', '/about')).toBe('/ar/about');
  });
});

describe('formatting', () => {
  it('shows prices with two decimals, Latin digits and the translated dinar label', () => {
    expect(formatPrice(45000, 'fr')).toMatch(/^45\s000,00 DA$/);
    expect(formatPrice(45000, 'en')).toBe('45,000.00 DZD');
    expect(formatPrice(45000, 'ar')).toMatch(/^45.000,00 د\.ج$/);
    expect(formatPrice(45000, 'ar')).not.toMatch(/[٠-٩]/);
  });

  it('shows long local dates', () => {
    expect(formatDate('2025-06-10', 'fr')).toBe('10 juin 2025');
    expect(formatDate('2025-06-10', 'en')).toBe('10 June 2025');
    expect(formatDate('2025-06-10', 'ar')).toContain('2025');
    expect(formatDate('2025-06-10', 'ar')).not.toMatch(/[٠-٩]/);
  });
});

describe('translations', () => {
  it('has the same keys in every language, none empty', () => {
    const keysOf = (value: unknown, prefix = ''): string[] =>
      typeof value === 'string'
        ? [prefix]
        : Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
    const en = keysOf(resourcesFor('en')).sort();
    for (const lang of LANGS) {
      expect(keysOf(resourcesFor(lang)).sort()).toEqual(en);
      const t = createI18n(lang, resourcesFor(lang)).t;
      for (const key of en) {
        const [ns, ...rest] = key.split('.');
        expect(t(rest.join('.'), { ns }), `${lang}:${key}`).not.toBe('');
      }
    }
  });

  it('names categories and wilayas from the reference data, with "all"', () => {
    expect(createI18n('ar', resourcesFor('ar')).t('cities:alger')).toBe('الجزائر');
    expect(createI18n('fr', resourcesFor('fr')).t('categories:all')).toBe('Toutes les catégories');
    expect(createI18n('en', resourcesFor('en')).t('conditions:like-new')).toBe('Like new');
  });
});
