// The in-memory search index (server/services/search-index.ts) against the rules written out the
// slow way: filter every listing, sort by the search's order with PostgreSQL's ties (the id's
// bytes), cap the count, cut the page. Random listings with few distinct values, so that dates and
// prices tie; random changes (updates, removals, bans) between the searches, past a compaction.
// Listings hold a few lexemes from a small vocabulary, and a third of the searches have words: a
// random tree of lexemes and prefixes (what text-query.ts reads from PostgreSQL's tsquery).
import { describe, expect, it } from 'vitest';
import { PRODUCTS_PAGE_SIZE } from '../common/constants.ts';
import { COUNT_CAP, searchParamsSchema, type SearchParams } from '../common/schemas/search.ts';
import { indexAnswers, SearchIndex, type IndexedListing } from '../server/services/search-index.ts';
import { matchesLexemes, parseTsquery, type TextQuery } from '../server/services/text-query.ts';

/** A small deterministic generator (mulberry32): the same listings and searches every run. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  return { next, pick, int: (n: number) => Math.floor(next() * n) };
}

const NOW_US = 1_800_000_000_000_000;
const CATEGORIES = ['automobile', 'electronics', 'furniture-home'];
const ADDRESSES = ['alger', 'oran', 'setif', 'illizi'];
const COMMUNES = [null, 'alger.bab-ezzouar', 'alger.hydra'];
const CONDITIONS = ['new', 'good', 'fair'];
const PRICE_TYPES = ['fixed', 'negotiable', 'free'];
const SELLERS = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003'];
const PRICES = [0, 500, 1000, 1000, 2500, 10_000, 45_000, 1_650_000];
// Lexemes that start one another (prefixes), in Latin and Arabic letters.
const LEXEMES = ['tel', 'telephon', 'telephone', 'velo', 'vel', 'phone', 'phones', 'car', 'cart', 'سيار', 'سيارة', 'دراج', 'دراجة', 'a', 'ab', 'abc', '2020'];

function uuid(r: ReturnType<typeof random>): string {
  const hex = Array.from({ length: 32 }, () => r.int(16).toString(16)).join('');
  // Some ids share their first bytes: the ties on the date go past the first word.
  const shared = r.next() < 0.3 ? 'ffffffff' + hex.slice(8) : hex;
  return `${shared.slice(0, 8)}-${shared.slice(8, 12)}-${shared.slice(12, 16)}-${shared.slice(16, 20)}-${shared.slice(20)}`;
}

function listingAt(r: ReturnType<typeof random>, ref: number): IndexedListing {
  return {
    ref,
    id: uuid(r),
    // Few distinct instants: many listings share one, as bulk imports do.
    createdUs: NOW_US - r.int(40) * 1_000_000,
    expiresUs: r.next() < 0.1 ? NOW_US - 1 : NOW_US + r.int(10) * 1_000_000,
    price: r.pick(PRICES),
    category: r.pick(CATEGORIES),
    address: r.pick(ADDRESSES),
    commune: r.pick(COMMUNES),
    condition: r.pick(CONDITIONS),
    priceType: r.pick(PRICE_TYPES),
    exchange: r.next() < 0.3,
    userId: r.pick(SELLERS),
    lexemes: [...new Set(Array.from({ length: r.int(5) }, () => r.pick(LEXEMES)))],
  };
}

/** A random query: a lexeme or a prefix, or an and / or of two or three such parts. */
function randomText(r: ReturnType<typeof random>, depth = 0): TextQuery {
  const roll = r.next();
  if (depth >= 2 || roll < 0.5) return { kind: 'lexeme', lexeme: r.pick([...LEXEMES, 't', 'ph', 'سي', 'zzz']), prefix: r.next() < 0.5 };
  return { kind: roll < 0.75 ? 'or' : 'and', parts: Array.from({ length: 2 + r.int(2) }, () => randomText(r, depth + 1)) };
}

/** The search the slow way: what services/search.ts asks PostgreSQL for. */
function expected(listings: Map<number, IndexedListing>, banned: Set<string>, params: SearchParams, text?: TextQuery): { refs: number[]; n: number } {
  const min = params.minPrice === undefined ? -Infinity : Math.ceil(params.minPrice);
  const max = params.maxPrice === undefined ? Infinity : Math.floor(params.maxPrice);
  const matches = [...listings.values()].filter(
    (l) =>
      l.expiresUs > NOW_US &&
      !banned.has(l.userId) &&
      (params.category === undefined || l.category === params.category) &&
      (params.address === undefined || l.address === params.address) &&
      (params.commune === undefined || l.commune === params.commune) &&
      (params.seller === undefined || l.userId === params.seller) &&
      (params.condition === undefined || l.condition === params.condition) &&
      (params.priceType === undefined || l.priceType === params.priceType) &&
      (!params.exchange || l.exchange) &&
      l.price >= min &&
      l.price <= max &&
      (text === undefined || matchesLexemes(text, new Set(l.lexemes))),
  );
  const byId = (a: IndexedListing, b: IndexedListing) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const order: Record<SearchParams['sortBy'], (a: IndexedListing, b: IndexedListing) => number> = {
    date_desc: (a, b) => b.createdUs - a.createdUs || byId(b, a),
    date_asc: (a, b) => a.createdUs - b.createdUs || byId(a, b),
    price_asc: (a, b) => a.price - b.price || byId(a, b),
    price_desc: (a, b) => b.price - a.price || byId(b, a),
  };
  matches.sort(order[params.sortBy]);
  const n = Math.min(matches.length, COUNT_CAP + 1);
  const offset = (params.currentPage - 1) * PRODUCTS_PAGE_SIZE;
  return { refs: n > offset ? matches.slice(offset, offset + PRODUCTS_PAGE_SIZE).map((l) => l.ref) : [], n };
}

