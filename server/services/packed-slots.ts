// Many ascending lists of slots, kept as the gaps between them in a byte or two each (decision
// 0047). The posting lists of the search index (search-postings.ts) hold some seventeen million
// slots at a million listings: as 32-bit integers that was 68 MB, most of the index. A word's
// listings are dense among the slots (a gap of a few dozen), so a gap mostly fits a byte.
//
// A list is cut into blocks of BLOCK slots. A block keeps its first slot whole, and the gaps after
// it all in one width: a byte each when every gap of the block fits one, else two, else four (a
// block of one width decodes in a straight loop, with no test per byte as variable-length integers
// need). A reader decodes a block at a time into a small array, forwards or backwards; a binary
// search over the blocks' first slots finds the one block a slot can be in.

import { grow, release } from './typed-arrays.ts';

/** Slots a block holds: a lookup decodes at most this many. */
export const BLOCK = 128;

export class PackedLists {
  /** How many lists; list n holds entries[n + 1] - entries[n] slots. */
  readonly lists: number;
  private readonly entries: Int32Array;
  /** List n's blocks are blocks[n]..blocks[n + 1]. */
  private readonly blocks: Int32Array;
  /** Each block's first slot. */
  private readonly firstSlot: Int32Array;
  /** Where each block's gaps start in `bytes`; one more entry at the end. */
  private readonly gapsAt: Int32Array;
  /** Each block's gaps' width in bytes: 1, 2 or 4. */
  private readonly width: Uint8Array;
  private readonly bytes: Uint8Array;

  private constructor(entries: Int32Array, blocks: Int32Array, firstSlot: Int32Array, gapsAt: Int32Array, width: Uint8Array, bytes: Uint8Array) {
    this.lists = entries.length - 1;
    this.entries = entries;
    this.blocks = blocks;
    this.firstSlot = firstSlot;
    this.gapsAt = gapsAt;
    this.width = width;
    this.bytes = bytes;
  }

  static readonly EMPTY = new PackedLists(new Int32Array(1), new Int32Array(1), new Int32Array(0), new Int32Array(1), new Uint8Array(0), new Uint8Array(0));

  /**
   * Writes lists 0, 1, 2… in turn, each ascending and of the length `counts` gave: every array is
   * allocated at its size but the bytes, which start at `bytesHint` and are trimmed at the end.
   */
  static writer(counts: Int32Array, bytesHint: number): PackedWriter {
    return new PackedWriter(counts, bytesHint, (entries, blocks, firstSlot, gapsAt, width, bytes) => new PackedLists(entries, blocks, firstSlot, gapsAt, width, bytes));
  }

  /** Gives the lists' memory back (release()): for lists replaced by a new layout, never read again. EMPTY is shared, and kept. */
  release(): void {
    if (this === PackedLists.EMPTY) return;
    for (const array of [this.entries, this.blocks, this.firstSlot, this.gapsAt, this.width, this.bytes]) release(array);
  }

  /** How many slots list n holds (0 for a list past the last). */
  length(n: number): number {
    return n < this.lists ? this.entries[n + 1]! - this.entries[n]! : 0;
  }

  /** How many slots all the lists hold. */
  get total(): number {
    return this.entries[this.lists]!;
  }

  /** How many bytes the lists take. */
  get byteSize(): number {
    return this.bytes.byteLength + this.entries.byteLength + this.blocks.byteLength + this.firstSlot.byteLength + this.gapsAt.byteLength + this.width.byteLength;
  }

  /** The blocks of list n: from `first` to before `end`. */
  blockRange(n: number): { first: number; end: number } {
    return n < this.lists ? { first: this.blocks[n]!, end: this.blocks[n + 1]! } : { first: 0, end: 0 };
  }

  /** How many slots block b of list n holds: BLOCK but for the list's last. */
  private blockLength(n: number, b: number): number {
    return Math.min(BLOCK, this.entries[n + 1]! - this.entries[n]! - (b - this.blocks[n]!) * BLOCK);
  }

