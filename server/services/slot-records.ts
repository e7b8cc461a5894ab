// The search index's per-listing fields that a search checks, one 32-byte record a slot (decision
// 0051). A filtered list's slots are scattered over the whole index: with one typed array a field,
// checking a slot read a cache line from each of seven arrays or more, and a walk of 2,000 slots
// took 0.35 ms, most of it waiting on memory. In one record they share a cache line.
import { release } from './typed-arrays.ts';

const BYTES = 32;
// Where each field starts in a record, in bytes, each at a multiple of its own size: read as
// (slot * BYTES + offset) >> log2(size) in the view of that size. Named once for the reads and set().
const ALIVE = 0; // 8-bit
const CONDITION = 1;
const PRICE_TYPE = 2;
const EXCHANGE = 3;
const CATEGORY = 4; // 16-bit
const ADDRESS = 6;
const COMMUNE = 8;
const PRICE = 12; // 32-bit
const SELLER = 16;
const REF = 20;
const EXPIRES = 24; // 64-bit float

export class SlotRecords {
  private u8 = new Uint8Array(0);
  private u16 = new Uint16Array(0);
  private i32 = new Int32Array(0);
  private f64 = new Float64Array(0);

  /** Room for `slots` records, those held kept. */
  resize(slots: number): void {
    const bytes = new Uint8Array(slots * BYTES);
    bytes.set(this.u8.subarray(0, Math.min(this.u8.length, bytes.length)));
    release(this.u8);
    this.u8 = bytes;
    this.u16 = new Uint16Array(bytes.buffer);
    this.i32 = new Int32Array(bytes.buffer);
    this.f64 = new Float64Array(bytes.buffer);
  }

  alive(slot: number): boolean {
    return this.u8[slot * BYTES + ALIVE] === 1;
  }
  setAlive(slot: number, alive: boolean): void {
    this.u8[slot * BYTES + ALIVE] = alive ? 1 : 0;
  }
  condition(slot: number): number {
    return this.u8[slot * BYTES + CONDITION]!;
  }
  priceType(slot: number): number {
    return this.u8[slot * BYTES + PRICE_TYPE]!;
  }
  exchange(slot: number): boolean {
    return this.u8[slot * BYTES + EXCHANGE] === 1;
  }
  category(slot: number): number {
    return this.u16[(slot * BYTES + CATEGORY) >> 1]!;
  }
  address(slot: number): number {
    return this.u16[(slot * BYTES + ADDRESS) >> 1]!;
  }
  commune(slot: number): number {
    return this.u16[(slot * BYTES + COMMUNE) >> 1]!;
  }
  price(slot: number): number {
    return this.i32[(slot * BYTES + PRICE) >> 2]!;
  }
  seller(slot: number): number {
    return this.i32[(slot * BYTES + SELLER) >> 2]!;
  }
  ref(slot: number): number {
    return this.i32[(slot * BYTES + REF) >> 2]!;
  }
  expires(slot: number): number {
    return this.f64[(slot * BYTES + EXPIRES) >> 3]!;
  }

  /** Writes a slot's record (numbers from the index's dictionaries). */
  set(slot: number, fields: { condition: number; priceType: number; exchange: boolean; category: number; address: number; commune: number; price: number; seller: number; ref: number; expiresUs: number }): void {
    const at = slot * BYTES;
    this.u8[at + ALIVE] = 1;
    this.u8[at + CONDITION] = fields.condition;
    this.u8[at + PRICE_TYPE] = fields.priceType;
    this.u8[at + EXCHANGE] = fields.exchange ? 1 : 0;
    this.u16[(at + CATEGORY) >> 1] = fields.category;
    this.u16[(at + ADDRESS) >> 1] = fields.address;
    this.u16[(at + COMMUNE) >> 1] = fields.commune;
    this.i32[(at + PRICE) >> 2] = fields.price;
    this.i32[(at + SELLER) >> 2] = fields.seller;
    this.i32[(at + REF) >> 2] = fields.ref;
    this.f64[(at + EXPIRES) >> 3] = fields.expiresUs;
  }
}