function randomParams(r: ReturnType<typeof random>): SearchParams {
  const raw: Record<string, string> = { sortBy: r.pick(['date_desc', 'date_asc', 'price_asc', 'price_desc']) };
  if (r.next() < 0.5) raw.category = r.pick(CATEGORIES);
  if (r.next() < 0.4) raw.address = r.pick(ADDRESSES);
  if (raw.address && r.next() < 0.3) raw.commune = r.pick(COMMUNES.filter((c) => c !== null));
  if (r.next() < 0.2) raw.condition = r.pick(CONDITIONS);
  if (r.next() < 0.2) raw.priceType = r.pick(PRICE_TYPES);
  if (r.next() < 0.15) raw.exchange = 'true';
  if (r.next() < 0.15) raw.seller = r.pick(SELLERS);
  if (r.next() < 0.4) raw.minPrice = String(r.pick([0, 1, 999.5, 1000, 2500, 45_000]));
  if (r.next() < 0.4) raw.maxPrice = String(r.pick([0, 1000, 1000.5, 10_000, 2_000_000]));
  // Pages past the count and past the cap too.
  raw.currentPage = String(r.pick([1, 1, 2, 3, 50, 99, 100, 101]));
  const parsed = searchParamsSchema.safeParse(raw);
  return parsed.success ? parsed.data : searchParamsSchema.parse({ sortBy: raw.sortBy });
}

