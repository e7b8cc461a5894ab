// The listed listings' search fields in memory, and the searches they answer (decisions 0045,
// 0046). At a million listings a search in PostgreSQL costs 3-10 ms of its CPU, which caps a
// two-core machine at a few hundred uncached searches a second; here a search reads a few typed
// arrays (and its words' posting lists, search-postings.ts) and picks the page's listings, and
// PostgreSQL only reads those rows by their key. search-index-feed.ts fills and follows it from the
// database.
//
// The answers are the database's exactly: the same filters (services/search.ts searchFilters,
// repositories/visibility.ts listedNow), the same orders with the same ties (db/order.ts: the
// date to the microsecond, then the id; the price, then the id) and the same capped count.
import { PRODUCTS_PAGE_SIZE } from '../../common/constants.ts';
import { COUNT_CAP, type SearchParams } from '../../common/schemas/search.ts';
import { Postings, type SlotStream } from './search-postings.ts';
import { SlotRecords } from './slot-records.ts';
import type { TextQuery } from './text-query.ts';
import { grow, release } from './typed-arrays.ts';

/** One listed listing's search fields, as search-index-feed.ts reads them. */
export interface IndexedListing {
  /** products.ref: short, unique, never changes; the page's rows are read by it. */
  ref: number;
  /** products.id, the orders' tie-breaker (compared as PostgreSQL compares uuids: by bytes). */
  id: string;
  /** created_at in microseconds since 1970, as exact as PostgreSQL keeps it. */
  createdUs: number;
  /** expires_at in microseconds since 1970. */
  expiresUs: number;
  price: number;
  category: string;
  address: string;
  commune: string | null;
  condition: string;
  priceType: string;
  exchange: boolean;
  userId: string;
  /** The lexemes of its search_vector (tsvector_to_array): what its words match (decision 0046). */
  lexemes: readonly string[];
}

/** What a search finds: the page's refs in order and the matches counted up to COUNT_CAP + 1. */
export interface IndexAnswer {
  refs: number[];
  n: number;
}

/** Only these searches are answered here: category details stay with PostgreSQL, and words need their query (services/search.ts). */
export function indexAnswers(params: SearchParams): boolean {
  return params.attributes.length === 0;
}

/** Values of a text column, numbered; 0 is "none" (a null commune, a value never seen). */
class Dictionary {
  private readonly numbers = new Map<string, number>();
  private readonly values: string[] = [''];
  number(value: string | null): number {
    if (value === null) return 0;
    let n = this.numbers.get(value);
    if (n === undefined) {
      n = this.values.length;
      this.values.push(value);
      this.numbers.set(value, n);
    }
    return n;
  }
  /** How many numbers are given (0, "none", included). */
  get size(): number {
    return this.values.length;
  }
  /** The value of a number. */
  value(n: number): string {
    return this.values[n]!;
  }
  /** The value's number, or -1 when no listing ever had it (then nothing matches it). */
  find(value: string): number {
    return this.numbers.get(value) ?? -1;
  }
}

/**
 * Slots in one of the search's orders (oldest first: db/order.ts read backwards; or cheapest
 * first), in one Int32Array: a search reads its candidates in order and stops at the page. In the
 * date lists new listings are the newest, so they are appended; a listing that leaves stays as a
 * dead slot until the next compaction, as taking it out would move every slot after it.
 */
