// The packed slot lists (server/services/packed-slots.ts) and the posting lists built on them
// (search-postings.ts), against plain arrays: lists across several blocks, gaps of every width,
// read forwards, backwards, by lookup and by a walk of lookups in one direction; a load gathered
// in many runs, then additions and a compaction.
import { describe, expect, it } from 'vitest';
import { BLOCK, PackedLists } from '../server/services/packed-slots.ts';
import { Postings } from '../server/services/search-postings.ts';
import { grow } from '../server/services/typed-arrays.ts';

/** mulberry32: the same lists every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Ascending lists of the given lengths, their gaps of one to four bytes. */
function lists(lengths: number[], seed: number): number[][] {
  const next = random(seed);
  const widths = [1, 2, 100, 127, 128, 129, 16_384, 2_000_000, 200_000_000];
  return lengths.map((length) => {
    const list: number[] = [];
    let slot = Math.floor(next() * 50);
    for (let i = 0; i < length; i++) {
      list.push(slot);
      slot += 1 + Math.floor(next() * widths[Math.floor(next() * widths.length)]! * (next() < 0.5 ? 1 : 0.01));
      // Large gaps stay under 2^31 over the list.
      if (slot > 2 ** 30) slot = list[list.length - 1]! + 1;
    }
    return list;
  });
}

function pack(plain: number[][], hint = 16): PackedLists {
  const writer = PackedLists.writer(Int32Array.from(plain, (list) => list.length), hint);
  for (const list of plain) writer.write(list);
  return writer.finish();
}

const drain = (cursor: { slot: number; advance(): void }): number[] => {
  const slots: number[] = [];
  for (; cursor.slot >= 0; cursor.advance()) slots.push(cursor.slot);
  return slots;
};