  /** Decodes block b of list n into `out` (room for BLOCK); returns how many slots it holds. */
  decode(n: number, b: number, out: Int32Array): number {
    const count = this.blockLength(n, b);
    const bytes = this.bytes;
    let at = this.gapsAt[b]!;
    let slot = this.firstSlot[b]!;
    out[0] = slot;
    const width = this.width[b]!;
    if (width === 1) {
      for (let i = 1; i < count; i++) out[i] = slot += bytes[at++]! + 1;
    } else if (width === 2) {
      for (let i = 1; i < count; i++, at += 2) out[i] = slot += (bytes[at]! | (bytes[at + 1]! << 8)) + 1;
    } else {
      for (let i = 1; i < count; i++, at += 4) out[i] = slot += (bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16) | (bytes[at + 3]! << 24)) + 1;
    }
    return count;
  }

  /** Whether list n holds the slot: one block found by its first slot, and decoded. */
  has(n: number, slot: number, scratch: Int32Array): boolean {
    if (n >= this.lists) return false;
    const b = this.blockOf(slot, this.blocks[n]!, this.blocks[n + 1]!);
    if (b < 0) return false;
    if (this.firstSlot[b] === slot) return true;
    const count = this.decode(n, b, scratch);
    for (let i = 1; i < count; i++) {
      const held = scratch[i]!;
      if (held >= slot) return held === slot;
    }
    return false;
  }

  /** The last block from `first` to before `end` whose first slot is not after the slot; -1 when none. */
  blockOf(slot: number, first: number, end: number): number {
    if (first >= end || slot < this.firstSlot[first]!) return -1;
    let lo = first;
    let hi = end;
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if (this.firstSlot[mid]! <= slot) lo = mid;
      else hi = mid;
    }
    return lo;
  }

  /** Whether list n holds slots asked about in one direction (each at or past the one before), each a step on from the last. */
  seeker(n: number, descending: boolean): PackedSeeker {
    return new PackedSeeker(this, n, descending);
  }

  /** Every slot of list n, ascending, to `visit` a block at a time (`slots` is reused: read it before returning). */
  forEach(n: number, visit: (slots: Int32Array, count: number) => void, scratch: Int32Array = new Int32Array(BLOCK)): void {
    const { first, end } = this.blockRange(n);
    for (let b = first; b < end; b++) visit(scratch, this.decode(n, b, scratch));
  }

  /** List n's slots one at a time, ascending or descending. */
  cursor(n: number, descending: boolean): PackedCursor {
    return new PackedCursor(this, n, descending);
  }
}

/** What reads one list a block at a time: the list's blocks, and the one decoded in `buffer`. */
abstract class BlockReader {
  protected readonly lists: PackedLists;
  private readonly n: number;
  protected readonly descending: boolean;
  protected readonly buffer = new Int32Array(BLOCK);
  protected readonly firstBlock: number;
  protected readonly end: number;
  /** The block decoded in `buffer` (before the first or past the last: none), its length, and a position in it. */
  protected block: number;
  protected count = 0;
  protected at = 0;

  constructor(lists: PackedLists, n: number, descending: boolean) {
    this.lists = lists;
    this.n = n;
    this.descending = descending;
    const { first, end } = lists.blockRange(n);
    this.firstBlock = first;
    this.end = end;
    this.block = descending ? end : first - 1;
  }

  protected load(b: number): void {
    this.block = b;
    this.count = this.lists.decode(this.n, b, this.buffer);
  }
}

/** One list's slots one at a time: `slot` is the current one (-1 once there are no more), advance() moves on. */
export class PackedCursor extends BlockReader {
  slot = -1;

  constructor(lists: PackedLists, n: number, descending: boolean) {
    super(lists, n, descending);
    this.nextBlock();
  }

  private nextBlock(): void {
    const b = this.block + (this.descending ? -1 : 1);
    if (b < this.firstBlock || b >= this.end) {
      this.slot = -1;
      return;
    }
    this.load(b);
    this.at = this.descending ? this.count - 1 : 0;
    this.slot = this.buffer[this.at]!;
  }

  advance(): void {
    if (this.slot < 0) return;
    this.at += this.descending ? -1 : 1;
    if (this.at < 0 || this.at >= this.count) this.nextBlock();
    else this.slot = this.buffer[this.at]!;
  }
}

/**
 * Whether one list holds slots asked about in one direction, descending or ascending: the block of
 * the last answer stays decoded and is read on from where it stopped, so that a walk of another
 * list (an and of words) decodes each block of this one once at most, instead of once a slot.
 */
export class PackedSeeker extends BlockReader {
  private started = false;

