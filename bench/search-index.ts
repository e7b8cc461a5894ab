// The in-memory search index on its own (decisions 0045, 0046), in this process: how long a load
// of DATABASE_URL's listings takes, what it holds and costs in memory, and how long one search
// of each shape takes in it, words included (each word's query read from PostgreSQL first, as
// the search service does once per word). The HTTP figures, with the page's rows read and the
// answer sent, are bench/run.ts's.
//
//   DATABASE_URL=postgres://… node --expose-gc bench/search-index.ts [--rounds 200] [--by-word]
//
// --by-word: the median of each word's searches too, per shape.
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { CATEGORY_KEYS } from '../common/reference-data.ts';
import { searchParamsSchema } from '../common/schemas/search.ts';
import { openDatabase } from '../db/client.ts';
import { createSearchIndexFeed } from '../server/services/search-index-feed.ts';
import { searchWords, wordQuery } from '../server/services/search.ts';
import { allOf, parseTsquery, type TextQuery } from '../server/services/text-query.ts';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '200' }, 'by-word': { type: 'boolean', default: false } } });
const rounds = Number(args.rounds);
const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the PostgreSQL database to load (e.g. one bench/run.ts filled)');

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => Math.round(bytes / 1e6);
// Dead array buffers are freed by a sweep that runs after the collection, on another thread: a
// pause and a second collection let it finish before the figures are read.
const memory = async () => {
  gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  gc?.();
  const m = process.memoryUsage();
  return { rss: mb(m.rss), heap: mb(m.heapUsed), buffers: mb(m.arrayBuffers) };
};

const database = await openDatabase({ url });
const before = await memory();
const feed = createSearchIndexFeed({ db: database.db, log: pino({ level: 'silent' }) });
const started = performance.now();
await feed.start();
const loadMs = performance.now() - started;
const index = feed.current();
if (!index) throw new Error('the index did not load');
const after = await memory();
console.log(`Loaded ${index.size} listings and ${index.lexemePairs} (lexeme, listing) pairs in ${(loadMs / 1000).toFixed(1)} s; the pairs take ${mb(index.postingBytes)} MB.`);
console.log(`Memory: RSS ${before.rss} → ${after.rss} MB, V8 heap ${before.heap} → ${after.heap} MB, array buffers ${before.buffers} → ${after.buffers} MB (after a collection).`);

// The words of bench/run.ts's uncached text search, and two of them together.
const WORDS = ['سيارة', 'هاتف', 'شقة', 'كتاب', 'دراجة', 'vélo', 'telephone', 'appartement', 'canapé', 'livre', 'bicycle', 'phone', 'sofa', 'solar panel', 'honey', 'car', 'vélo occasion'];
const queries = new Map<string, TextQuery | null>();
for (const title of WORDS) {
  const words = searchWords(title);
  const parts: (TextQuery | null)[] = [];
  for (const [i, word] of words.entries()) {
    const rows = (await database.db.execute(sql`select (${wordQuery(word, i === words.length - 1)})::text as q`)) as unknown as { rows: { q: string }[] };
    parts.push(parseTsquery(rows.rows[0]!.q));
  }
  queries.set(title, parts.every((p) => p !== null) ? allOf(parts as TextQuery[]) : null);
}

const nowUs = Date.now() * 1000;
const shapes: { name: string; params: (n: number) => Record<string, string> }[] = [
  { name: 'words alone', params: (n) => ({ title: WORDS[n % WORDS.length]! }) },
  { name: 'words, cheapest first', params: (n) => ({ title: WORDS[n % WORDS.length]!, sortBy: 'price_asc' }) },
  { name: 'words in a wilaya, dearest first', params: (n) => ({ title: WORDS[n % WORDS.length]!, address: 'oran', sortBy: 'price_desc' }) },
  { name: 'words + wilaya + price', params: (n) => ({ title: WORDS[n % WORDS.length]!, address: 'alger', minPrice: '1000', maxPrice: String(200_000 + n) }) },
  { name: 'category + wilaya + price', params: (n) => ({ category: CATEGORY_KEYS[n % CATEGORY_KEYS.length]!, address: 'oran', minPrice: String(1000 + n), maxPrice: '200000' }) },
  { name: 'page 50-100', params: (n) => ({ currentPage: String(50 + (n % 51)) }) },
];
console.log(`\nOne search in the index (${rounds} per shape, µs):`);
for (const shape of shapes) {
  const times: number[] = [];
  const byWord = new Map<string, number[]>();
  let matches = 0;
  // Each shape once over before it is timed: the first calls compile.
  for (let n = 0; n < 2 * rounds; n++) {
    const timed = n >= rounds;
    const raw = shape.params(n);
    const text = raw.title === undefined ? undefined : queries.get(raw.title);
    if (text === null) continue;
    const params = searchParamsSchema.parse(raw);
    const t = performance.now();
    const answer = index.search(params, nowUs, text);
    if (!timed) continue;
    times.push((performance.now() - t) * 1000);
    if (raw.title !== undefined) byWord.set(raw.title, [...(byWord.get(raw.title) ?? []), times.at(-1)!]);
    matches += answer.n;
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]!);
  console.log(`  ${shape.name.padEnd(28)} p50 ${String(at(0.5)).padStart(6)}  p95 ${String(at(0.95)).padStart(6)}  max ${String(at(1)).padStart(6)}  (mean matches ${Math.round(matches / times.length)})`);
  if (args['by-word'] && byWord.size > 0) {
    const median = (list: number[]) => Math.round([...list].sort((a, b) => a - b)[list.length >> 1]!);
    console.log(`    ${[...byWord].map(([word, list]) => `${word} ${median(list)}`).join(', ')}`);
  }
}
await feed.close();
await database.close();
