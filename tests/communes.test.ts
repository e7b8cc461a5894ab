import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  COMMUNES,
  COMMUNE_KEY_MAX,
  communeBelongsTo,
  communeByKey,
  communeName,
  communesOf,
  isCommuneKey,
} from '../common/communes.ts';
import { WILAYA_KEYS, isWilayaKey } from '../common/reference-data.ts';
import { OUTPUT_PATH, WILAYAS_2019, cleanName, generate, parseSource, placeCommunes, slugify } from '../tooling/generate-communes.ts';

const ARABIC = /^[\u0600-\u06FF\s()]+$/;
const LATIN = /^[A-Za-z][A-Za-z' ().-]*$/;

describe('communes reference data', () => {
  it('has the 1,541 communes of Algeria, each under one of the 58 wilayas', () => {
    expect(COMMUNES).toHaveLength(1541);
    for (const c of COMMUNES) expect(isWilayaKey(c.wilaya), c.key).toBe(true);
    for (const w of WILAYA_KEYS) expect(communesOf(w).length, w).toBeGreaterThan(0);
  });

  it('gives each commune a unique key of its wilaya and slug', () => {
    expect(new Set(COMMUNES.map((c) => c.key)).size).toBe(1541);
    for (const c of COMMUNES) {
      expect(c.key, c.name.fr).toMatch(new RegExp(`^${c.wilaya}\\.[a-z0-9]+(-[a-z0-9]+)*$`));
      expect(c.key.length).toBeLessThanOrEqual(COMMUNE_KEY_MAX);
    }
  });

  it('names every commune and daïra in Arabic script and in French (Latin), English being the French name', () => {
    for (const c of COMMUNES) {
      expect(c.name.ar, c.key).toMatch(ARABIC);
      expect(c.name.fr, c.key).toMatch(LATIN);
      expect(c.name.en).toBe(c.name.fr);
      expect(c.daira.ar, c.key).toMatch(ARABIC);
      expect(c.daira.fr, c.key).toMatch(LATIN);
      for (const text of [c.name.ar, c.name.fr, c.daira.ar, c.daira.fr]) expect(text).toBe(cleanName(text));
    }
  });

  it('puts the communes of the 2019 wilayas under the new wilaya, not the old one', () => {
    const counts = Object.fromEntries(WILAYAS_2019.map((e) => [e.wilaya, communesOf(e.wilaya).length]));
    expect(counts).toEqual({
      timimoun: 10,
      'bordj-badji-mokhtar': 2,
      'ouled-djellal': 6,
      'beni-abbes': 10,
      'in-salah': 3,
      'in-guezzam': 2,
      touggourt: 13,
      djanet: 2,
      'el-mghair': 8,
      'el-meniaa': 3,
    });
    // What the old wilayas keep: 28-12, 33-6, 21-10, 10-5, 21-13, 6-2, 30-8, 13-3.
    expect(
      Object.fromEntries(['adrar', 'biskra', 'bechar', 'tamanrasset', 'ouargla', 'illizi', 'el-oued', 'ghardaia'].map((w) => [w, communesOf(w).length])),
    ).toEqual({ adrar: 16, biskra: 27, bechar: 11, tamanrasset: 5, ouargla: 8, illizi: 4, 'el-oued': 22, ghardaia: 10 });
    expect(communeByKey('timimoun.timimoun')?.daira.fr).toBe('Timimoun');
    expect(communeByKey('beni-abbes.tabelbala')?.name.ar).toBe('تبلبالة');
    expect(communeByKey('bechar.tabelbala')).toBeUndefined();
    expect(communeByKey('touggourt.el-hadjira')?.wilaya).toBe('touggourt');
    expect(communeByKey('el-meniaa.hassi-fehal')?.wilaya).toBe('el-meniaa');
    expect(communeByKey('ghardaia.mansoura')?.wilaya).toBe('ghardaia');
  });

  it('answers lookups by key and by wilaya', () => {
    expect(communeByKey('alger.bab-ezzouar')).toEqual({
      key: 'alger.bab-ezzouar',
      wilaya: 'alger',
      daira: { ar: 'الدار البيضاء', fr: 'Dar El Beida', en: 'Dar El Beida' },
      name: { ar: 'باب الزوار', fr: 'Bab Ezzouar', en: 'Bab Ezzouar' },
    });
    expect(communesOf('alger')).toHaveLength(57);
    expect(communesOf('nowhere')).toEqual([]);
    expect(isCommuneKey('oran.oran')).toBe(true);
    expect(isCommuneKey('oran.bab-ezzouar')).toBe(false);
    expect(isCommuneKey(42)).toBe(false);
    expect(communeBelongsTo('oran.arzew', 'oran')).toBe(true);
    expect(communeBelongsTo('oran.arzew', 'alger')).toBe(false);
    expect(communeBelongsTo('nowhere.x', 'alger')).toBe(false);
    expect(communeName('tizi-ouzou.larbaa-nath-irathen', 'ar')).toBe('الأربعاء ناث إيراثن');
    expect(communeName('tizi-ouzou.larbaa-nath-irathen', 'en')).toBe('Larbaa Nath Irathen');
    expect(communeName('unknown.key', 'fr')).toBe('unknown.key');
  });

  it('is exactly what the generator makes from the stored source', () => {
    const { module, count } = generate();
    expect(count).toBe(1541);
    expect(readFileSync(OUTPUT_PATH, 'utf8')).toBe(module);
  });
});

describe('communes generator', () => {
  const header = 'id,commune_name,commune_name_ascii,daira_name,daira_name_ascii,wilaya_code';

  it('reads quoted fields and cleans tatweel and doubled spaces', () => {
    const [row] = parseSource(`${header}\n1,"ميزرانـــة, ""x""",Beni  Bouattab ,أدرار,Adrar,01\n`);
    expect(row).toEqual({ id: 1, ar: 'ميزرانة, "x"', fr: 'Beni Bouattab', dairaAr: 'أدرار', dairaFr: 'Adrar', wilayaCode: '01' });
  });

  it('rejects an unexpected header or a short line', () => {
    expect(() => parseSource('id,name\n1,x')).toThrow(/header/);
    expect(() => parseSource(`${header}\n1,a,b,c,d`)).toThrow(/5 fields/);
  });

  it('moves a daïra of the 2019 table left under its old wilaya, and refuses a stray commune under a new one', () => {
    const row = { ar: 'س', dairaAr: 'س' };
    const base = WILAYAS_2019.map((e, i) => ({ ...row, id: 100 + i, fr: e.dairas[0]!, dairaFr: e.dairas[0]!, wilayaCode: String(49 + i) }));
    const { communes, moved } = placeCommunes([...base, { ...row, id: 1, fr: 'Aougrout', dairaFr: 'Aougrout', wilayaCode: '01' }]);
    expect(moved.map((c) => [c.fr, c.wilaya])).toEqual([['Aougrout', 'timimoun']]);
    expect(communes.find((c) => c.id === 1)?.wilaya).toBe('timimoun');
    expect(() => placeCommunes([...base, { ...row, id: 2, fr: 'Reggane', dairaFr: 'Reggane', wilayaCode: '49' }])).toThrow(/Reggane/);
    expect(() => placeCommunes([{ ...row, id: 3, fr: 'X', dairaFr: 'X', wilayaCode: '59' }])).toThrow(/unknown wilaya/);
    expect(() => placeCommunes([])).toThrow(/No commune for timimoun/);
  });

  it('makes ASCII slugs', () => {
    expect(slugify("Sidi-Aïch")).toBe('sidi-aich');
    expect(slugify("Z'barbar (El Isseri)")).toBe('z-barbar-el-isseri');
  });
});
