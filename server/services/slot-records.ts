// The search index's per-listing fields that a search checks, one 32-byte record a slot (decision
// 0051). A filtered list's slots are scattered over the whole index: with one typed array a field,
// checking a slot read a cache line from each of seven arrays or more, and a walk of 2,000 slots
// took 0.35 ms, most of it waiting on memory. In one record they share a cache line.
import { release } from './typed-arrays.ts';

/** Bytes a slot: 0 alive, 1 condition, 2 price type, 3 exchange; 4 category, 6 wilaya, 8 commune (16-bit); 12 price, 16 seller, 20 ref (32-bit); 24 expires_at (64-bit float). */
const BYTES = 32;

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
    return this.u8[slot * BYTES] === 1;
  }
  setAlive(slot: number, alive: boolean): void {
    this.u8[slot * BYTES] = alive ? 1 : 0;
  }
  condition(slot: number): number {
    return this.u8[slot * BYTES + 1]!;
  }
  priceType(slot: number): number {
    return this.u8[slot * BYTES + 2]!;
  }
  exchange(slot: number): boolean {
    return this.u8[slot * BYTES + 3] === 1;
  }
  category(slot: number): number {
    return this.u16[slot * 16 + 2]!;
  }
  address(slot: number): number {
    return this.u16[slot * 16 + 3]!;
  }
  commune(slot: number): number {
    return this.u16[slot * 16 + 4]!;
  }
  price(slot: number): number {
    return this.i32[slot * 8 + 3]!;
  }
  seller(slot: number): number {
    return this.i32[slot * 8 + 4]!;
  }
  ref(slot: number): number {
    return this.i32[slot * 8 + 5]!;
  }
  expires(slot: number): number {
    return this.f64[slot * 4 + 3]!;
  }

  /** Writes a slot's record (numbers from the index's dictionaries). */
  set(slot: number, fields: { condition: number; priceType: number; exchange: boolean; category: number; address: number; commune: number; price: number; seller: number; ref: number; expiresUs: number }): void {
    const at = slot * BYTES;
    this.u8[at] = 1;
    this.u8[at + 1] = fields.condition;
    this.u8[at + 2] = fields.priceType;
    this.u8[at + 3] = fields.exchange ? 1 : 0;
    this.u16[slot * 16 + 2] = fields.category;
    this.u16[slot * 16 + 3] = fields.address;
    this.u16[slot * 16 + 4] = fields.commune;
    this.i32[slot * 8 + 3] = fields.price;
    this.i32[slot * 8 + 4] = fields.seller;
    this.i32[slot * 8 + 5] = fields.ref;
    this.f64[slot * 4 + 3] = fields.expiresUs;
  }
}
