import { describe, it, expect } from 'vitest';
import sharp from 'sharp';
import { LANGS } from '../common/languages.ts';
import { CATEGORY_KEYS, CONDITION_KEYS, WILAYA_KEYS } from '../common/reference-data.ts';
import { DEMO_LISTINGS, DEMO_SELLER } from '../server/seed/demo-listings.ts';
import { icons } from 'lucide-react';
import { demoPhotoSvg, renderDemoPhoto } from '../server/seed/demo-photos.ts';

const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\uFB50-\uFDFF\uFE70-\uFEFF]/;

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

describe('demo listings', () => {
  it('has at least 64 listings', () => {
    expect(DEMO_LISTINGS.length).toBeGreaterThanOrEqual(64);
  });

  it('covers every category at least twice', () => {
    const counts = countBy(DEMO_LISTINGS, (l) => l.category);
    for (const key of CATEGORY_KEYS) expect(counts.get(key) ?? 0, key).toBeGreaterThanOrEqual(2);
  });

  it('spreads over at least 25 wilayas and uses every condition', () => {
    expect(new Set(DEMO_LISTINGS.map((l) => l.address)).size).toBeGreaterThanOrEqual(25);
    expect(new Set(DEMO_LISTINGS.map((l) => l.condition))).toEqual(new Set(CONDITION_KEYS));
  });

  it('only uses keys from the reference lists', () => {
    const categories = new Set<string>(CATEGORY_KEYS);
    const wilayas = new Set<string>(WILAYA_KEYS);
    const conditions = new Set<string>(CONDITION_KEYS);
    for (const l of DEMO_LISTINGS) {
      expect(categories.has(l.category), l.title).toBe(true);
      expect(wilayas.has(l.address), l.title).toBe(true);
      expect(conditions.has(l.condition), l.title).toBe(true);
      expect(LANGS).toContain(l.lang);
    }
    expect(wilayas.has(DEMO_SELLER.address)).toBe(true);
  });

  it('has whole-dinar prices in range and sane photo counts and ages', () => {
    for (const l of DEMO_LISTINGS) {
      expect(Number.isInteger(l.price), l.title).toBe(true);
      expect(l.price, l.title).toBeGreaterThanOrEqual(1);
      expect(l.price, l.title).toBeLessThanOrEqual(1_000_000_000);
      expect(Number.isInteger(l.photos) && l.photos >= 1 && l.photos <= 3, l.title).toBe(true);
      expect(Number.isInteger(l.ageDays) && l.ageDays >= 0 && l.ageDays <= 60, l.title).toBe(true);
    }
  });

  it('keeps titles short, descriptions present and titles unique', () => {
    for (const l of DEMO_LISTINGS) {
      expect(l.title.length, l.title).toBeLessThanOrEqual(80);
      expect(l.desc.length, l.title).toBeGreaterThanOrEqual(40);
      for (const title of Object.values(l.translations?.title ?? {})) expect(title.length, title).toBeLessThanOrEqual(80);
    }
    expect(new Set(DEMO_LISTINGS.map((l) => l.title)).size).toBe(DEMO_LISTINGS.length);
  });

  it('mixes the three languages, with some translated listings and a few inactive ones', () => {
    const byLang = countBy(DEMO_LISTINGS, (l) => l.lang);
    for (const lang of LANGS) expect(byLang.get(lang) ?? 0, lang).toBeGreaterThanOrEqual(DEMO_LISTINGS.length / 5);
    const translated = DEMO_LISTINGS.filter((l) => l.translations);
    expect(translated.length).toBeGreaterThanOrEqual(DEMO_LISTINGS.length / 6);
    for (const l of translated) {
      const others = LANGS.filter((lang) => lang !== l.lang).sort();
      expect(Object.keys(l.translations!.title).sort(), l.title).toEqual(others);
      expect(Object.keys(l.translations!.desc).sort(), l.title).toEqual(others);
    }
    const inactive = DEMO_LISTINGS.filter((l) => l.inactive).length;
    expect(inactive).toBeGreaterThanOrEqual(3);
    expect(inactive).toBeLessThanOrEqual(4);
  });

  it('writes Arabic listings in Arabic letters', () => {
    for (const l of DEMO_LISTINGS) {
      if (l.lang === 'ar') expect(l.title, l.title).toMatch(ARABIC_LETTER);
      if (l.translations?.title.ar) expect(l.translations.title.ar).toMatch(ARABIC_LETTER);
    }
  });
});

describe('renderDemoPhoto', () => {
  const listing = DEMO_LISTINGS[0]!;

  it('draws each listing\'s own object, not its category\'s: a fridge is not a sofa', () => {
    for (const l of DEMO_LISTINGS) expect(l.subject in icons, `${l.title}: ${l.subject}`).toBe(true);
    const fridge = DEMO_LISTINGS.find((l) => l.subject === 'Refrigerator')!;
    const sofa = DEMO_LISTINGS.find((l) => l.subject === 'Sofa')!;
    expect(fridge.category).toBe(sofa.category);
    const drawn = (svg: string) => svg.match(/<path d="[^"]+"/g)!.join('');
    expect(drawn(demoPhotoSvg(fridge, 0))).not.toBe(drawn(demoPhotoSvg(sofa, 0)));
    // Most listings of a category show different objects.
    for (const key of new Set(DEMO_LISTINGS.map((l) => l.category))) {
      const of = DEMO_LISTINGS.filter((l) => l.category === key);
      if (of.length >= 3) expect(new Set(of.map((l) => l.subject)).size, key).toBeGreaterThanOrEqual(2);
    }
  });

  it('returns a 1200×800 JPEG', async () => {
    const buf = await renderDemoPhoto(listing, 0);
    expect([...buf.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const meta = await sharp(buf).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(1200);
    expect(meta.height).toBe(800);
  });

  it('is deterministic, and varies with the index and the category', async () => {
    const a = await renderDemoPhoto(listing, 1);
    const b = await renderDemoPhoto(listing, 1);
    expect(a.equals(b)).toBe(true);
    expect(a.equals(await renderDemoPhoto(listing, 2))).toBe(false);
    const other = DEMO_LISTINGS.find((l) => l.category !== listing.category)!;
    expect(a.equals(await renderDemoPhoto(other, 1))).toBe(false);
  });

  it('falls back to a generic icon for an unknown category', async () => {
    const odd = { ...listing, category: 'no-such-category' } as unknown as typeof listing;
    const buf = await renderDemoPhoto(odd, 0);
    expect((await sharp(buf).metadata()).width).toBe(1200);
  });
});
