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
        s.slots = growInt32(s.slots, Math.max(1024, s.slots.length * 2));
        s.ends = growInt32(s.ends, Math.max(1024, s.ends.length * 2));
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

  /** The lexeme numbers a leaf matches: the lexeme, or every lexeme it starts. */
  private lexemesOf(lexeme: string, prefix: boolean): number[] {
    if (!prefix) {
      const n = this.numbers.get(lexeme);
      return n === undefined ? [] : [n];
    }
    const found: number[] = [];
    for (let i = this.firstAtLeast(lexeme); i < this.byValue.length; i++) {
      const n = this.byValue[i]!;
      if (!this.values[n]!.startsWith(lexeme)) break;
      found.push(n);
    }
    return found;
  }

  /** One lexeme's slots, laid out and added since: each ascending, no slot in both. */
  private listsOf(n: number): SlotLists {
    return {
      laid: n < this.start.length - 1 ? this.slots.subarray(this.start[n]!, this.start[n + 1]!) : EMPTY,
      added: this.added.get(n) ?? NONE,
    };
  }

  /** Whether a slot's lexemes satisfy the query (matchesLexemes), its leaves' lexemes and lists found once for the many slots it is asked about. */
  lookup(query: TextQuery): (slot: number) => boolean {
    if (query.kind === 'lexeme') {
      const lists = this.lexemesOf(query.lexeme, query.prefix).map((n) => this.listsOf(n));
      return (slot) => lists.some(({ laid, added }) => has(laid, slot) || has(added, slot));
    }
    const parts = query.kind === 'and' || query.kind === 'or' ? query.parts.map((part) => this.lookup(part)) : [];
    return query.kind === 'and' ? (slot) => parts.every((part) => part(slot)) : (slot) => parts.some((part) => part(slot));
  }

  /**
   * The slots whose lexemes satisfy the query, one at a time, each once, from the highest slot
   * down (`descending`) or up; dead slots included. Read lazily: a search that stops at its page
   * and capped count reads a few thousand of a common word's hundred thousand.
   */
  stream(query: TextQuery, descending: boolean): SlotStream {
    if (query.kind === 'lexeme') {
      const lexemes = this.lexemesOf(query.lexeme, query.prefix);
      if (lexemes.length > MERGED_LEXEMES_MAX) return arrayStream(this.collect(lexemes), descending);
      return new MergedLists(lexemes.map((n) => this.listsOf(n)), descending);
    }
    if (query.kind === 'or') {
      // An or of lexemes (a word: itself, its stems) reads their lists as one; other ors merge their parts' streams.
      const words = this.markable(query);
      if (words?.length === 1 && words[0]!.length <= MERGED_LEXEMES_MAX) return new MergedLists(words[0]!.map((n) => this.listsOf(n)), descending);
      return mergeStreams(query.parts.map((part) => this.stream(part, descending)), descending);
    }
    // And: the part with the fewest slots leads, each of its slots looked up in the others.
    const parts = [...query.parts].sort((a, b) => this.size(a) - this.size(b));
    const lead = this.stream(parts[0]!, descending);
    const rest = parts.slice(1).map((part) => this.lookup(part));
    return {
      size: lead.size,
      next: () => {
        for (let slot = lead.next(); slot >= 0; slot = lead.next()) if (rest.every((part) => part(slot))) return slot;
        return -1;
      },
    };
  }

  /**
   * Marks the slots that satisfy the query in `marks` (zero everywhere before): they end at the
   * returned value, others below it. Straight loops over the lists, several times faster per slot
   * than stream(): for a walk of another list (a price order) that checks each of its slots. Only
   * for an and of words each of which is a lexeme or an or of lexemes (what searches are); null
   * for other shapes, marking nothing. unmark() with the same query sets them back to zero.
   */
  mark(query: TextQuery, marks: Uint8Array): number | null {
    const words = this.markable(query);
    if (!words || words.length > 255) return null;
    // Word i + 1 advances the slots word i reached: those at words.length hold every word.
    words.forEach((lexemes, i) => {
      for (const n of lexemes) {
        const { laid, added } = this.listsOf(n);
        for (let k = 0; k < laid.length; k++) if (marks[laid[k]!] === i) marks[laid[k]!] = i + 1;
        for (const slot of added) if (marks[slot] === i) marks[slot] = i + 1;
      }
    });
    return words.length;
  }

  /** Clears what mark() set: only the first word's slots can be marked. */
  unmark(query: TextQuery, marks: Uint8Array): void {
    const words = this.markable(query);
    for (const n of words?.[0] ?? []) {
      const { laid, added } = this.listsOf(n);
      for (let k = 0; k < laid.length; k++) marks[laid[k]!] = 0;
      for (const slot of added) marks[slot] = 0;
    }
  }

  /** The query as words, each the lexeme numbers any of which it takes (the rarest word first), or null for other shapes. */
  private markable(query: TextQuery): number[][] | null {
    const parts = query.kind === 'and' ? query.parts : [query];
    const words: number[][] = [];
    for (const part of parts) {
      const leaves = part.kind === 'or' ? part.parts : [part];
      if (!leaves.every((leaf) => leaf.kind === 'lexeme')) return null;
      words.push([...new Set(leaves.flatMap((leaf) => (leaf.kind === 'lexeme' ? this.lexemesOf(leaf.lexeme, leaf.prefix) : [])))]);
    }
    const sizeOf = (lexemes: number[]) => lexemes.reduce((sum, n) => sum + this.listsOf(n).laid.length + this.listsOf(n).added.length, 0);
    return words.map((lexemes) => ({ lexemes, size: sizeOf(lexemes) })).sort((a, b) => a.size - b.size).map((w) => w.lexemes);
  }

  /** At most how many slots the query gives (a bound, for the order of an and's parts). */
  size(query: TextQuery): number {
    if (query.kind === 'and') return Math.min(...query.parts.map((part) => this.size(part)));
    if (query.kind === 'or') return query.parts.reduce((sum, part) => sum + this.size(part), 0);
    if (query.kind !== 'lexeme') return 0;
    return this.lexemesOf(query.lexeme, query.prefix).reduce((sum, n) => {
      const { laid, added } = this.listsOf(n);
      return sum + laid.length + added.length;
    }, 0);
  }

  /** Every slot of these lexemes, ascending, each once (a prefix of very many lexemes: one sort beats a merge of that many). */
  private collect(lexemes: number[]): Int32Array {
    let total = 0;
    const lists = lexemes.map((n) => this.listsOf(n));
    for (const { laid, added } of lists) total += laid.length + added.length;
    const all = new Int32Array(total);
    let at = 0;
    for (const { laid, added } of lists) {
      all.set(laid, at);
      at += laid.length;
      for (const slot of added) all[at++] = slot;
    }
    all.sort();
    let to = 0;
    for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[to++] = all[i]!;
    return all.subarray(0, to);
  }
}

