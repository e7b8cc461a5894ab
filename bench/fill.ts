// Fills a database with N realistic multilingual listings, in batches sent as
// column arrays (one parameter per column, so batches can be large).
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Lang } from '../common/languages.ts';
import { attributesOf, type AttributeValues } from '../common/category-attributes.ts';
import { communesOf } from '../common/communes.ts';
import { CATEGORY_KEYS, CONDITION_KEYS, WILAYA_KEYS } from '../common/reference-data.ts';
import type { Database } from '../db/client.ts';
import { DEFAULT_PRICE_RANGE, NOUNS, PRICE_RANGE, QUALIFIERS, SENTENCES } from './vocabulary.ts';

/** A small deterministic generator, so two runs at the same N hold the same data. */
export function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Plausible numbers for the numeric details; the others are drawn within their limits. */
const NUMBER_RANGES: Record<string, [number, number]> = { year: [1990, 2025], mileage: [0, 400_000], surface: [20, 400], floor: [0, 15], storage: [16, 1024] };

/** Details as sellers fill them: most of them, not all. */
function randomAttributes(category: string, rand: () => number, pick: <T>(list: readonly T[]) => T): AttributeValues {
  const values: AttributeValues = {};
  for (const attribute of attributesOf(category)) {
    if (rand() < 0.15) continue;
    if (attribute.type === 'enum') values[attribute.key] = pick(attribute.options).key;
    else if (attribute.type === 'int') {
      const [low, high] = NUMBER_RANGES[attribute.key] ?? [attribute.min, Math.min(attribute.max, attribute.min + 1000)];
      values[attribute.key] = Math.round(low + rand() * (high - low));
    } else values[attribute.key] = 'Modèle';
  }
  return values;
}

const SELLERS = 2000;
const BATCH = 10_000;
const DAY = 86_400_000;
// Big wilayas get more listings, as they do in real life.
const WILAYA_WEIGHTS = WILAYA_KEYS.map((key) => ({ alger: 12, oran: 7, constantine: 5, setif: 4, blida: 4, annaba: 3, 'tizi-ouzou': 3, bejaia: 3, batna: 3, tlemcen: 3 })[key as string] ?? 1);
const WILAYA_TOTAL = WILAYA_WEIGHTS.reduce((a, b) => a + b, 0);

export async function fillListings(database: Database, count: number, log: (line: string) => void) {
  const { db } = database;
  const rand = random(20251121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const pickWilaya = () => {
    let r = rand() * WILAYA_TOTAL;
    for (const [i, weight] of WILAYA_WEIGHTS.entries()) {
      r -= weight;
      if (r <= 0) return WILAYA_KEYS[i]!;
    }
    return 'alger';
  };

  const sellerIds = Array.from({ length: SELLERS }, () => randomUUID());
  await db.execute(sql`
    insert into users (id, name, email, password_hash, is_verified)
    select id, 'Seller ' || n, 'seller' || n || '@bench.ecosouk.dz', 'not-a-hash', true
    from unnest(${sql.param(sellerIds)}::uuid[]) with ordinality as s(id, n)`);

  const now = Date.now();
  const started = Date.now();
  for (let done = 0; done < count; done += BATCH) {
    const size = Math.min(BATCH, count - done);
    const cols = {
      user_id: [] as string[], category: [] as string[], condition: [] as string[], title: [] as string[], desc: [] as string[],
      original_lang: [] as string[], title_ar: [] as (string | null)[], title_fr: [] as (string | null)[], title_en: [] as (string | null)[],
      price: [] as number[], contact: [] as string[], address: [] as string[], status: [] as string[], created_at: [] as string[],
      commune: [] as (string | null)[], attributes: [] as string[], price_type: [] as string[], exchange: [] as boolean[],
    };
    for (let i = 0; i < size; i++) {
      const category = pick(CATEGORY_KEYS);
      const r = rand();
      const lang: Lang = r < 0.4 ? 'ar' : r < 0.8 ? 'fr' : 'en';
      const title = `${pick(NOUNS[category][lang])} ${pick(QUALIFIERS[lang])}`;
      const [low, high] = PRICE_RANGE[category] ?? DEFAULT_PRICE_RANGE;
      cols.user_id.push(sellerIds[Math.floor(rand() * SELLERS)]!);
      cols.category.push(category);
      cols.condition.push(pick(CONDITION_KEYS));
      cols.title.push(title);
      cols.desc.push(`${title}. ${pick(SENTENCES[lang])} ${pick(SENTENCES[lang])}`);
      cols.original_lang.push(lang);
      cols.title_ar.push(lang === 'ar' ? title : null);
      cols.title_fr.push(lang === 'fr' ? title : null);
      cols.title_en.push(lang === 'en' ? title : null);
      // Log-uniform: many cheap things, few expensive ones; 4 % give-aways, 15 % negotiable.
      const priceType = rand() < 0.04 ? 'free' : rand() < 0.15 ? 'negotiable' : 'fixed';
      cols.price_type.push(priceType);
      cols.price.push(priceType === 'free' ? 0 : Math.round(Math.exp(Math.log(low) + rand() * (Math.log(high) - Math.log(low)))));
      cols.exchange.push(rand() < 0.1);
      cols.contact.push(`+2135${String(Math.floor(rand() * 1e8)).padStart(8, '0')}`);
      const wilaya = pickWilaya();
      cols.address.push(wilaya);
      // Most sellers name their commune.
      const communes = communesOf(wilaya);
      cols.commune.push(rand() < 0.8 && communes.length > 0 ? pick(communes).key : null);
      cols.attributes.push(JSON.stringify(randomAttributes(category, rand, pick)));
      cols.status.push(rand() < 0.95 ? 'active' : 'inactive');
      cols.created_at.push(new Date(now - Math.floor(rand() * 365 * DAY)).toISOString());
    }
    await db.execute(sql`
      insert into products (user_id, category, condition, title, "desc", original_lang, title_ar, title_fr, title_en,
                            price, contact, address, status, created_at, updated_at, commune, attributes, price_type, exchange)
      select u, c, cd, t, d, ol, ta, tf, te, p, ct, a, s, ca, ca, cm, at::jsonb, pt, ex
      from unnest(${sql.param(cols.user_id)}::uuid[], ${sql.param(cols.category)}::text[], ${sql.param(cols.condition)}::text[], ${sql.param(cols.title)}::text[],
                  ${sql.param(cols.desc)}::text[], ${sql.param(cols.original_lang)}::text[], ${sql.param(cols.title_ar)}::text[], ${sql.param(cols.title_fr)}::text[],
                  ${sql.param(cols.title_en)}::text[], ${sql.param(cols.price)}::int[], ${sql.param(cols.contact)}::text[], ${sql.param(cols.address)}::text[],
                  ${sql.param(cols.status)}::text[], ${sql.param(cols.created_at)}::timestamptz[], ${sql.param(cols.commune)}::text[],
                  ${sql.param(cols.attributes)}::text[], ${sql.param(cols.price_type)}::text[], ${sql.param(cols.exchange)}::boolean[])
        as r(u, c, cd, t, d, ol, ta, tf, te, p, ct, a, s, ca, cm, at, pt, ex)`);
    if ((done / BATCH) % 10 === 0 || done + size >= count) {
      log(`  ${done + size} / ${count} listings (${Math.round((Date.now() - started) / 1000)} s)`);
    }
  }
  await db.execute(sql`vacuum analyze products`);
  await db.execute(sql`vacuum analyze users`);
}
