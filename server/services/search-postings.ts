// Which listings (index slots) hold each lexeme of the text index (decision 0046): the words of a
// search are answered from here, in memory, instead of PostgreSQL's GIN index.
//
// At a million listings there are some eighteen million (lexeme, listing) pairs. Kept as one
// array per lexeme they would cost an object and a buffer each, for vocabularies of hundreds of
// thousands of words; so the pairs a load brings are laid out once, lexeme after lexeme, each
// lexeme's slots ascending (`slots`, from `start[n]` to `start[n + 1]`). A listing published or
// edited later adds its slots to small per-lexeme lists (`added`). A listing that leaves is not
// looked for: its slot is dead, and the search checks the slot. A compaction lays everything out
// again without the dead slots, before they are reused.
import type { TextQuery } from './text-query.ts';

const growInt32 = (array: Int32Array, length: number): Int32Array<ArrayBuffer> => {
  const bigger = new Int32Array(length);
  bigger.set(array);
  return bigger;
};

const EMPTY: Int32Array = new Int32Array(0);

export class Postings {
  private readonly numbers = new Map<string, number>();
  private readonly values: string[] = [];
  /** Every lexeme's number, ordered by the lexeme (code units: a prefix's lexemes are next to each other). */
  private byValue: number[] = [];
  /** Laid out: lexeme n's slots are slots[start[n]..start[n + 1]), ascending. Lexemes numbered since have none here. */
  private start = new Int32Array(1);
  private slots: Int32Array = EMPTY;
  /** Slots added since the layout, per lexeme, ascending. */
  private readonly added = new Map<number, number[]>();
  /** A load's pairs, listing after listing, until layOut(): the slots, where each one's lexemes end, and the lexemes. */
  private staged: { slots: Int32Array; ends: Int32Array; listings: number; lexemes: Int32Array; pairs: number } = { slots: new Int32Array(1024), ends: new Int32Array(1024), listings: 0, lexemes: new Int32Array(16_384), pairs: 0 };
  private loading = false;

  /** How many (lexeme, listing) pairs it holds, dead slots included until a compaction. */
  get pairs(): number {
    let n = this.slots.length;
    for (const list of this.added.values()) n += list.length;
    return n;
  }

  private number(lexeme: string): number {
    let n = this.numbers.get(lexeme);
    if (n !== undefined) return n;
    n = this.values.length;
    this.values.push(lexeme);
    this.numbers.set(lexeme, n);
    // In a load, ordered once at the end (layOut); after, put in its place.
    if (!this.loading) this.byValue.splice(this.firstAtLeast(lexeme), 0, n);
    return n;
  }

  /** The position in byValue of the first lexeme not before `value`. */
  private firstAtLeast(value: string): number {
    let lo = 0;
    let hi = this.byValue.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.values[this.byValue[mid]!]! < value) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Files a listing's lexemes under its slot. `loading`: kept aside for layOut(), which a load
   * calls once at its end.
   */
  add(slot: number, lexemes: readonly string[], loading = false): void {
    if (loading) {
      this.loading = true;
      const s = this.staged;
      if (s.listings === s.slots.length) {
        s.slots = growInt32(s.slots, s.slots.length * 2);
        s.ends = growInt32(s.ends, s.ends.length * 2);
      }
      if (s.pairs + lexemes.length > s.lexemes.length) s.lexemes = growInt32(s.lexemes, Math.max(s.lexemes.length * 2, s.pairs + lexemes.length));
      for (const lexeme of lexemes) s.lexemes[s.pairs++] = this.number(lexeme);
      s.slots[s.listings] = slot;
      s.ends[s.listings++] = s.pairs;
      return;
    }
    for (const lexeme of lexemes) {
      const n = this.number(lexeme);
      let list = this.added.get(n);
      if (!list) {
        list = [];
        this.added.set(n, list);
      }
      // New slots are usually the highest; a reused one goes in its place.
      let at = list.length;
      while (at > 0 && list[at - 1]! > slot) at--;
      list.splice(at, 0, slot);
    }
  }

  /** Sizes a load's arrays for this many listings and (lexeme, listing) pairs, so that it copies none of them. */
  reserve(listings: number, pairs: number): void {
    const s = this.staged;
    if (listings > s.slots.length) {
      s.slots = growInt32(s.slots, listings);
      s.ends = growInt32(s.ends, listings);
    }
    if (pairs > s.lexemes.length) s.lexemes = growInt32(s.lexemes, pairs);
  }

