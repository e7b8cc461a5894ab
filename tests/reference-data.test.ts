import { describe, it, expect } from 'vitest';
import { LANGS } from '../common/languages.ts';
import {
  ALL,
  CATEGORIES,
  CATEGORY_KEYS,
  CONDITIONS,
  CONDITION_KEYS,
  WILAYAS,
  WILAYA_KEYS,
  categoriesByName,
  categoryName,
  conditionName,
  isCategoryKey,
  isConditionKey,
  isWilayaKey,
  wilayaName,
} from '../common/reference-data.ts';

const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;
const SLUG = /^[a-z]+(-[a-z]+)*$/;

const ALL_ENTRIES = [...CATEGORIES, ...WILAYAS, ...CONDITIONS];

describe('categories', () => {
  it('has the 18 categories in order with their English labels', () => {
    expect(CATEGORIES.map((c) => [c.key, c.name.en])).toEqual([
      ['automobile', 'Automobile'],
      ['real-estate', 'Real Estate'],
      ['jobs', 'Jobs'],
      ['electronics', 'Electronics'],
      ['furniture-home', 'Furniture & Home'],
      ['clothing-accessories', 'Clothing & Accessories'],
      ['baby-kids', 'Baby & Kids'],
      ['leisure-hobbies', 'Leisure & Hobbies'],
      ['animals', 'Animals'],
      ['services', 'Services'],
      ['events-tickets', 'Events & Tickets'],
      ['sport-fitness', 'Sport & Fitness'],
      ['music-movies-books', 'Music, Movies & Books'],
      ['diy-garden', 'DIY & Garden'],
      ['food-beverages', 'Food & Beverages'],
      ['antiques-art', 'Antiques & Art'],
      ['education-training', 'Education & Training'],
      ['business-industry', 'Business & Industry'],
    ]);
    expect(CATEGORIES.map((c) => c.key)).toEqual([...CATEGORY_KEYS]);
  });

  it('orders the categories by their names in each language as localeCompare does', () => {
    for (const lang of LANGS) {
      const expected = [...CATEGORIES].sort((a, b) => a.name[lang].localeCompare(b.name[lang], lang)).map((c) => c.key);
      expect(categoriesByName(lang).map((c) => c.key), lang).toEqual(expected);
      expect(categoriesByName(lang), lang).toBe(categoriesByName(lang));
    }
    expect(categoriesByName('fr').slice(0, 3).map((c) => c.name.fr)).toEqual(['Alimentation & Boissons', 'Animaux', 'Antiquités & Art']);
  });

  it('gives every category an icon name', () => {
    for (const c of CATEGORIES) expect(c.icon).toMatch(/^[A-Z][A-Za-z0-9]*$/);
  });
});

describe('wilayas', () => {
  it('has the 58 wilayas numbered 01..58 in order, each once', () => {
    expect(WILAYAS).toHaveLength(58);
    const expected = Array.from({ length: 58 }, (_, i) => String(i + 1).padStart(2, '0'));
    expect(WILAYAS.map((w) => w.code)).toEqual(expected);
    expect(new Set(WILAYAS.map((w) => w.code)).size).toBe(58);
  });

  it('has unique slug keys matching the key list', () => {
    const keys = WILAYAS.map((w) => w.key);
    expect(new Set(keys).size).toBe(58);
    for (const key of keys) expect(key).toMatch(SLUG);
    expect(keys).toEqual([...WILAYA_KEYS]);
  });

  it.each([
    ['16', 'alger', 'Alger', 'Algiers', 'الجزائر'],
    ['31', 'oran', 'Oran', 'Oran', 'وهران'],
    ['15', 'tizi-ouzou', 'Tizi Ouzou', 'Tizi Ouzou', 'تيزي وزو'],
    ['55', 'touggourt', 'Touggourt', 'Touggourt', 'تقرت'],
    ['58', 'el-meniaa', 'El Meniaa', 'El Meniaa', 'المنيعة'],
  ])('wilaya %s is %s', (code, key, fr, en, ar) => {
    const wilaya = WILAYAS.find((w) => w.code === code);
    expect(wilaya).toEqual({ key, code, name: { ar, fr, en } });
  });

  it('keeps French accents and uses plain English spellings', () => {
    expect(wilayaName('bejaia', 'fr')).toBe('Béjaïa');
    expect(wilayaName('bejaia', 'en')).toBe('Bejaia');
    expect(wilayaName('setif', 'fr')).toBe('Sétif');
    expect(wilayaName('setif', 'en')).toBe('Setif');
  });
});

describe('conditions', () => {
  it('has the 5 conditions in order', () => {
    expect(CONDITIONS.map((c) => [c.key, c.name.en])).toEqual([
      ['new', 'New'],
      ['like-new', 'Like new'],
      ['good', 'Good'],
      ['fair', 'Fair'],
      ['for-parts', 'For parts'],
    ]);
    expect(CONDITIONS.map((c) => c.key)).toEqual([...CONDITION_KEYS]);
  });
});

describe('names', () => {
  it('are non-empty in every language', () => {
    for (const entry of ALL_ENTRIES) {
      for (const lang of LANGS) expect(entry.name[lang].trim(), `${entry.key}.${lang}`).not.toBe('');
    }
  });

  it('are in Arabic script for ar and in Latin script for fr and en', () => {
    for (const entry of ALL_ENTRIES) {
      expect(entry.name.ar, entry.key).toMatch(ARABIC_LETTER);
      expect(entry.name.fr, entry.key).not.toMatch(ARABIC_LETTER);
      expect(entry.name.en, entry.key).not.toMatch(ARABIC_LETTER);
    }
  });
});

describe('lookups', () => {
  it('return the name in the requested language', () => {
    expect(categoryName('real-estate', 'en')).toBe('Real Estate');
    expect(categoryName('real-estate', 'fr')).toBe('Immobilier');
    expect(categoryName('real-estate', 'ar')).toBe('عقارات');
    expect(wilayaName('alger', 'en')).toBe('Algiers');
    expect(wilayaName('alger', 'ar')).toBe('الجزائر');
    expect(conditionName('like-new', 'en')).toBe('Like new');
    expect(conditionName('new', 'fr')).toBe('Neuf');
  });

  it('fall back to the key itself when it is unknown', () => {
    for (const key of ['nope', '', ALL, 'constructor', 'toString']) {
      for (const lang of LANGS) {
        expect(categoryName(key, lang)).toBe(key);
        expect(wilayaName(key, lang)).toBe(key);
        expect(conditionName(key, lang)).toBe(key);
      }
    }
    // Keys are not interchangeable between lists.
    expect(categoryName('oran', 'en')).toBe('oran');
    expect(wilayaName('automobile', 'en')).toBe('automobile');
  });

  it('recognise only their own keys', () => {
    expect(isCategoryKey('automobile')).toBe(true);
    expect(isWilayaKey('el-mghair')).toBe(true);
    expect(isConditionKey('for-parts')).toBe(true);
    for (const v of [ALL, 'Automobile', 'constructor', '', null, undefined, 16, {}]) {
      expect(isCategoryKey(v)).toBe(false);
      expect(isWilayaKey(v)).toBe(false);
      expect(isConditionKey(v)).toBe(false);
    }
    expect(isCategoryKey('oran')).toBe(false);
    expect(isWilayaKey('new')).toBe(false);
    expect(isConditionKey('alger')).toBe(false);
  });
});
