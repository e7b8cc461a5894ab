// What a real user does, over HTTP, for the system scripts: sign up and follow the
// e-mailed link, log in, upload a photo and publish a listing, reveal a phone.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { CATEGORY_KEYS, CONDITION_KEYS, WILAYA_KEYS } from '../../common/reference-data.ts';
import { extractLinks } from '../../server/services/mail/mailer.ts';
import { call, multipartFile, type Recorder } from './http.ts';

export const API = '/api/v1';
export const PASSWORD = 'Green-Souk42';

/**
 * Verification tokens by recipient, read from the outbox folder. Each .eml is parsed
 * once: with hundreds of sign-ups, re-parsing the folder on every look-up would be quadratic.
 */
export class OutboxReader {
  private seen = new Set<string>();
  private tokens = new Map<string, string>();
  private scanning: Promise<void> | undefined;
  private readonly dir: string;
  constructor(dir: string) {
    this.dir = dir;
  }

  private async scan() {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return;
    }
    for (const name of names) {
      if (!name.endsWith('.eml') || this.seen.has(name)) continue;
      this.seen.add(name);
      const mail = await simpleParser(await readFile(path.join(this.dir, name)));
      const to = [mail.to ?? []].flat().flatMap((group) => group.value.map((a) => (a.address ?? '').toLowerCase()));
      const link = extractLinks(mail.text ?? '').find((l) => l.includes('/verify-email?token='));
      const token = link ? new URL(link).searchParams.get('token') : null;
      if (token) for (const address of to) this.tokens.set(address, token);
    }
  }

  async verificationToken(email: string, timeoutMs = 10_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.tokens.get(email.toLowerCase());
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no verification e-mail for ${email} in ${this.dir}`);
      // One scan at a time; concurrent callers share it.
      this.scanning ??= this.scan().finally(() => (this.scanning = undefined));
      await this.scanning;
      if (!this.tokens.has(email.toLowerCase())) await new Promise((r) => setTimeout(r, 50));
    }
  }
}

let pictureCount = 0;
/**
 * A small PNG of its own each time: a 9 × 9 grid of cells whose brightness comes from the
 * picture's number. Flat colours would all have the same dHash (zero), and the automatic
 * checks (server/services/listing-checks.ts) would hold a seller's second listing as a copy of
 * the first one's photo.
 */
export async function smallPicture(size = 96): Promise<Buffer> {
  const n = ++pictureCount;
  let state = Math.imul(n, 2654435761) >>> 0;
  const cells = Array.from({ length: 81 }, () => {
    state = (Math.imul(state ^ (state >>> 15), 2246822519) + 0x9e3779b9) >>> 0;
    return state >>> 24;
  });
  const cell = Math.ceil(size / 9);
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const v = cells[Math.floor(y / cell) * 9 + Math.floor(x / cell)]!;
      const i = (y * size + x) * 3;
      pixels[i] = v;
      pixels[i + 1] = (v * 3 + n) & 255;
      pixels[i + 2] = (v * 7) & 255;
    }
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } }).png().toBuffer();
}

/** A large noisy JPEG: slow to upload and to process, for requests that must survive a shutdown. */
export async function largePicture(width = 2400, height = 1800): Promise<Buffer> {
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
}

export interface Account {
  id: string;
  email: string;
  cookie?: string;
  verified: boolean;
}

export interface Ctx {
  recorder?: Recorder;
  outbox: OutboxReader;
  ip: string;
}

function pick<T>(list: readonly T[], n: number): T {
  return list[Math.abs(n) % list.length]!;
}

/** Signs up; undefined unless 201 (the caller reads the recorder for why). */
export async function signUp(ctx: Ctx, base: string, email: string, lang: 'ar' | 'fr' | 'en' = 'fr'): Promise<Account | undefined> {
  const res = await call(ctx.recorder, 'signup', base, `${API}/users/signup`, { ip: ctx.ip, json: { name: 'Load Tester', email, password: PASSWORD, lang } });
  if (res.status !== 201) return undefined;
  return { id: res.json().data.id, email, verified: false };
}

export async function verify(ctx: Ctx, base: string, account: Account): Promise<boolean> {
  const token = await ctx.outbox.verificationToken(account.email);
  const res = await call(ctx.recorder, 'verify-email', base, `${API}/users/verify-email?token=${encodeURIComponent(token)}`, { method: 'POST', ip: ctx.ip });
  account.verified = res.status === 200;
  return account.verified;
}

export async function logIn(ctx: Ctx, base: string, account: Account): Promise<boolean> {
  const res = await call(ctx.recorder, 'login', base, `${API}/users/login`, { ip: ctx.ip, json: { email: account.email, password: PASSWORD } });
  account.cookie = res.status === 200 ? res.sessionCookie() : undefined;
  return account.cookie !== undefined;
}

/** Uploads a photo and publishes a listing with it; the new listing's id, or undefined. */
export async function publish(ctx: Ctx, base: string, account: Account, n: number, picture?: Buffer): Promise<string | undefined> {
  const upload = multipartFile('image', 'photo.png', 'image/png', picture ?? (await smallPicture()));
  const up = await call(ctx.recorder, 'upload', base, `${API}/products/upload`, { ip: ctx.ip, cookie: account.cookie, body: upload.body, contentType: upload.contentType });
  if (up.status !== 201) return undefined;
  const img = up.json().data.url as string;
  const res = await call(ctx.recorder, 'create-listing', base, `${API}/products`, {
    ip: ctx.ip,
    cookie: account.cookie,
    json: {
      title: `Vélo de test ${n}`,
      desc: `Annonce créée par le test de charge (${n}).`,
      category: pick(CATEGORY_KEYS, n),
      condition: pick(CONDITION_KEYS, n),
      img,
      price: 1000 + (n % 500) * 100,
      contact: `055${String(n % 10_000_000).padStart(7, '0')}`,
      address: pick(WILAYA_KEYS, n),
    },
  });
  return res.status === 201 ? (res.json().data.id as string) : undefined;
}

/** Reveals a listing's phone; true when the reveal was counted (200). */
export async function reveal(ctx: Ctx, base: string, productId: string): Promise<boolean> {
  const res = await call(ctx.recorder, 'reveal-phone', base, `${API}/products/${productId}/contact`, { method: 'POST', ip: ctx.ip });
  return res.status === 200;
}