describe('packed slot lists', () => {
  it('give back every list forwards, backwards and by lookup, across blocks and gap widths', () => {
    const lengths = [0, 1, 2, BLOCK - 1, BLOCK, BLOCK + 1, 2 * BLOCK, 3 * BLOCK + 7, 0, 1000, 5];
    // Gaps at each width's edge (a gap is the difference less one): 255 and 256, 65,535 and 65,536.
    const edges = [255, 256, 65_535, 65_536].map((gap) => [5, 5 + gap + 1, 5 + 2 * (gap + 1)]);
    const plain = [...lists(lengths, 7), ...edges];
    const packed = pack(plain);
    expect(packed.lists).toBe(plain.length);
    expect(packed.total).toBe(plain.reduce((sum, list) => sum + list.length, 0));
    const scratch = new Int32Array(BLOCK);
    const next = random(11);
    plain.forEach((list, n) => {
      expect(packed.length(n)).toBe(list.length);
      const visited: number[] = [];
      packed.forEach(n, (slots, count) => visited.push(...slots.subarray(0, count)));
      expect(visited).toEqual(list);
      expect(drain(packed.cursor(n, false))).toEqual(list);
      expect(drain(packed.cursor(n, true))).toEqual([...list].reverse());
      const held = new Set(list);
      for (const slot of list) expect(packed.has(n, slot, scratch)).toBe(true);
      // Around every slot, below the first, past the last, and anywhere.
      const probes = [-1, 0, ...list.flatMap((slot) => [slot - 1, slot + 1]), (list.at(-1) ?? 0) + 1000];
      for (let i = 0; i < 200; i++) probes.push(Math.floor(next() * ((list.at(-1) ?? 1000) + 10)));
      for (const slot of probes) expect(packed.has(n, slot, scratch)).toBe(held.has(slot));
      // Asked in one direction, some probes skipped: what a walk of another list asks.
      const ascending = [...new Set(probes)].sort((a, b) => a - b);
      for (const descending of [false, true]) {
        const seeker = packed.seeker(n, descending);
        for (const slot of descending ? [...ascending].reverse() : ascending) if (next() < 0.7) expect(seeker.has(slot)).toBe(held.has(slot));
      }
    });
    // A list past the last is empty.
    expect(packed.length(plain.length)).toBe(0);
    expect(packed.has(plain.length, 0, scratch)).toBe(false);
    expect(drain(packed.cursor(plain.length, true))).toEqual([]);
  });

  it('refuse a list out of order or of another length than counted', () => {
    expect(() => pack([[3, 2]])).toThrow(/ascending/);
    expect(() => pack([[3, 3]])).toThrow(/ascending/);
    const writer = PackedLists.writer(Int32Array.of(2), 4);
    expect(() => writer.write([1])).toThrow(/counted/);
  });

  it('give their memory back when released, but the shared empty lists', () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const bigger = grow(bytes, 8);
    expect([...bigger]).toEqual([1, 2, 3, 0, 0, 0, 0, 0]);
    // The smaller copy is detached: its memory is free now, not at the next full collection.
    expect(bytes.buffer.byteLength).toBe(0);
    const writer = PackedLists.writer(new Int32Array([2]), 1 << 16);
    writer.write([5, 9]);
    const packed = writer.finish();
    expect(packed.has(0, 9, new Int32Array(BLOCK))).toBe(true);
    packed.release();
    expect(packed.byteSize).toBe(0);
    PackedLists.EMPTY.release();
    expect(PackedLists.EMPTY.length(0)).toBe(0);
    expect(PackedLists.EMPTY.total).toBe(0);
  });

  it('hold the postings of a load gathered in many runs, then additions and a compaction', () => {
    const next = random(5);
    const vocabulary = Array.from({ length: 40 }, (_, i) => `w${i}`);
    const postings = new Postings(50);
    const model = new Map<string, Set<number>>();
    const lexemesOf = new Map<number, string[]>();
    const put = (slot: number, loading: boolean) => {
      // Skewed: a few lexemes in most listings, many rare ones.
      const lexemes = [...new Set(Array.from({ length: 1 + Math.floor(next() * 6) }, () => vocabulary[Math.floor(next() ** 3 * vocabulary.length)]!))];
      lexemesOf.set(slot, lexemes);
      for (const lexeme of lexemes) model.set(lexeme, (model.get(lexeme) ?? new Set()).add(slot));
      postings.add(slot, lexemes, loading);
    };
    const check = (alive: (slot: number) => boolean) => {
      for (const lexeme of vocabulary) {
        const want = [...(model.get(lexeme) ?? [])].filter(alive).sort((a, b) => a - b);
        const query = { kind: 'lexeme', lexeme, prefix: false } as const;
        const read = (descending: boolean) => {
          const stream = postings.stream(query, descending);
          const slots: number[] = [];
          for (let slot = stream.next(); slot >= 0; slot = stream.next()) if (alive(slot)) slots.push(slot);
          return slots;
        };
        expect(read(false)).toEqual(want);
        expect(read(true)).toEqual([...want].reverse());
        const holds = postings.lookup(query);
        for (const slot of lexemesOf.keys()) expect(holds(slot) && alive(slot)).toBe(want.includes(slot));
      }
    };
    postings.reserve(600, 600 * 3);
    for (let slot = 0; slot < 600; slot++) put(slot, true);
    postings.layOut();
    check(() => true);
    // Listings after the load, some in slots above, one put back in a low slot.
    for (let slot = 600; slot < 700; slot++) put(slot, false);
    check(() => true);
    // A compaction drops the dead slots, and reads each lexeme's laid and added slots together.
    const dead = new Set(Array.from({ length: 250 }, () => Math.floor(next() * 700)));
    const alive = (slot: number) => !dead.has(slot);
    postings.layOut(alive);
    expect(postings.pairs).toBe([...lexemesOf].filter(([slot]) => alive(slot)).reduce((sum, [, lexemes]) => sum + lexemes.length, 0));
    for (const slot of dead) {
      for (const lexeme of lexemesOf.get(slot)!) model.get(lexeme)!.delete(slot);
      lexemesOf.delete(slot);
    }
    check(() => true);
    // A reused slot below the others goes in its place.
    const reused = [...dead][0]!;
    put(reused, false);
    check(() => true);
    // Laid out again: the reused slot, added after higher ones, takes its place in order.
    postings.layOut();
    check(() => true);
  });
});
