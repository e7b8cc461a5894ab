// The search alerts' matching at scale (issue #15, docs/decisions/0023-alert-matching.md):
// SAVED saved searches with an alert, spread like real ones (category and wilaya, category
// alone, words alone, words and a wilaya, a price range, nothing at all), then MATCHED new
// listings each matched by the real `matchListing` of server/services/alerts.ts. Reports the
// time per listing and what an hour of 1,000 new listings costs.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { CATEGORY_KEYS, CONDITION_KEYS, WILAYA_KEYS } from '../common/reference-data.ts';
import type { Database } from '../db/client.ts';
import { createAlertService } from '../server/services/alerts.ts';
import { createJobQueue } from '../server/services/jobs/queue.ts';
import type { Mailer } from '../server/services/mail/mailer.ts';
import { searchWords, textQuery } from '../server/services/search.ts';
import { random } from './fill.ts';
import { NOUNS } from './vocabulary.ts';

const MEMBERS = 5000;

export async function benchAlerts(database: Database, log: (line?: string) => void, options: { savedSearches: number; listings: number }) {
  const { db } = database;
  const rand = random(15);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  await db.execute(sql`truncate saved_searches, alert_matches`);
  const members = Array.from({ length: MEMBERS }, () => randomUUID());
  await db.execute(sql`
    insert into users (id, name, email, password_hash, is_verified)
    select id, 'Alert member ' || n, 'alerts' || n || '-' || ${randomUUID().slice(0, 8)} || '@bench.ecosouk.dz', 'not-a-hash', true
    from unnest(${sql.param(members)}::uuid[]) with ordinality as s(id, n)`);

  // Words people search for: the vocabulary of the listings, in the three languages.
  const words = Object.values(NOUNS).flatMap((w) => [...w.ar, ...w.fr, ...w.en]);
  const started = Date.now();
  const BATCH = 2000;
  for (let done = 0; done < options.savedSearches; done += BATCH) {
    const size = Math.min(BATCH, options.savedSearches - done);
    const rows: SQLRow[] = [];
    for (let i = 0; i < size; i++) {
      const r = rand();
      // 35 % category + wilaya, 20 % category, 20 % words, 15 % words + wilaya, 5 % category + price,
      // 5 % words + category. None without a filter: a search must narrow something to be saved
      // (hasSearchFilter in common/saved-search.ts).
      const category = r < 0.55 || r >= 0.9 ? pick(CATEGORY_KEYS) : '';
      const address = r < 0.35 || (r >= 0.75 && r < 0.9) ? pick(WILAYA_KEYS) : '';
      const text = (r >= 0.55 && r < 0.9) || r >= 0.95 ? pick(words) : null;
      const price = r >= 0.9 && r < 0.95 ? { min: 1000 * Math.floor(rand() * 50), max: 100_000 + 1000 * Math.floor(rand() * 900) } : null;
      rows.push({ member: members[(done + i) % MEMBERS]!, category, address, condition: rand() < 0.1 ? pick(CONDITION_KEYS) : '', text, price, alert: rand() < 0.6 ? 'instant' : 'daily' });
    }
    await db.execute(sql`
      insert into saved_searches (user_id, query, alert, match_category, match_address, match_condition, match_min_price, match_max_price, match_text, unsubscribe_key)
      values ${sql.join(
        rows.map(
          (row) =>
            sql`(${row.member}, '{}'::jsonb, ${row.alert}, ${row.category}, ${row.address}, ${row.condition}, ${row.price?.min ?? null}, ${row.price?.max ?? null}, ${row.text ? textQuery(searchWords(row.text)) : null}, 'bench')`,
        ),
        sql`, `,
      )}`);
  }
  await db.execute(sql`analyze saved_searches`);
  log(`${options.savedSearches} saved searches with an alert written in ${Math.round((Date.now() - started) / 1000)} s.`);

  const quiet = pino({ level: 'silent' });
  const mailer: Mailer = { send: async () => {} };
  const alerts = createAlertService({ db, jobs: createJobQueue({ db, log: quiet }), mailer, publicUrl: 'http://localhost' });
  const sample = (await db.execute(sql`select id from products where status = 'active' order by random() limit ${options.listings}`)) as unknown as { rows: { id: string }[] };
  const ids = sample.rows.map((r) => r.id);
  const times: number[] = [];
  let matches = 0;
  for (const id of ids) {
    const t0 = performance.now();
    matches += (await alerts.matchListing(id)).length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  const result = {
    listings: ids.length,
    'saved searches': options.savedSearches,
    'matches found': matches,
    'matches per listing': Math.round(matches / Math.max(1, ids.length)),
    'per listing mean ms': (total / Math.max(1, ids.length)).toFixed(2),
    'p50 ms': at(0.5).toFixed(2),
    'p95 ms': at(0.95).toFixed(2),
    'max ms': at(1 - 1e-9).toFixed(2),
    'total s (1,000 new listings = an hour of them)': ((total / ids.length) * 1000 / 1000).toFixed(2),
  };
  console.table([result]);
  return result;
}

interface SQLRow {
  member: string;
  category: string;
  address: string;
  condition: string;
  text: string | null;
  price: { min: number; max: number } | null;
  alert: 'instant' | 'daily';
}