class OrderedSlots {
  slots = new Int32Array(16);
  /**
   * Each slot's price at the same position, in the lists that keep it (else null): a walk by date
   * with a price filter skips the slots out of range without reading their records.
   */
  prices: Int32Array | null;
  length = 0;
  private readonly before: (a: number, b: number) => number;
  private readonly priceOf: ((slot: number) => number) | null;
  constructor(before: (a: number, b: number) => number, priceOf: ((slot: number) => number) | null = null) {
    this.before = before;
    this.priceOf = priceOf;
    this.prices = priceOf ? new Int32Array(16) : null;
  }
  /** Slots a load will push: counted first, so that the list is allocated once at its size. */
  expected = 0;
  /** Allocates room for `expected` slots and a little more, before a load pushes them. */
  allocate(): void {
    this.moveTo(this.length + this.expected + (this.expected >> 5) + 16);
    this.expected = 0;
  }
  /** Appends without ordering (a load, after allocate()); sort() orders them once after. */
  push(slot: number): void {
    if (this.length === this.slots.length) this.moveTo(this.slots.length * 2);
    if (this.prices) this.prices[this.length] = this.priceOf!(slot);
    this.slots[this.length++] = slot;
  }
  /** Moves the slots held (and their prices) into arrays of `room`; the old ones are released. */
  private moveTo(room: number): void {
    const move = (from: Int32Array) => {
      const to = new Int32Array(room);
      to.set(from.subarray(0, this.length));
      release(from);
      return to;
    };
    this.slots = move(this.slots);
    if (this.prices) this.prices = move(this.prices);
  }
  insert(slot: number): void {
    let at = this.length;
    // The usual case in a date list, a new listing: after every other.
    if (at > 0 && this.before(slot, this.slots[at - 1]!) < 0) {
      let lo = 0;
      let hi = this.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.before(this.slots[mid]!, slot) < 0) lo = mid + 1;
        else hi = mid;
      }
      at = lo;
    }
    if (this.length === this.slots.length) this.moveTo(this.slots.length * 2);
    this.slots.copyWithin(at + 1, at, this.length);
    this.slots[at] = slot;
    if (this.prices) {
      this.prices.copyWithin(at + 1, at, this.length);
      this.prices[at] = this.priceOf!(slot);
    }
    this.length += 1;
  }
  /** The first position whose slot `accept` takes, in a list ordered so that it takes every slot after that one too. */
  firstWhere(accept: (slot: number) => boolean): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (accept(this.slots[mid]!)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
  sort(): void {
    this.slots.subarray(0, this.length).sort(this.before);
    if (this.prices) for (let i = 0; i < this.length; i++) this.prices[i] = this.priceOf!(this.slots[i]!);
  }
  /** Keeps the slots `keep` says yes to, in order. */
  filter(keep: (slot: number) => boolean): void {
    let to = 0;
    for (let i = 0; i < this.length; i++) {
      if (!keep(this.slots[i]!)) continue;
      if (this.prices) this.prices[to] = this.prices[i]!;
      this.slots[to++] = this.slots[i]!;
    }
    this.length = to;
  }
}

/** One list per key (a category's number, a wilaya's…), all in the same order. */
class ListsByKey {
  private readonly lists = new Map<number, OrderedSlots>();
  private readonly order: (a: number, b: number) => number;
  private readonly priceOf: ((slot: number) => number) | null;
  /** What a search reads for a key no listing has: nothing. */
  private readonly none: OrderedSlots;
  constructor(order: (a: number, b: number) => number, priceOf: ((slot: number) => number) | null = null) {
    this.order = order;
    this.priceOf = priceOf;
    this.none = new OrderedSlots(order, priceOf);
  }
  /** The key's list, made when a listing first has the key. */
  of(key: number): OrderedSlots {
    let list = this.lists.get(key);
    if (!list) {
      list = new OrderedSlots(this.order, this.priceOf);
      this.lists.set(key, list);
    }
    return list;
  }
  /** The key's list for a search, empty when none was made. */
  at(key: number): OrderedSlots {
    return this.lists.get(key) ?? this.none;
  }
  all(): OrderedSlots[] {
    return [...this.lists.values()];
  }
}

/** A compaction runs once this many dead slots are in the lists, and at least a tenth of the live ones. */
const COMPACT_AT = 1000;

