// Which listings (index slots) hold each lexeme of the text index (decision 0046): the words of a
// search are answered from here, in memory, instead of PostgreSQL's GIN index.
//
// At a million listings there are some seventeen million (lexeme, listing) pairs. The pairs a load
// brings are laid out once, lexeme after lexeme, each lexeme's slots ascending, packed as the gaps
// between them (packed-slots.ts, decision 0047). A listing published or edited later adds its slots
// to small per-lexeme lists (`added`). A listing that leaves is not looked for: its slot is dead,
// and the search checks the slot. A compaction lays everything out again without the dead slots,
// before they are reused.
import { BLOCK, PackedLists } from './packed-slots.ts';
import { grow, release } from './typed-arrays.ts';
import type { TextQuery } from './text-query.ts';

/** Writes a variable-length integer (seven bits a byte, the high bit on every byte but the last) at `at`; returns where the next one goes. */
function writeVarint(bytes: Uint8Array, at: number, value: number): number {
  while (value >= 0x80) {
    bytes[at++] = (value & 0x7f) | 0x80;
    value >>>= 7;
  }
  bytes[at++] = value;
  return at;
}

/** A layOut() gathers the slots of this many pairs at most at a time (and of one lexeme, however many it has). */
const GATHERED_PAIRS = 2_000_000;

export class Postings {
  private readonly numbers = new Map<string, number>();
  private readonly values: string[] = [];
  /** Every lexeme's number, ordered by the lexeme (code units: a prefix's lexemes are next to each other). */
  private byValue: number[] = [];
  /** Laid out: lexeme n's slots, ascending (lexemes numbered since have none here). */
  private laid: PackedLists = PackedLists.EMPTY;
  /** Slots added since the layout, per lexeme, ascending. */
  private readonly added = new Map<number, number[]>();
  /**
   * A load's pairs, listing after listing, until layOut(): the listings' slots, where each one's
   * lexemes end in `lexemes`, and their numbers as variable-length integers (a byte for most: the
   * common lexemes are met first), a quarter of what 32-bit numbers took at a load's peak.
   */
  private staged = { slots: new Int32Array(1024), ends: new Int32Array(1024), listings: 0, lexemes: new Uint8Array(16_384), bytes: 0 };
  private loading = false;
  /** Decoded blocks: one for has(), one for the loops over whole lists. */
  private readonly lookupScratch = new Int32Array(BLOCK);
  private readonly scratch = new Int32Array(BLOCK);
  /** How many pairs a layOut() gathers at a time (GATHERED_PAIRS; tests make it small, to gather in many runs). */
  private readonly gatheredPairs: number;

  constructor(gatheredPairs = GATHERED_PAIRS) {
    this.gatheredPairs = gatheredPairs;
  }

  /** How many (lexeme, listing) pairs it holds, dead slots included until a compaction. */
  get pairs(): number {
    let n = this.laid.total;
    for (const list of this.added.values()) n += list.length;
    return n;
  }