  has(slot: number): boolean {
    const buffer = this.buffer;
    if (this.descending) {
      if (!this.started || slot < buffer[0]!) {
        const b = this.lists.blockOf(slot, this.firstBlock, this.started ? this.block : this.end);
        if (b < 0) return false;
        this.load(b);
        this.started = true;
        this.at = this.count - 1;
      }
      while (this.at > 0 && buffer[this.at]! > slot) this.at--;
    } else {
      if (!this.started || slot > buffer[this.count - 1]!) {
        const b = this.lists.blockOf(slot, this.started ? this.block + 1 : this.firstBlock, this.end);
        // Before the next block: past this one's last slot, so not held.
        if (b < 0) return false;
        this.load(b);
        this.started = true;
        this.at = 0;
      }
      while (this.at < this.count - 1 && buffer[this.at]! < slot) this.at++;
    }
    return buffer[this.at] === slot;
  }
}

type Made = (entries: Int32Array, blocks: Int32Array, firstSlot: Int32Array, gapsAt: Int32Array, width: Uint8Array, bytes: Uint8Array) => PackedLists;

/** Builds a PackedLists list after list, in list order (PackedLists.writer). */
export class PackedWriter {
  private readonly counts: Int32Array;
  private readonly entries: Int32Array;
  private readonly blocks: Int32Array;
  private readonly firstSlot: Int32Array;
  private readonly gapsAt: Int32Array;
  private readonly width: Uint8Array;
  private bytes: Uint8Array;
  private written = 0;
  private block = 0;
  private at = 0;
  private readonly made: Made;

  constructor(counts: Int32Array, bytesHint: number, made: Made) {
    this.counts = counts;
    this.made = made;
    const lists = counts.length;
    this.entries = new Int32Array(lists + 1);
    this.blocks = new Int32Array(lists + 1);
    let blocks = 0;
    for (let n = 0; n < lists; n++) {
      this.entries[n + 1] = this.entries[n]! + counts[n]!;
      blocks += Math.ceil(counts[n]! / BLOCK);
      this.blocks[n + 1] = blocks;
    }
    this.firstSlot = new Int32Array(blocks);
    this.gapsAt = new Int32Array(blocks + 1);
    this.width = new Uint8Array(blocks);
    this.bytes = new Uint8Array(Math.max(16, bytesHint));
  }

  /** Writes the next list: `slots` ascending, each once, as many as its count. */
  write(slots: ArrayLike<number>): void {
    const n = this.written++;
    if (slots.length !== this.counts[n]) throw new Error(`list ${n}: ${slots.length} slots, ${this.counts[n]} counted`);
    for (let from = 0; from < slots.length; from += BLOCK) {
      const to = Math.min(slots.length, from + BLOCK);
      let widest = 0;
      for (let i = from + 1; i < to; i++) {
        const gap = slots[i]! - slots[i - 1]! - 1;
        if (gap < 0) throw new Error(`list ${n}: slots not ascending`);
        if (gap > widest) widest = gap;
      }
      const width = widest < 0x100 ? 1 : widest < 0x10000 ? 2 : 4;
      const b = this.block++;
      this.firstSlot[b] = slots[from]!;
      this.gapsAt[b] = this.at;
      this.width[b] = width;
      if (this.at + width * BLOCK > this.bytes.length) this.bytes = grow(this.bytes, Math.ceil(this.bytes.length * 1.5) + width * BLOCK);
      const bytes = this.bytes;
      for (let i = from + 1; i < to; i++) {
        const gap = slots[i]! - slots[i - 1]! - 1;
        for (let k = 0; k < width; k++) bytes[this.at++] = (gap >>> (8 * k)) & 0xff;
      }
    }
  }

  /** The lists, once every one is written. */
  finish(): PackedLists {
    if (this.written !== this.counts.length) throw new Error(`${this.written} of ${this.counts.length} lists written`);
    this.gapsAt[this.block] = this.at;
    // Trimmed when the hint was well over: the bytes are most of the memory.
    let bytes = this.bytes;
    if (bytes.length - this.at > bytes.length >> 4) {
      bytes = bytes.slice(0, this.at);
      release(this.bytes);
    }
    return this.made(this.entries, this.blocks, this.firstSlot, this.gapsAt, this.width, bytes);
  }
}