/** The search fields of every listed listing, by slot. */
export class SearchIndex {
  private capacity = 0;
  private used = 0;
  /** What a search checks of each slot, in one record a slot (slot-records.ts). */
  private readonly records = new SlotRecords();
  private idWords = new Uint32Array(0);
  private created = new Float64Array(0);
  /** Each ref's slot + 1 (0: not held), by ref: refs are a sequence, so this is dense and needs no hashing. */
  private slotByRef = new Int32Array(1024);
  private count = 0;
  /** Slots no list holds any more (freed by a compaction), reused first. */
  private free: number[] = [];
  private dead = 0;
  /** The slots a load put, until loaded() files them. */
  private loading: number[] = [];
  private readonly categories = new Dictionary();
  private readonly addresses = new Dictionary();
  private readonly communes = new Dictionary();
  private readonly conditions = new Dictionary();
  private readonly priceTypes = new Dictionary();
  private readonly sellers = new Dictionary();
  private bannedSellers = new Uint8Array(16);
  /** Oldest first: created_at, then the id (db/order.ts); newest first is the same read backwards. */
  private readonly oldestFirst = (a: number, b: number): number => this.created[a]! - this.created[b]! || this.compareIds(a, b);
  private readonly all = new OrderedSlots(this.oldestFirst);
  /** Cheapest first: price, then the id (PostgreSQL's `price asc, id asc`; `desc` is it read backwards). */
  private readonly cheapestFirst = (a: number, b: number): number => this.records.price(a) - this.records.price(b) || this.compareIds(a, b);
  private readonly byPrice = new OrderedSlots(this.cheapestFirst);
  /** The same per category: a category's cheapest first without reading the other categories. */
  private readonly byCategoryPrice = new ListsByKey(this.cheapestFirst);
  private readonly byCategory = new ListsByKey(this.oldestFirst);
  private readonly byAddress = new ListsByKey(this.oldestFirst);
  private readonly byCommune = new ListsByKey(this.oldestFirst);
  private readonly bySeller = new ListsByKey(this.oldestFirst);
  /** By category and wilaya together, the commonest pair of filters (a category's page in a wilaya): key category * 65536 + wilaya. */
  private readonly byCategoryAddress = new ListsByKey(this.oldestFirst, (slot) => this.records.price(slot));
  /** The listings of each lexeme, for searches with words. */
  private readonly postings = new Postings();
  /**
   * Slots out of date order: a search with words walks a word's slots from the highest down as
   * newest first, which holds for slots given in date order (a load reads the listings oldest
   * first; a new listing is the newest). A listing edited, or committed after a newer one, or put
   * in a reused slot, is flagged here and merged into that walk by its date.
   */
  private late = new Uint8Array(0);
  private readonly lateSlots = new Set<number>();
  /** The date and id of the last slot given in date order (-1: none yet). */
  private orderedUpTo = { slot: -1, created: 0, id: new Uint32Array(4) };
  /** Scratch marks of the slots holding a search's words (Postings.mark), zero between searches. */
  private marks = new Uint8Array(0);

  /** How many listings it holds. */
  get size(): number {
    return this.count;
  }

  /** How many (lexeme, listing) pairs the words' lists hold (dead slots included until a compaction). */
  get lexemePairs(): number {
    return this.postings.pairs;
  }

  /** How many bytes the words' laid-out lists take (packed-slots.ts). */
  get postingBytes(): number {
    return this.postings.byteSize;
  }

  /** How many listings are out of date order (`late`): past a few thousand, a search with words costs more, and a load in order is due. */
  get outOfOrder(): number {
    return this.lateSlots.size;
  }

  private slotOf(ref: number): number | undefined {
    const held = ref < this.slotByRef.length ? this.slotByRef[ref]! : 0;
    return held === 0 ? undefined : held - 1;
  }

  private compareIds(a: number, b: number): number {
    for (let i = 0; i < 4; i++) {
      const d = this.idWords[a * 4 + i]! - this.idWords[b * 4 + i]!;
      if (d !== 0) return d;
    }
    return 0;
  }

  /** Makes room for `listings` in all, so that a load of them does not double the arrays past what it needs. */
  reserve(listings: number, lexemes = 0): void {
    if (listings > this.capacity) this.resize(listings);
    this.postings.reserve(listings, lexemes);
  }

  private newSlot(): number {
    const reused = this.free.pop();
    if (reused !== undefined) return reused;
    if (this.used === this.capacity) this.resize(Math.max(1024, Math.ceil(this.capacity * 1.25)));
    return this.used++;
  }

  private resize(next: number): void {
    this.records.resize(next);
    this.late = grow(this.late, next);
    this.idWords = grow(this.idWords, next * 4);
    this.created = grow(this.created, next);
    this.capacity = next;
  }