describe('the in-memory search index', () => {
  it('answers searches without category details only', () => {
    expect(indexAnswers(searchParamsSchema.parse({ category: 'automobile', minPrice: '10' }))).toBe(true);
    expect(indexAnswers(searchParamsSchema.parse({ title: 'vélo' }))).toBe(true);
    expect(indexAnswers(searchParamsSchema.parse({ category: 'automobile', 'attr.year.min': '2015' }))).toBe(false);
  });

  it('walks the price list with a common word marked, and gives the same pages as the rules', () => {
    // Words most listings hold, at more listings than the cap: by price, the price list is walked
    // with the words' listings marked (a rare word reads its listings into a heap instead).
    const r = random(7);
    const index = new SearchIndex();
    const listings = new Map<number, IndexedListing>();
    const loaded = Array.from({ length: 7000 }, (_, i) => {
      const listing = listingAt(r, i + 1);
      const lexemes = [...listing.lexemes, ...(r.next() < 0.9 ? ['common'] : []), ...(r.next() < 0.9 ? ['often'] : [])];
      return { ...listing, lexemes };
    }).sort((a, b) => a.createdUs - b.createdUs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const listing of loaded) {
      listings.set(listing.ref, listing);
      index.put(listing, true);
    }
    index.loaded();
    const common: TextQuery = { kind: 'lexeme', lexeme: 'common', prefix: false };
    const often: TextQuery = { kind: 'lexeme', lexeme: 'often', prefix: false };
    const texts: TextQuery[] = [common, { kind: 'and', parts: [common, often] }, { kind: 'and', parts: [common, { kind: 'lexeme', lexeme: 'te', prefix: true }] }, { kind: 'or', parts: [common, { kind: 'lexeme', lexeme: 'car', prefix: false }] }];
    for (let i = 0; i < 60; i++) {
      const params = { ...randomParams(r), sortBy: r.pick(['price_asc', 'price_desc'] as const) };
      const text = r.pick(texts);
      expect({ params, text, ...index.search(params, NOW_US, text) }).toEqual({ params, text, ...expected(listings, new Set(), params, text) });
    }
  });

  it("reads PostgreSQL's tsquery output into lexemes and prefixes, and nothing a set of lexemes cannot answer", () => {
    expect(parseTsquery("'velo':* | 'vel'")).toEqual({ kind: 'or', parts: [{ kind: 'lexeme', lexeme: 'velo', prefix: true }, { kind: 'lexeme', lexeme: 'vel', prefix: false }] });
    expect(parseTsquery("( 'a' | 'b' ) & 'c':* & ( 'd' | ( 'e' | 'f' ) )")).toEqual({
      kind: 'and',
      parts: [
        { kind: 'or', parts: [{ kind: 'lexeme', lexeme: 'a', prefix: false }, { kind: 'lexeme', lexeme: 'b', prefix: false }] },
        { kind: 'lexeme', lexeme: 'c', prefix: true },
        { kind: 'or', parts: ['d', 'e', 'f'].map((lexeme) => ({ kind: 'lexeme', lexeme, prefix: false })) },
      ],
    });
    expect(parseTsquery("'it''s' | 'a\\\\b'")).toEqual({ kind: 'or', parts: [{ kind: 'lexeme', lexeme: "it's", prefix: false }, { kind: 'lexeme', lexeme: 'a\\b', prefix: false }] });
    // Nothing, a NOT, phrases and weights: the database answers.
    for (const text of ['', ' ', "!'a'", "'a' & !'b'", "'wi' <-> 'fi'", "( 'wi' <2> 'fi' ) | 'x'", "'a':A", "'a':*B", "'a' 'b'", "'a' &", "( 'a'"]) expect(parseTsquery(text), text).toBeNull();
  });

  it('gives the pages of a category in a wilaya by date within a price range after a load in any order', () => {
    // The category x wilaya lists keep each slot's price beside it (a walk by date skips the slots
    // out of range without reading their records); a load sorts its lists once at the end.
    const r = random(7);
    const index = new SearchIndex();
    const listings = new Map<number, IndexedListing>();
    for (let ref = 1; ref <= 3000; ref++) {
      const listing = { ...listingAt(r, ref), price: r.int(50_000) };
      listings.set(ref, listing);
      index.put(listing, true);
    }
    index.loaded();
    let nonEmpty = 0;
    for (let i = 0; i < 200; i++) {
      const raw = { category: r.pick(CATEGORIES), address: r.pick(ADDRESSES), minPrice: String(r.int(20_000)), maxPrice: String(20_000 + r.int(30_000)), sortBy: r.pick(['date_desc', 'date_asc']), currentPage: String(r.pick([1, 2, 5])) };
      const params = searchParamsSchema.parse(raw);
      const want = expected(listings, new Set(), params);
      if (want.refs.length > 0) nonEmpty += 1;
      expect({ raw, ...index.search(params, NOW_US) }).toEqual({ raw, ...want });
    }
    expect(nonEmpty).toBeGreaterThan(150);
  });

  it('gives the pages and capped counts of the rules, through loads, changes, bans and compactions', () => {
    const r = random(18);
    const index = new SearchIndex();
    const listings = new Map<number, IndexedListing>();
    const banned = new Set<string>();
    let ref = 1;
    // A load: more than the cap, so that counts are capped and pages past it are asked for; oldest
    // first, as the feed loads (then the changes put listings out of date order).
    const loaded: IndexedListing[] = [];
    for (; ref <= 2600; ref++) loaded.push(listingAt(r, ref));
    loaded.sort((a, b) => a.createdUs - b.createdUs || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const listing of loaded) {
      listings.set(listing.ref, listing);
      index.put(listing, true);
    }
    expect(index.outOfOrder).toBe(0);
    index.loaded();
    let searches = 0;
    let nonEmpty = 0;
    let capped = 0;
    let worded = 0;
    const check = () => {
      for (let i = 0; i < 60; i++) {
        const params = randomParams(r);
        const text = r.next() < 0.35 ? randomText(r) : undefined;
        const want = expected(listings, banned, params, text);
        expect({ params, text, ...index.search(params, NOW_US, text) }).toEqual({ params, text, ...want });
        if (text && want.n > 0) worded += 1;
        searches += 1;
        if (want.refs.length > 0) nonEmpty += 1;
        if (want.n > COUNT_CAP) capped += 1;
      }
    };
    check();
    for (let round = 0; round < 12; round++) {
      // New listings, changed ones (their order fields too), removed ones, bans lifted and given.
      for (let k = 0; k < 150; k++) {
        const roll = r.next();
        if (roll < 0.35) {
          const listing = listingAt(r, ref++);
          listings.set(listing.ref, listing);
          index.put(listing);
        } else if (roll < 0.7) {
          const target = r.int(ref - 1) + 1;
          if (!listings.has(target)) continue;
          const changed = { ...listingAt(r, target), id: listings.get(target)!.id };
          listings.set(target, changed);
          index.put(changed);
        } else {
          const target = r.int(ref - 1) + 1;
          listings.delete(target);
          index.remove(target);
        }
      }
      const seller = r.pick(SELLERS);
      if (r.next() < 0.5) banned.add(seller);
      else banned.delete(seller);
      index.setBanned(seller, banned.has(seller));
      expect(index.size).toBe(listings.size);
      check();
    }
    expect(index.outOfOrder).toBeGreaterThan(100);
    // Every kind of answer came up: pages, empty pages, capped counts.
    expect(searches).toBe(780);
    expect(nonEmpty).toBeGreaterThan(300);
    expect(capped).toBeGreaterThan(20);
    expect(worded).toBeGreaterThan(100);
  });
});