  /** How many bytes the laid-out lists take. */
  get byteSize(): number {
    return this.laid.byteSize;
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
        s.slots = grow(s.slots, Math.max(1024, s.slots.length * 2));
        s.ends = grow(s.ends, Math.max(1024, s.ends.length * 2));
      }
      if (s.bytes + lexemes.length * 5 > s.lexemes.length) s.lexemes = grow(s.lexemes, Math.max(Math.ceil(s.lexemes.length * 1.5), s.bytes + lexemes.length * 5));
      for (const lexeme of lexemes) s.bytes = writeVarint(s.lexemes, s.bytes, this.number(lexeme));
      s.slots[s.listings] = slot;
      s.ends[s.listings++] = s.bytes;
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
      s.slots = grow(s.slots, listings);
      s.ends = grow(s.ends, listings);
    }
    // Most lexeme numbers take a byte; the rarer ones two or three.
    const bytes = pairs + (pairs >> 2);
    if (bytes > s.lexemes.length) s.lexemes = grow(s.lexemes, bytes);
  }

  /** Each staged pair (a listing's slot and one of its lexemes) whose listing `keep` takes, to `visit`. */
  private forEachStaged(keep: (slot: number) => boolean, visit: (slot: number, lexeme: number) => void): void {
    const { slots, ends, listings, lexemes } = this.staged;
    for (let l = 0, at = 0; l < listings; at = ends[l++]!) {
      const slot = slots[l]!;
      if (!keep(slot)) continue;
      while (at < ends[l]!) {
        let byte = lexemes[at++]!;
        let n = byte & 0x7f;
        for (let shift = 7; byte >= 0x80; shift += 7) {
          byte = lexemes[at++]!;
          n |= (byte & 0x7f) << shift;
        }
        visit(slot, n);
      }
    }
  }

  /**
   * Lays every pair out again (after a load, or to drop dead slots: `keep`), each lexeme's slots
   * ascending. Counted first, so that the lists are allocated at their size; then gathered a few
   * million pairs at a time (a run of lexemes), so that no array of every pair is ever made.
   */
  layOut(keep: (slot: number) => boolean = () => true): void {
    const lexemeCount = this.values.length;
    const laid = this.laid;
    const counts = new Int32Array(lexemeCount);
    for (let n = 0; n < laid.lists; n++) {
      laid.forEach(
        n,
        (slots, count) => {
          for (let i = 0; i < count; i++) if (keep(slots[i]!)) counts[n]! += 1;
        },
        this.scratch,
      );
    }
    for (const [n, list] of this.added) for (const slot of list) if (keep(slot)) counts[n]! += 1;
    this.forEachStaged(keep, (_, n) => (counts[n]! += 1));

    let pairs = 0;
    let most = 0;
    for (const count of counts) {
      pairs += count;
      most = Math.max(most, count);
    }
    // A gap takes a byte when a lexeme is in one listing out of a hundred or more.
    const writer = PackedLists.writer(counts, laid.total > 0 ? Math.ceil((laid.byteSize * pairs) / laid.total) : pairs + (pairs >> 3));
    const gathered = new Int32Array(Math.min(pairs, Math.max(this.gatheredPairs, most)));
    // Where each lexeme of the run starts in `gathered`, and where its next slot goes.
    const starts = new Int32Array(lexemeCount + 1);
    const fill = new Int32Array(lexemeCount);
    for (let first = 0; first < lexemeCount; ) {
      let end = first;
      let run = 0;
      while (end < lexemeCount && (end === first || run + counts[end]! <= gathered.length)) run += counts[end++]!;
      starts[first] = 0;
      for (let n = first; n < end; n++) {
        starts[n + 1] = starts[n]! + counts[n]!;
        fill[n] = starts[n]!;
      }
      for (let n = first; n < Math.min(end, laid.lists); n++) {
        laid.forEach(
          n,
          (slots, count) => {
            for (let i = 0; i < count; i++) if (keep(slots[i]!)) gathered[fill[n]!++] = slots[i]!;
          },
          this.scratch,
        );
      }
      for (let n = first; n < end; n++) for (const slot of this.added.get(n) ?? NONE) if (keep(slot)) gathered[fill[n]!++] = slot;
      if (this.staged.listings > 0) {
        this.forEachStaged(keep, (slot, n) => {
          if (n >= first && n < end) gathered[fill[n]!++] = slot;
        });
      }
      for (let n = first; n < end; n++) {
        const slots = gathered.subarray(starts[n]!, starts[n + 1]!);
        // Each source was ascending, but not one after the other.
        for (let i = 1; i < slots.length; i++) {
          if (slots[i - 1]! > slots[i]!) {
            slots.sort();
            break;
          }
        }
        writer.write(slots);
      }
      first = end;
    }
    // What the layout replaced and used is given back at once (a load's staging and this layout's
    // scratch are 60 MB at a million listings): searches only read the lists between two calls.
    this.laid = writer.finish();
    laid.release();
    for (const array of [this.staged.slots, this.staged.ends, this.staged.lexemes, gathered, starts, fill, counts]) release(array);
    this.added.clear();
    this.staged = { slots: new Int32Array(0), ends: new Int32Array(0), listings: 0, lexemes: new Uint8Array(0), bytes: 0 };
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

  /** How many slots a lexeme has, laid out and added since. */
  private lengthOf(n: number): number {
    return this.laid.length(n) + (this.added.get(n)?.length ?? 0);
  }

  /** A lexeme's slots one at a time: the laid-out ones and the added ones, each list a cursor. */
  private cursorsOf(n: number, descending: boolean): Cursor[] {
    const cursors: Cursor[] = [];
    if (this.laid.length(n) > 0) cursors.push(this.laid.cursor(n, descending));
    const added = this.added.get(n);
    if (added && added.length > 0) cursors.push(new ArrayCursor(added, descending));
    return cursors;
  }

  /** Several lexemes' slots as one stream. */
  private merged(lexemes: number[], descending: boolean): SlotStream {
    const size = lexemes.reduce((sum, n) => sum + this.lengthOf(n), 0);
    return new MergedLists(
      lexemes.flatMap((n) => this.cursorsOf(n, descending)),
      size,
      descending,
    );
  }

  /** Every slot of a lexeme (laid out, then added), to `visit` a block at a time. */
  private forEachOf(n: number, visit: (slots: ArrayLike<number>, count: number) => void): void {
    this.laid.forEach(n, visit, this.scratch);
    const added = this.added.get(n);
    if (added) visit(added, added.length);
  }

  /** Whether a slot's lexemes satisfy the query (matchesLexemes), its leaves' lexemes and lists found once for the many slots it is asked about. */
  lookup(query: TextQuery): (slot: number) => boolean {
    if (query.kind === 'lexeme') {
      const lexemes = this.lexemesOf(query.lexeme, query.prefix).map((n) => ({ n, added: this.added.get(n) ?? NONE }));
      const scratch = this.lookupScratch;
      return (slot) => lexemes.some(({ n, added }) => this.laid.has(n, slot, scratch) || has(added, slot));
    }
    const parts = query.kind === 'and' || query.kind === 'or' ? query.parts.map((part) => this.lookup(part)) : [];
    return query.kind === 'and' ? (slot) => parts.every((part) => part(slot)) : (slot) => parts.some((part) => part(slot));
  }

  /** lookup() for slots asked about in one direction only (a walk of another list): each lexeme's blocks decoded once at most. */
  private seek(query: TextQuery, descending: boolean): (slot: number) => boolean {
    if (query.kind === 'lexeme') {
      const lexemes = this.lexemesOf(query.lexeme, query.prefix).map((n) => ({ laid: this.laid.seeker(n, descending), added: this.added.get(n) ?? NONE }));
      return (slot) => lexemes.some(({ laid, added }) => laid.has(slot) || has(added, slot));
    }
    const parts = query.kind === 'and' || query.kind === 'or' ? query.parts.map((part) => this.seek(part, descending)) : [];
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
      return this.merged(lexemes, descending);
    }
    if (query.kind === 'or') {
      // An or of lexemes (a word: itself, its stems) reads their lists as one; other ors merge their parts' streams.
      const words = this.markable(query);
      if (words?.length === 1 && words[0]!.length <= MERGED_LEXEMES_MAX) return this.merged(words[0]!, descending);
      return mergeStreams(query.parts.map((part) => this.stream(part, descending)), descending);
    }
    // And: the part with the fewest slots leads, each of its slots looked up in the others.
    const parts = [...query.parts].sort((a, b) => this.size(a) - this.size(b));
    const lead = this.stream(parts[0]!, descending);
    const rest = parts.slice(1).map((part) => this.seek(part, descending));
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
        this.forEachOf(n, (slots, count) => {
          for (let k = 0; k < count; k++) if (marks[slots[k]!] === i) marks[slots[k]!] = i + 1;
        });
      }
    });
    return words.length;
  }

  /** Clears what mark() set: only the first word's slots can be marked. */
  unmark(query: TextQuery, marks: Uint8Array): void {
    const words = this.markable(query);
    for (const n of words?.[0] ?? []) {
      this.forEachOf(n, (slots, count) => {
        for (let k = 0; k < count; k++) marks[slots[k]!] = 0;
      });
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
    const sizeOf = (lexemes: number[]) => lexemes.reduce((sum, n) => sum + this.lengthOf(n), 0);
    return words.map((lexemes) => ({ lexemes, size: sizeOf(lexemes) })).sort((a, b) => a.size - b.size).map((w) => w.lexemes);
  }

  /** At most how many slots the query gives (a bound, for the order of an and's parts). */
  size(query: TextQuery): number {
    if (query.kind === 'and') return Math.min(...query.parts.map((part) => this.size(part)));
    if (query.kind === 'or') return query.parts.reduce((sum, part) => sum + this.size(part), 0);
    if (query.kind !== 'lexeme') return 0;
    return this.lexemesOf(query.lexeme, query.prefix).reduce((sum, n) => sum + this.lengthOf(n), 0);
  }

  /** Every slot of these lexemes, ascending, each once (a prefix of very many lexemes: one sort beats a merge of that many). */
  private collect(lexemes: number[]): Int32Array {
    const all = new Int32Array(lexemes.reduce((sum, n) => sum + this.lengthOf(n), 0));
    let at = 0;
    for (const n of lexemes) {
      this.forEachOf(n, (slots, count) => {
        for (let k = 0; k < count; k++) all[at++] = slots[k]!;
      });
    }
    all.sort();
    let to = 0;
    for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[to++] = all[i]!;
    return all.subarray(0, to);
  }
}