  private listsOf(slot: number): OrderedSlots[] {
    const records = this.records;
    const category = records.category(slot);
    const lists = [
      this.all,
      this.byPrice,
      this.byCategory.of(category),
      this.byCategoryPrice.of(category),
      this.byAddress.of(records.address(slot)),
      this.byCategoryAddress.of(category * 65536 + records.address(slot)),
      this.bySeller.of(records.seller(slot)),
    ];
    if (records.commune(slot) !== 0) lists.push(this.byCommune.of(records.commune(slot)));
    return lists;
  }

  private everyList(): OrderedSlots[] {
    return [this.all, this.byPrice, ...[this.byCategory, this.byCategoryPrice, this.byAddress, this.byCategoryAddress, this.bySeller, this.byCommune].flatMap((lists) => lists.all())];
  }

  /**
   * Adds the listing, or replaces what it held of it. `loading`: appended to its lists unordered,
   * for a load of many, which ends with loaded().
   */
  put(listing: IndexedListing, loading = false): void {
    this.remove(listing.ref);
    const slot = this.newSlot();
    // Grown by a quarter, as the slots' arrays: doubling left up to 4 MB unused at a million refs.
    if (listing.ref >= this.slotByRef.length) this.slotByRef = grow(this.slotByRef, Math.max(listing.ref + 1, Math.ceil(this.slotByRef.length * 1.25)));
    this.slotByRef[listing.ref] = slot + 1;
    this.count += 1;
    const hex = listing.id.replace(/-/g, '');
    for (let i = 0; i < 4; i++) this.idWords[slot * 4 + i] = Number.parseInt(hex.slice(i * 8, i * 8 + 8), 16);
    this.created[slot] = listing.createdUs;
    this.records.set(slot, {
      ref: listing.ref,
      expiresUs: listing.expiresUs,
      price: listing.price,
      category: this.categories.number(listing.category),
      address: this.addresses.number(listing.address),
      commune: this.communes.number(listing.commune),
      condition: this.conditions.number(listing.condition),
      priceType: this.priceTypes.number(listing.priceType),
      exchange: listing.exchange,
      seller: this.sellers.number(listing.userId),
    });
    this.fileByDate(slot);
    // A load's listings go into the lists all at once, in loaded().
    this.postings.add(slot, listing.lexemes, loading);
    if (loading) this.loading.push(slot);
    else for (const list of this.listsOf(slot)) list.insert(slot);
  }

  /** Notes whether a new slot keeps slot order as date order (after every slot given so far in order), or is late. */
  private fileByDate(slot: number): void {
    const last = this.orderedUpTo;
    let after = slot === this.used - 1 && (last.slot < 0 || this.created[slot]! > last.created);
    if (slot === this.used - 1 && last.slot >= 0 && this.created[slot] === last.created) {
      // The same instant: the id decides, as in db/order.ts.
      for (let i = 0; i < 4; i++) {
        const d = this.idWords[slot * 4 + i]! - last.id[i]!;
        if (d !== 0) {
          after = d > 0;
          break;
        }
      }
    }
    if (after) {
      last.slot = slot;
      last.created = this.created[slot]!;
      last.id.set(this.idWords.subarray(slot * 4, slot * 4 + 4));
      this.late[slot] = 0;
    } else {
      this.late[slot] = 1;
      this.lateSlots.add(slot);
    }
  }

  /**
   * Puts the listings of a load (put with `loading`) into their lists: counted, each list allocated
   * at its size, filled, then sorted once. Growing the lists by doubling as they came left a third
   * more memory taken than the lists hold.
   */
  loaded(): void {
    const slots = this.loading;
    this.loading = [];
    for (const slot of slots) for (const list of this.listsOf(slot)) list.expected += 1;
    for (const list of this.everyList()) if (list.expected > 0) list.allocate();
    for (const slot of slots) for (const list of this.listsOf(slot)) list.push(slot);
    for (const list of this.everyList()) list.sort();
    this.postings.layOut();
  }

  /** Forgets the listing (no longer listed, or deleted); nothing when it was not there. */
  remove(ref: number): void {
    const slot = this.slotOf(ref);
    if (slot === undefined) return;
    this.slotByRef[ref] = 0;
    this.count -= 1;
    this.records.setAlive(slot, false);
    this.dead += 1;
    if (this.dead >= COMPACT_AT && this.dead * 10 >= this.count) this.compact();
  }

