// The price bands exist twice: in SQL (migration 0021 ecosouk_price_band), which files each
// listing's count under its price's band, and in TypeScript (priceBandsWithin), which picks the
// bands a search's price range holds whole and adds up their counts. If the two drift apart, a
// capped count adds listings outside the range, or leaves out a band it could have read: so they
// are compared here at every price where a band starts or ends, on the engine under test.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_MAX } from '../../common/constants.ts';
import type { Database } from '../../db/client.ts';
import { priceBandsWithin } from '../../server/services/search.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

/** Where bands may start or end (1, 2 … 9, 10, 20 … 2,000,000,000), each with its neighbours. */
function edgePrices(): number[] {
  const prices = new Set([INT_MIN, INT_MIN + 1, -1, 0, 1, 2, 12_500, PRICE_MAX - 1, PRICE_MAX, PRICE_MAX + 1, 1_999_999_999, INT_MAX - 1, INT_MAX]);
  for (let digits = 1; digits <= 10; digits++) {
    for (let lead = 1; lead <= 10; lead++) {
      const edge = lead * 10 ** (digits - 1);
      for (const p of [edge - 1, edge, edge + 1]) if (p <= INT_MAX) prices.add(p);
    }
  }
  return [...prices].sort((a, b) => a - b);
}

let database: Database;
/** Price -> its band, as PostgreSQL computes it. */
let bandOf: Map<number, number>;
const prices = edgePrices();

beforeAll(async () => {
  database = await openTestDatabase('price_bands');
  const result = (await database.db.execute(sql`
    select p as price, ecosouk_price_band(p) as band
    from unnest(${`{${prices.join(',')}}`}::int[]) as p`)) as unknown as { rows: { price: number; band: number }[] };
  bandOf = new Map(result.rows.map((r) => [Number(r.price), Number(r.band)]));
});
afterAll(async () => {
  await database?.close();
});

/**
 * The bands whose every price is within min..max, by PostgreSQL's band of each edge price: a band
 * is an interval of prices, so its lowest and highest prices are among the edges.
 */
function wholeBandsBySql(min: number | undefined, max: number | undefined): number[] {
  return [...sqlBands()]
    .filter(([, { lowest, highest }]) => (min === undefined || lowest >= min) && (max === undefined || highest <= max))
    .map(([band]) => band)
    .sort((a, b) => a - b);
}

let spans: Map<number, { lowest: number; highest: number }> | undefined;
function sqlBands() {
  if (spans) return spans;
  spans = new Map();
  for (const p of prices) {
    const band = bandOf.get(p)!;
    const span = spans.get(band);
    spans.set(band, { lowest: Math.min(span?.lowest ?? p, p), highest: Math.max(span?.highest ?? p, p) });
  }
  return spans;
}

describe('the price bands of SQL and of TypeScript', () => {
  it('PostgreSQL gave a band to every edge price, bands growing with the price', () => {
    expect(bandOf.size).toBe(prices.length);
    // Bands are intervals: a price never falls back into a lower band than a smaller price's.
    const bands = prices.map((p) => bandOf.get(p)!);
    expect(bands).toEqual([...bands].sort((a, b) => a - b));
    // Spot checks of the rule itself (the number of digits, then the leading digit).
    expect([0, 1, 9, 10, 12_500, PRICE_MAX, INT_MAX].map((p) => bandOf.get(p))).toEqual([0, 11, 19, 21, 51, 101, 102]);
  });

  it('agree on which bands a price range holds whole, for every range between edge prices', () => {
    // What a search may ask: no bound, or a bound from 0 to PRICE_MAX, whole or not.
    const bounds = [undefined, ...prices.filter((p) => p >= 0 && p <= PRICE_MAX).flatMap((p) => [p, p + 0.5])].filter((b) => b === undefined || b <= PRICE_MAX);
    let compared = 0;
    for (const min of bounds) {
      for (const max of bounds) {
        if (min !== undefined && max !== undefined && min > max) continue;
        const byTs = [...priceBandsWithin(min, max)].sort((a, b) => a - b);
        const bySql = wholeBandsBySql(min, max);
        if (byTs.length !== bySql.length || byTs.some((b, i) => b !== bySql[i])) {
          expect(byTs, `bands within ${min}..${max}`).toEqual(bySql);
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(10_000);
  });
});
