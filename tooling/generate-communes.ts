// Turns the stored source, common/sources/algeria-cities.csv (see common/sources/README.md), into
// common/communes-data.ts: the communes of each of the 58 wilayas, grouped by daïra.
// Run `node tooling/generate-communes.ts` after changing the CSV or the tables below;
// tests/communes.test.ts fails when the committed module differs from what this makes.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WILAYA_KEYS, type WilayaKey } from '../common/reference-data.ts';

export const SOURCE_PATH = fileURLToPath(new URL('../common/sources/algeria-cities.csv', import.meta.url));
export const OUTPUT_PATH = fileURLToPath(new URL('../common/communes-data.ts', import.meta.url));

export interface SourceRow {
  id: number;
  ar: string;
  fr: string;
  dairaAr: string;
  dairaFr: string;
  wilayaCode: string;
}

/**
 * The wilayas created by law 19-12 of 11 December 2019, each made of whole daïras of an older
 * wilaya. The source already files these communes under codes 49-58; this table is checked
 * against it (a commune filed under a new wilaya outside its daïras stops the generator) and
 * moves what the source left behind: the daïra of Tabelbala, which the law gives to Béni Abbès,
 * is still under Béchar in the source. Daïra names are the source's French spelling.
 */
export const WILAYAS_2019: readonly { wilaya: WilayaKey; from: WilayaKey; dairas: readonly string[]; communes?: readonly string[] }[] = [
  { wilaya: 'timimoun', from: 'adrar', dairas: ['Timimoun', 'Aougrout', 'Charouine', 'Tinerkouk'] },
  // Timiaouine is a commune of the daïra of Bordj Badji Mokhtar in the source.
  { wilaya: 'bordj-badji-mokhtar', from: 'adrar', dairas: ['Bordj Badji Mokhtar'] },
  { wilaya: 'ouled-djellal', from: 'biskra', dairas: ['Ouled Djellal', 'Sidi Khaled'] },
  { wilaya: 'beni-abbes', from: 'bechar', dairas: ['Beni Abbes', 'El Ouata', 'Igli', 'Kerzaz', 'Ouled Khodeir', 'Tabelbala'] },
  { wilaya: 'in-salah', from: 'tamanrasset', dairas: ['In Salah', 'In Ghar'] },
  { wilaya: 'in-guezzam', from: 'tamanrasset', dairas: ['In Guezzam', 'Tin Zouatine'] },
  { wilaya: 'touggourt', from: 'ouargla', dairas: ['Touggourt', 'Temacine', 'Megarine', 'Taibet', 'El-Hadjira'] },
  { wilaya: 'djanet', from: 'illizi', dairas: ['Djanet'] },
  { wilaya: 'el-mghair', from: 'el-oued', dairas: ['El Meghaier', 'Djamaa'] },
  // Hassi Fehal sits in the daïra of Mansourah in the source; Mansourah itself stays in Ghardaïa.
  { wilaya: 'el-meniaa', from: 'ghardaia', dairas: ['El Menia'], communes: ['Hassi Fehal'] },
];

/** Source names cut short, mistyped or left without their apostrophe, by source id. */
const NAME_FIXES: Record<number, { ar?: string; fr?: string }> = {
  102: { fr: 'El Fedjoudj Boughrara Saoudi' },
  149: { fr: "M'Doukal" },
  153: { fr: "N'Gaous" },
  168: { fr: "T'Kout" },
  215: { ar: 'سوق الإثنين' },
  339: { fr: "M'Chedallah" },
  353: { fr: "Z'barbar (El Isseri)" },
  486: { fr: 'Zmalet El Emir Abdelkader' },
  973: { ar: 'الحسيان (بني ياحي)' },
  1166: { fr: 'Bordj Bou Arreridj' },
  1233: { fr: "Ben M'Hidi" },
};

/** Daïra names mistyped in the source, by (cleaned) French name. */
const DAIRA_AR_FIXES: Record<string, string> = {
  'Gueltat Sidi Saad': 'قلتة سيدي سعد',
};

/** Splits one CSV line; fields may be double-quoted (with "" for a quote). */
function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  fields.push(field);
  return fields;
}

/** Drops the Arabic elongation mark (tatweel) and doubled or edge spaces. */
export function cleanName(name: string): string {
  return name.replace(/\u0640/g, '').replace(/\s+/g, ' ').trim();
}

export function parseSource(text: string): SourceRow[] {
  const [header, ...lines] = text.split('\n').filter((line) => line.trim() !== '');
  if (header !== 'id,commune_name,commune_name_ascii,daira_name,daira_name_ascii,wilaya_code') {
    throw new Error(`Unexpected CSV header: ${header}`);
  }
  return lines.map((line, index) => {
    const fields = splitCsvLine(line);
    if (fields.length !== 6) throw new Error(`Line ${index + 2}: ${fields.length} fields instead of 6`);
    const [id, ar, fr, dairaAr, dairaFr, wilayaCode] = fields as [string, string, string, string, string, string];
    const fix = NAME_FIXES[Number(id)] ?? {};
    const daira = cleanName(dairaFr);
    return {
      id: Number(id),
      ar: cleanName(fix.ar ?? ar),
      fr: cleanName(fix.fr ?? fr),
      dairaAr: DAIRA_AR_FIXES[daira] ?? cleanName(dairaAr),
      dairaFr: daira,
      wilayaCode,
    };
  });
}