const NONE: readonly number[] = [];

/** One lexeme's slots: laid out, and added since; each ascending, no slot in both. */
export interface SlotLists {
  laid: Int32Array;
  added: readonly number[];
}

/** A prefix that starts more lexemes than this is read as one sorted array rather than merged. */
const MERGED_LEXEMES_MAX = 32;

/** Slots one at a time, in one direction; -1 once there are no more. */
export interface SlotStream {
  next(): number;
  /** How many it gives at most. */
  size: number;
}

/** Whether an ascending list holds the slot. */
function has(list: ArrayLike<number>, slot: number): boolean {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < slot) lo = mid + 1;
    else hi = mid;
  }
  return lo < list.length && list[lo] === slot;
}

function arrayStream(slots: ArrayLike<number>, descending: boolean): SlotStream {
  let i = descending ? slots.length - 1 : 0;
  return { size: slots.length, next: () => (i < 0 || i >= slots.length ? -1 : slots[descending ? i-- : i++]!) };
}

/**
 * Several lexemes' lists read as one stream, each slot once: the next slot is the highest (or
 * lowest) of the lists' next ones, found by a scan of a few typed arrays. A word's lexemes are few
 * (itself, a stem or two, what its prefix starts); this is several times faster than a heap of streams.
 */
class MergedLists implements SlotStream {
  private readonly parts: Int32Array[] = [];
  private readonly at: Int32Array;
  readonly size: number;
  private last = -1;
  private readonly descending: boolean;
  constructor(lists: SlotLists[], descending: boolean) {
    this.descending = descending;
    for (const { laid, added } of lists) {
      if (laid.length > 0) this.parts.push(laid);
      if (added.length > 0) this.parts.push(Int32Array.from(added));
    }
    this.at = Int32Array.from(this.parts, (part) => (descending ? part.length - 1 : 0));
    this.size = this.parts.reduce((sum, part) => sum + part.length, 0);
  }
  next(): number {
    for (;;) {
      let best = -1;
      let from = -1;
      for (let p = 0; p < this.parts.length; p++) {
        const i = this.at[p]!;
        const part = this.parts[p]!;
        if (i < 0 || i >= part.length) continue;
        const slot = part[i]!;
        if (from < 0 || (this.descending ? slot > best : slot < best)) {
          best = slot;
          from = p;
        }
      }
      if (from < 0) return -1;
      this.at[from] = this.at[from]! + (this.descending ? -1 : 1);
      // A slot in two of the lists (a listing with both lexemes) is given once.
      if (best !== this.last) {
        this.last = best;
        return best;
      }
    }
  }
}

/** Several streams in the same direction as one, each slot once. */
function mergeStreams(streams: SlotStream[], descending: boolean): SlotStream {
  const live = streams.filter((stream) => stream.size > 0);
  if (live.length === 0) return { size: 0, next: () => -1 };
  if (live.length === 1) return live[0]!;
  // The streams' next slots in a heap whose top is the one to give first.
  const first = (a: number, b: number) => (descending ? a > b : a < b);
  const heads: number[] = [];
  const from: SlotStream[] = [];
  const swap = (i: number, j: number) => {
    [heads[i], heads[j]] = [heads[j]!, heads[i]!];
    [from[i], from[j]] = [from[j]!, from[i]!];
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      let top = i;
      if (l < heads.length && first(heads[l]!, heads[top]!)) top = l;
      if (l + 1 < heads.length && first(heads[l + 1]!, heads[top]!)) top = l + 1;
      if (top === i) return;
      swap(i, top);
      i = top;
    }
  };
  for (const stream of live) {
    const slot = stream.next();
    if (slot < 0) continue;
    heads.push(slot);
    from.push(stream);
    for (let i = heads.length - 1; i > 0 && first(heads[i]!, heads[(i - 1) >> 1]!); i = (i - 1) >> 1) swap(i, (i - 1) >> 1);
  }
  let last = -1;
  return {
    size: live.reduce((sum, stream) => sum + stream.size, 0),
    next: () => {
      while (heads.length > 0) {
        const slot = heads[0]!;
        const following = from[0]!.next();
        if (following >= 0) heads[0] = following;
        else {
          heads[0] = heads[heads.length - 1]!;
          from[0] = from[from.length - 1]!;
          heads.pop();
          from.pop();
        }
        if (heads.length > 0) down(0);
        // A slot in several streams (a listing with two of the lexemes) is given once.
        if (slot !== last) {
          last = slot;
          return slot;
        }
      }
      return -1;
    },
  };
}