  /**
   * Lays every pair out again (after a load, or to drop dead slots: `keep`), each lexeme's slots
   * ascending: counted first, so that the array is allocated once at its size.
   */
  layOut(keep: (slot: number) => boolean = () => true): void {
    const lexemeCount = this.values.length;
    const counts = new Int32Array(lexemeCount + 1);
    const laid = this.start.length - 1;
    for (let n = 0; n < laid; n++) for (let i = this.start[n]!; i < this.start[n + 1]!; i++) if (keep(this.slots[i]!)) counts[n]! += 1;
    for (const [n, list] of this.added) for (const slot of list) if (keep(slot)) counts[n]! += 1;
    const s = this.staged;
    for (let l = 0, from = 0; l < s.listings; from = s.ends[l++]!) if (keep(s.slots[l]!)) for (let i = from; i < s.ends[l]!; i++) counts[s.lexemes[i]!]! += 1;
    const start = new Int32Array(lexemeCount + 1);
    for (let n = 0; n < lexemeCount; n++) start[n + 1] = start[n]! + counts[n]!;
    const slots = new Int32Array(start[lexemeCount]!);
    const fill = start.slice(0, lexemeCount);
    for (let n = 0; n < laid; n++) for (let i = this.start[n]!; i < this.start[n + 1]!; i++) if (keep(this.slots[i]!)) slots[fill[n]!++] = this.slots[i]!;
    for (const [n, list] of this.added) for (const slot of list) if (keep(slot)) slots[fill[n]!++] = slot;
    for (let l = 0, from = 0; l < s.listings; from = s.ends[l++]!) {
      const slot = s.slots[l]!;
      if (keep(slot)) for (let i = from; i < s.ends[l]!; i++) slots[fill[s.lexemes[i]!]!++] = slot;
    }
    // Each source was ascending, but not one after the other: order each lexeme's slots where needed.
    for (let n = 0; n < lexemeCount; n++) {
      for (let i = start[n]! + 1; i < start[n + 1]!; i++) {
        if (slots[i - 1]! > slots[i]!) {
          slots.subarray(start[n]!, start[n + 1]!).sort();
          break;
        }
      }
    }
    this.start = start;
    this.slots = slots;
    this.added.clear();
    this.staged = { slots: new Int32Array(0), ends: new Int32Array(0), listings: 0, lexemes: new Int32Array(0), pairs: 0 };
    if (this.loading) {
      this.loading = false;
      this.byValue = this.values.map((_, n) => n).sort((a, b) => (this.values[a]! < this.values[b]! ? -1 : this.values[a]! > this.values[b]! ? 1 : 0));
    }
  }

  /** The slots of one lexeme, ascending (a view when nothing was added since the layout). */
  private of(n: number): Int32Array {
    const laid = n < this.start.length - 1 ? this.slots.subarray(this.start[n]!, this.start[n + 1]!) : EMPTY;
    const added = this.added.get(n);
    if (!added || added.length === 0) return laid;
    return union([laid, Int32Array.from(added)]);
  }

  /** The slots holding a lexeme that matches the leaf: the lexeme, or any lexeme it starts. */
  private leaf(lexeme: string, prefix: boolean): Int32Array {
    if (!prefix) {
      const n = this.numbers.get(lexeme);
      return n === undefined ? EMPTY : this.of(n);
    }
    const lists: Int32Array[] = [];
    for (let i = this.firstAtLeast(lexeme); i < this.byValue.length; i++) {
      const n = this.byValue[i]!;
      if (!this.values[n]!.startsWith(lexeme)) break;
      lists.push(this.of(n));
    }
    return union(lists);
  }

  /** The slots whose lexemes satisfy the query (matchesLexemes), ascending; dead slots included. */
  find(query: TextQuery): Int32Array {
    if (query.kind === 'lexeme') return this.leaf(query.lexeme, query.prefix);
    const parts = query.parts.map((part) => this.find(part));
    if (query.kind === 'or') return union(parts);
    parts.sort((a, b) => a.length - b.length);
    let result = parts[0]!;
    for (let i = 1; i < parts.length && result.length > 0; i++) result = intersection(result, parts[i]!);
    return result;
  }
}

/** The slots in any of the ascending lists, ascending, each once. */
function union(lists: Int32Array[]): Int32Array {
  const nonEmpty = lists.filter((list) => list.length > 0);
  if (nonEmpty.length === 0) return EMPTY;
  if (nonEmpty.length === 1) return nonEmpty[0]!;
  let total = 0;
  for (const list of nonEmpty) total += list.length;
  const all = new Int32Array(total);
  let at = 0;
  for (const list of nonEmpty) {
    all.set(list, at);
    at += list.length;
  }
  all.sort();
  let to = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[to++] = all[i]!;
  return all.subarray(0, to);
}

/** The slots in both ascending lists: each of the shorter looked for in the longer, by galloping from where the last was found. */
function intersection(short: Int32Array, long: Int32Array): Int32Array {
  const out = new Int32Array(short.length);
  let to = 0;
  let from = 0;
  for (let i = 0; i < short.length && from < long.length; i++) {
    const slot = short[i]!;
    let step = 1;
    let hi = from;
    while (hi < long.length && long[hi]! < slot) {
      from = hi + 1;
      hi += step;
      step *= 2;
    }
    hi = Math.min(hi, long.length);
    let lo = from;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (long[mid]! < slot) lo = mid + 1;
      else hi = mid;
    }
    from = lo;
    if (from < long.length && long[from] === slot) out[to++] = slot;
  }
  return out.subarray(0, to);
}