/** `Sidi-Aïch` → `sidi-aich`; the key of a commune inside its wilaya. */
export function slugify(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export interface PlacedCommune extends SourceRow {
  wilaya: WilayaKey;
  slug: string;
}

/** Files each source row under one of the 58 wilayas; `moved` lists what the 2019 table moved. */
export function placeCommunes(rows: readonly SourceRow[]): { communes: PlacedCommune[]; moved: PlacedCommune[] } {
  const communes: PlacedCommune[] = [];
  const moved: PlacedCommune[] = [];
  const newWilayas = new Set<WilayaKey>(WILAYAS_2019.map((entry) => entry.wilaya));
  for (const row of rows) {
    const sourceWilaya = WILAYA_KEYS[Number(row.wilayaCode) - 1];
    if (!sourceWilaya || !/^\d{2}$/.test(row.wilayaCode)) throw new Error(`${row.fr} (${row.id}): unknown wilaya code ${row.wilayaCode}`);
    const entry = WILAYAS_2019.find(
      (e) =>
        (e.from === sourceWilaya || e.wilaya === sourceWilaya) &&
        (e.dairas.includes(row.dairaFr) || (e.communes?.includes(row.fr) ?? false)),
    );
    if (newWilayas.has(sourceWilaya) && entry?.wilaya !== sourceWilaya) {
      throw new Error(`${row.fr} (${row.id}) is under ${sourceWilaya} in the source, outside the daïras of its 2019 table entry`);
    }
    const wilaya = entry?.wilaya ?? sourceWilaya;
    const commune = { ...row, wilaya, slug: slugify(row.fr) };
    if (wilaya !== sourceWilaya) moved.push(commune);
    communes.push(commune);
  }
  for (const entry of WILAYAS_2019) {
    if (!communes.some((c) => c.wilaya === entry.wilaya)) throw new Error(`No commune for ${entry.wilaya}`);
  }
  return { communes, moved };
}

const byFrench = (a: string, b: string) => a.localeCompare(b, 'fr');

/** The TypeScript module for `communes`, sorted by wilaya order, then daïra and commune name. */
export function renderModule(communes: readonly PlacedCommune[]): string {
  const out: string[] = [
    '// Generated by `node tooling/generate-communes.ts` from common/sources/algeria-cities.csv: do not edit.',
    "import type { WilayaKey } from './reference-data.ts';",
    '',
    '/** A daïra: [Arabic name, French name, its communes as [key within the wilaya, Arabic name, French name]]. */',
    'export type DairaData = readonly [string, string, readonly (readonly [string, string, string])[]];',
    '',
    'export const COMMUNE_DATA: Record<WilayaKey, readonly DairaData[]> = {',
  ];
  for (const wilaya of WILAYA_KEYS) {
    const inWilaya = communes.filter((c) => c.wilaya === wilaya);
    const slugs = new Set<string>();
    for (const c of inWilaya) {
      if (!c.slug) throw new Error(`${c.id}: empty key`);
      if (slugs.has(c.slug)) throw new Error(`${wilaya}: two communes make the key ${c.slug}`);
      slugs.add(c.slug);
    }
    const dairas = new Map<string, PlacedCommune[]>();
    for (const c of inWilaya) dairas.set(c.dairaFr, [...(dairas.get(c.dairaFr) ?? []), c]);
    out.push(`  ${JSON.stringify(wilaya)}: [`);
    for (const [dairaFr, list] of [...dairas].sort(([a], [b]) => byFrench(a, b))) {
      const arNames = new Set(list.map((c) => c.dairaAr));
      if (arNames.size !== 1) throw new Error(`${wilaya}/${dairaFr}: Arabic daïra names differ: ${[...arNames].join(' | ')}`);
      const rendered = [...list]
        .sort((a, b) => byFrench(a.fr, b.fr))
        .map((c) => `[${JSON.stringify(c.slug)}, ${JSON.stringify(c.ar)}, ${JSON.stringify(c.fr)}]`)
        .join(', ');
      out.push(`    [${JSON.stringify(list[0]!.dairaAr)}, ${JSON.stringify(dairaFr)}, [${rendered}]],`);
    }
    out.push('  ],');
  }
  out.push('};', '');
  return out.join('\n');
}

export function generate(): { module: string; count: number; moved: PlacedCommune[] } {
  const { communes, moved } = placeCommunes(parseSource(readFileSync(SOURCE_PATH, 'utf8')));
  return { module: renderModule(communes), count: communes.length, moved };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { module, count, moved } = generate();
  writeFileSync(OUTPUT_PATH, module);
  console.log(`Wrote ${count} communes to ${OUTPUT_PATH}`);
  for (const c of moved) console.log(`Moved by the 2019 table: ${c.fr} (daïra ${c.dairaFr}, source code ${c.wilayaCode}) -> ${c.wilaya}`);
}