  /** Takes the dead slots out of every list, and frees them. */
  private compact(): void {
    const records = this.records;
    for (const list of this.everyList()) list.filter((slot) => records.alive(slot));
    this.postings.layOut((slot) => records.alive(slot));
    const free: number[] = [];
    for (let slot = 0; slot < this.used; slot++) {
      if (records.alive(slot)) continue;
      free.push(slot);
      this.late[slot] = 0;
      this.lateSlots.delete(slot);
    }
    this.free = free;
    this.dead = 0;
  }

  /** Whether a seller is banned: their listings leave public lists while the ban lasts. */
  setBanned(userId: string, banned: boolean): void {
    const seller = this.sellers.number(userId);
    if (seller >= this.bannedSellers.length) this.bannedSellers = grow(this.bannedSellers, Math.max(seller + 1, this.bannedSellers.length * 2));
    this.bannedSellers[seller] = banned ? 1 : 0;
  }

  /** How many listings each category has listed at `nowUs` (the home page's tiles): the same rules as a search. */
  categoryCounts(nowUs: number): Partial<Record<string, number>> {
    // Every slot in order (memory read straight through, 4-5 times faster than through the lists).
    const byNumber = new Int32Array(this.categories.size);
    const records = this.records;
    for (let slot = 0; slot < this.used; slot++) {
      if (records.alive(slot) && records.expires(slot) > nowUs && this.bannedSellers[records.seller(slot)] !== 1) byNumber[records.category(slot)]! += 1;
    }
    const counts: Partial<Record<string, number>> = {};
    byNumber.forEach((n, category) => {
      if (n > 0) counts[this.categories.value(category)] = n;
    });
    return counts;
  }