const NONE: readonly number[] = [];

/** A list's slots one at a time in one direction: `slot` the current one (-1 past the last). */
interface Cursor {
  slot: number;
  advance(): void;
}

/** A Cursor over an ascending array (a lexeme's added slots). */
class ArrayCursor implements Cursor {
  slot: number;
  private at: number;
  private readonly list: readonly number[];
  private readonly step: number;
  constructor(list: readonly number[], descending: boolean) {
    this.list = list;
    this.step = descending ? -1 : 1;
    this.at = descending ? list.length - 1 : 0;
    this.slot = list[this.at] ?? -1;
  }
  advance(): void {
    this.at += this.step;
    this.slot = this.list[this.at] ?? -1;
  }
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
  private readonly parts: Cursor[];
  readonly size: number;
  private last = -1;
  private readonly descending: boolean;
  constructor(parts: Cursor[], size: number, descending: boolean) {
    this.descending = descending;
    this.parts = parts;
    this.size = size;
  }
  next(): number {
    for (;;) {
      let best = -1;
      let from: Cursor | null = null;
      for (const part of this.parts) {
        const slot = part.slot;
        if (slot < 0) continue;
        if (from === null || (this.descending ? slot > best : slot < best)) {
          best = slot;
          from = part;
        }
      }
      if (from === null) return -1;
      from.advance();
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
