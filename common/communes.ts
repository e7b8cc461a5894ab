// The 1,541 communes of Algeria under the 58 wilayas, with their daïra (source, licence and the
// 2019 mapping: common/sources/README.md). Kept apart from reference-data.ts so that only the code
// that needs communes loads them (about 100 kB).
import { COMMUNE_DATA } from './communes-data.ts';
import type { Lang, Localized } from './languages.ts';
import { WILAYA_KEYS, type WilayaKey } from './reference-data.ts';

export interface Commune {
  /** `wilayaKey.slug`, e.g. `alger.bab-ezzouar`: stable, readable in URLs and in the database. */
  key: string;
  wilaya: WilayaKey;
  daira: Localized;
  /** No commune has an English name of its own, so `en` is the French one. */
  name: Localized;
}

/** Longest key, for column and input limits. */
export const COMMUNE_KEY_MAX = 64;

export const COMMUNES: readonly Commune[] = WILAYA_KEYS.flatMap((wilaya) =>
  COMMUNE_DATA[wilaya].flatMap(([dairaAr, dairaFr, communes]) =>
    communes.map(([slug, ar, fr]) => ({
      key: `${wilaya}.${slug}`,
      wilaya,
      daira: { ar: dairaAr, fr: dairaFr, en: dairaFr },
      name: { ar, fr, en: fr },
    })),
  ),
);

const BY_KEY: ReadonlyMap<string, Commune> = new Map(COMMUNES.map((c) => [c.key, c]));
const BY_WILAYA: ReadonlyMap<WilayaKey, readonly Commune[]> = new Map(
  WILAYA_KEYS.map((w) => [w, COMMUNES.filter((c) => c.wilaya === w)]),
);

/** The communes of a wilaya, by daïra then name (French order); empty for an unknown wilaya. */
export function communesOf(wilaya: string): readonly Commune[] {
  return BY_WILAYA.get(wilaya as WilayaKey) ?? [];
}

export function communeByKey(key: string): Commune | undefined {
  return BY_KEY.get(key);
}

export function isCommuneKey(value: unknown): value is string {
  return typeof value === 'string' && BY_KEY.has(value);
}

/** Whether `key` is a commune of `wilaya` (a listing's commune must belong to its wilaya). */
export function communeBelongsTo(key: string, wilaya: string): boolean {
  return BY_KEY.get(key)?.wilaya === wilaya;
}

/** Unknown keys come back unchanged, like the other reference names. */
export function communeName(key: string, lang: Lang): string {
  return BY_KEY.get(key)?.name[lang] ?? key;
}