  /**
   * One page of a search without category details (indexAnswers), at `nowUs` (the visibility
   * rules' clock, in microseconds): the page's refs in the search's order and the matches
   * counted up to COUNT_CAP + 1, as services/search.ts counts them (no page past the count).
   * `text`: the words' query (text-query.ts), which a listing must match too.
   */
  search(params: SearchParams, nowUs: number, text?: TextQuery): IndexAnswer {
    const none: IndexAnswer = { refs: [], n: 0 };
    // Each equality filter has its own list; the shortest is read, the others are checked.
    const lists: OrderedSlots[] = [this.all];
    const wanted = (dictionary: Dictionary, value: string | undefined, byValue: ListsByKey): number => {
      if (value === undefined) return -2;
      const n = dictionary.find(value);
      if (n >= 0) lists.push(byValue.at(n));
      return n;
    };
    const category = wanted(this.categories, params.category, this.byCategory);
    const address = wanted(this.addresses, params.address, this.byAddress);
    const commune = wanted(this.communes, params.commune, this.byCommune);
    const seller = wanted(this.sellers, params.seller, this.bySeller);
    if (category === -1 || address === -1 || commune === -1 || seller === -1) return none;
    if (category >= 0 && address >= 0) lists.push(this.byCategoryAddress.at(category * 65536 + address));
    const condition = params.condition === undefined ? -2 : this.conditions.find(params.condition);
    const priceType = params.priceType === undefined ? -2 : this.priceTypes.find(params.priceType);
    if (condition === -1 || priceType === -1) return none;
    const minPrice = params.minPrice === undefined ? -Infinity : Math.ceil(params.minPrice);
    const maxPrice = params.maxPrice === undefined ? Infinity : Math.floor(params.maxPrice);
    const exchange = params.exchange === true;
    const list = lists.reduce((a, b) => (b.length < a.length ? b : a));

    const records = this.records;
    const bannedSellers = this.bannedSellers;
    const matches = (slot: number): boolean =>
      records.alive(slot) &&
      records.expires(slot) > nowUs &&
      bannedSellers[records.seller(slot)] !== 1 &&
      (category < 0 || records.category(slot) === category) &&
      (address < 0 || records.address(slot) === address) &&
      (commune < 0 || records.commune(slot) === commune) &&
      (seller < 0 || records.seller(slot) === seller) &&
      (condition < 0 || records.condition(slot) === condition) &&
      (priceType < 0 || records.priceType(slot) === priceType) &&
      (!exchange || records.exchange(slot)) &&
      records.price(slot) >= minPrice &&
      records.price(slot) <= maxPrice;

    const offset = (params.currentPage - 1) * PRODUCTS_PAGE_SIZE;
    const end = offset + PRODUCTS_PAGE_SIZE;
    // The listings in the price range, as a stretch of a price list: the category's when there is one.
    const prices = category >= 0 ? this.byCategoryPrice.at(category) : this.byPrice;
    const from = Number.isFinite(minPrice) ? prices.firstWhere((slot) => records.price(slot) >= minPrice) : 0;
    const to = Number.isFinite(maxPrice) ? prices.firstWhere((slot) => records.price(slot) > maxPrice) : prices.length;
    const priced = Math.max(0, to - from);
    const n = prices.length;
    // Two ways to a page: walk a list in the search's order and stop once the page is read and the
    // count capped, or read every candidate of a shorter list and keep the page's in a heap. What a
    // walk reads is estimated from the share of listings the other way's filter keeps.
    const needed = Math.max(end, COUNT_CAP + 1);
    const walk = (length: number, share: number) => Math.min(length, share > 0 ? needed / share : length);
    const byDate = params.sortBy === 'date_desc' || params.sortBy === 'date_asc';
    const walkCost = byDate ? walk(list.length, n > 0 ? priced / n : 0) : walk(priced, n > 0 ? list.length / n : 0);
    const heapCost = (byDate ? priced : list.length) * 2;
    const reversed = params.sortBy === 'date_desc' || params.sortBy === 'price_desc';
    const order = byDate ? this.oldestFirst : this.cheapestFirst;
    const before = reversed ? (a: number, b: number) => order(b, a) : order;
    // With words: by date, their listings walked newest (or oldest) first; by price, below.
    if (text) {
      if (byDate) return this.walkWords(text, reversed, matches, before, offset, end);
      // By price: the price list walked with the words' listings marked, when the words are common
      // enough that the walk soon fills the page and the count; else every listing holding them.
      // Words and prices go together (cars are dear): a walk that reads more than the other way
      // would is left for it.
      // `holders` counts a listing once per lexeme it has of the words: it guesses high, and the
      // heap over the real holders is cheap (they are read in slot order) unless they are many.
      const holders = this.postings.size(text);
      if (walk(priced, holders / Math.max(1, n)) * 4 < holders) {
        if (this.marks.length < this.capacity) this.marks = new Uint8Array(this.capacity);
        const marks = this.marks;
        const all = this.postings.mark(text, marks);
        if (all !== null) {
          try {
            const answer = this.walkList(prices.slots, from, to, reversed, (slot) => marks[slot] === all && matches(slot), offset, end, holders);
            if (answer) return answer;
          } finally {
            this.postings.unmark(text, marks);
          }
        }
      }
      return this.pageOf(this.holding(text), 0, Number.MAX_SAFE_INTEGER, matches, before, offset, end);
    }
    if (walkCost <= heapCost) {
      const priceRange = list.prices && (minPrice > -Infinity || maxPrice < Infinity) ? { prices: list.prices, min: minPrice, max: maxPrice } : undefined;
      return (byDate ? this.walkList(list.slots, 0, list.length, reversed, matches, offset, end, Infinity, priceRange) : this.walkList(prices.slots, from, to, reversed, matches, offset, end))!;
    }
    return byDate ? this.pageOf(prices.slots, from, to, matches, before, offset, end) : this.pageOf(list.slots, 0, list.length, matches, before, offset, end);
  }

  /**
   * slots[first..last) in order (or backwards), the matches counted until the page is read and the
   * count capped; null past `budget` slots read.
   */
  private walkList(slots: Int32Array, first: number, last: number, backwards: boolean, matches: (slot: number) => boolean, offset: number, end: number, budget = Infinity, priceRange?: { prices: Int32Array; min: number; max: number }): IndexAnswer | null {
    const page: number[] = [];
    let count = 0;
    for (let i = 0; i < last - first && (count <= COUNT_CAP || count < end); i++) {
      if (i >= budget) return null;
      const at = backwards ? last - 1 - i : first + i;
      if (priceRange && (priceRange.prices[at]! < priceRange.min || priceRange.prices[at]! > priceRange.max)) continue;
      const slot = slots[at]!;
      if (!matches(slot)) continue;
      if (count >= offset && count < end) page.push(this.records.ref(slot));
      count += 1;
    }
    count = Math.min(count, COUNT_CAP + 1);
    return { refs: count > offset ? page : [], n: count };
  }

  /** Every slot holding the words, ascending. */
  private holding(text: TextQuery): Int32Array {
    const stream = this.postings.stream(text, false);
    const slots = new Int32Array(stream.size);
    let n = 0;
    for (let slot = stream.next(); slot >= 0; slot = stream.next()) slots[n++] = slot;
    return slots.subarray(0, n);
  }

  /**
   * A search with words by date: the words' slots walked in the search's order (slot order, for
   * the slots in date order) with the late ones that match merged in by their date, stopping once
   * the page is read and the count capped.
   */
  private walkWords(text: TextQuery, newestFirst: boolean, matches: (slot: number) => boolean, before: (a: number, b: number) => number, offset: number, end: number): IndexAnswer {
    const lateHits: number[] = [];
    if (this.lateSlots.size > 0) {
      const holds = this.postings.lookup(text);
      for (const slot of this.lateSlots) if (matches(slot) && holds(slot)) lateHits.push(slot);
    }
    lateHits.sort(before);
    return this.walkStream(this.postings.stream(text, newestFirst), lateHits, matches, before, offset, end);
  }

  /**
   * Walks the stream (slots in date order but for the late ones, which are skipped) with the late
   * hits merged in by date, until the page is read and the count capped.
   */
  private walkStream(stream: SlotStream, lateHits: number[], matches: (slot: number) => boolean, before: (a: number, b: number) => number, offset: number, end: number): IndexAnswer {
    const page: number[] = [];
    let count = 0;
    const done = () => count > COUNT_CAP && count >= end;
    const take = (slot: number) => {
      if (count >= offset && count < end) page.push(this.records.ref(slot));
      count += 1;
    };
    let j = 0;
    for (let slot = stream.next(); slot >= 0 && !done(); slot = stream.next()) {
      if (this.late[slot] === 1 || !matches(slot)) continue;
      while (j < lateHits.length && before(lateHits[j]!, slot) < 0 && !done()) take(lateHits[j++]!);
      if (!done()) take(slot);
    }
    while (j < lateHits.length && !done()) take(lateHits[j++]!);
    count = Math.min(count, COUNT_CAP + 1);
    return { refs: count > offset ? page : [], n: count };
  }

  /**
   * Every candidate of slots[first..last) read; the `end` first in the
   * search's order kept in a heap whose top is the last of them (the first to drop out).
   */
  private pageOf(slots: Int32Array, first: number, last: number, matches: (slot: number) => boolean, before: (a: number, b: number) => number, offset: number, end: number): IndexAnswer {
    const heap: number[] = [];
    let count = 0;
    for (let i = first, stop = Math.min(last, slots.length); i < stop; i++) {
      const slot = slots[i]!;
      if (!matches(slot)) continue;
      count += 1;
      if (heap.length < end) heapPush(heap, slot, before);
      else if (before(slot, heap[0]!) < 0) heapReplaceTop(heap, slot, before);
    }
    count = Math.min(count, COUNT_CAP + 1);
    if (count <= offset) return { refs: [], n: count };
    return { refs: heap.sort(before).slice(offset, end).map((slot) => this.records.ref(slot)), n: count };
  }
}


// A binary heap whose top is the slot that comes last in `order` (the first to drop out).
function heapPush(heap: number[], slot: number, order: (a: number, b: number) => number): void {
  heap.push(slot);
  let i = heap.length - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (order(heap[parent]!, heap[i]!) >= 0) break;
    [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
    i = parent;
  }
}

function heapReplaceTop(heap: number[], slot: number, order: (a: number, b: number) => number): void {
  heap[0] = slot;
  let i = 0;
  for (;;) {
    const left = 2 * i + 1;
    const right = left + 1;
    let last = i;
    if (left < heap.length && order(heap[left]!, heap[last]!) > 0) last = left;
    if (right < heap.length && order(heap[right]!, heap[last]!) > 0) last = right;
    if (last === i) return;
    [heap[last], heap[i]] = [heap[i]!, heap[last]!];
    i = last;
  }
}
