// A small marketplace built through the real API: an owner and another member, each
// with an e-mail and phones nobody else has (so a leak is a plain substring search),
// listings and an upload. Plus a dump of every table, to prove a refused call changed nothing.
import { readdir } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { alertMatches, auditLog, blocks, contactMessages, conversations, emailTokens, events, favourites, images, jobs, messages, products, reports, savedSearches, sessions, users } from '../../db/schema.ts';
import { API, multipartBody, PASSWORD, verifiedUser } from './api-client.ts';
import { remotePhotoUrl } from './photo-server.ts';
import type { TestContext } from './test-app.ts';

export interface Phone {
  national: string;
  international: string;
  digits: string;
}

let phoneCounter = 0;
/** A mobile number no other person of this process gets. */
export function distinctPhone(): Phone {
  const digits = `07${String(71_000_000 + ++phoneCounter * 7919)}`;
  return {
    digits,
    international: `+213${digits.slice(1)}`,
    national: `${digits.slice(0, 4)} ${digits.slice(4, 6)} ${digits.slice(6, 8)} ${digits.slice(8)}`,
  };
}

export interface Person {
  role: string;
  id: string;
  email: string;
  password: string;
  cookie: string;
  /** users.phone */
  phone: Phone;
  /** The phone given on this person's listings. */
  contact: Phone;
}

export interface Listing {
  id: string;
  title: string;
}

export interface World {
  owner: Person;
  other: Person;
  /** The owner's active listing, with an uploaded photo. */
  product: Listing;
  /** The owner's deactivated listing. */
  inactive: Listing;
  otherProduct: Listing;
  /** The other member wrote to the owner about `product`. */
  conversation: { id: string };
  /** An upload of the owner not attached to any listing. */
  upload: { key: string; url: string };
  everyone: Person[];
}

let personCounter = 0;

export async function person(ctx: TestContext, role: string): Promise<Person> {
  const n = ++personCounter;
  const signed = await verifiedUser(ctx, { name: `${role} person`, email: `zq${role}${n}.private@${role}-mailbox.dz` });
  const p: Person = { role, id: signed.user.id, email: signed.email, password: PASSWORD, cookie: signed.cookie, phone: distinctPhone(), contact: distinctPhone() };
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `${API}/users/${p.id}`,
    headers: { cookie: p.cookie },
    payload: { phone: p.phone.national, address: 'oran', bio: `The ${role} of the test world.` },
  });
  if (res.statusCode !== 200) throw new Error(`profile update answered ${res.statusCode}: ${res.body}`);
  return p;
}

let tinyPng: Buffer | undefined;
/** A valid PNG small enough to keep uploads cheap. */
export async function smallPng(): Promise<Buffer> {
  tinyPng ??= await sharp({ create: { width: 48, height: 32, channels: 3, background: '#2a7' } }).png().toBuffer();
  return tinyPng;
}

export async function pngUpload(ctx: TestContext, p: Person): Promise<{ key: string; url: string }> {
  const body = multipartBody([{ name: 'image', filename: 'p.png', contentType: 'image/png', data: await smallPng() }]);
  const res = await ctx.app.inject({ method: 'POST', url: `${API}/products/upload`, payload: body.payload, headers: { ...body.headers, cookie: p.cookie } });
  if (res.statusCode !== 201) throw new Error(`upload answered ${res.statusCode}: ${res.body}`);
  return res.json().data;
}

export function listingBody(p: Person, overrides: Record<string, unknown> = {}) {
  return {
    title: `Vélo de ville du ${p.role}`,
    desc: 'Vélo de ville très peu utilisé, avec panier et antivol, à récupérer sur place.',
    category: 'sport-fitness',
    condition: 'good',
    img: remotePhotoUrl(),
    price: 15000,
    contact: p.contact.national,
    address: 'alger',
    ...overrides,
  };
}

export async function publish(ctx: TestContext, p: Person, overrides: Record<string, unknown> = {}): Promise<Listing> {
  const res = await ctx.app.inject({ method: 'POST', url: `${API}/products`, headers: { cookie: p.cookie }, payload: listingBody(p, overrides) });
  if (res.statusCode !== 201) throw new Error(`publish answered ${res.statusCode}: ${res.body}`);
  const { id, title } = res.json().data;
  return { id, title };
}

export async function buildWorld(ctx: TestContext): Promise<World> {
  const owner = await person(ctx, 'owner');
  const other = await person(ctx, 'other');
  const photo = await pngUpload(ctx, owner);
  const product = await publish(ctx, owner, { img: photo.url });
  const inactive = await publish(ctx, owner, { title: 'Lampe de bureau en bambou' });
  const toggled = await ctx.app.inject({ method: 'PATCH', url: `${API}/products/status/${inactive.id}`, headers: { cookie: owner.cookie } });
  if (toggled.statusCode !== 200) throw new Error(`toggle answered ${toggled.statusCode}: ${toggled.body}`);
  const otherProduct = await publish(ctx, other, { title: 'Table en palette recyclée' });
  const upload = await pngUpload(ctx, owner);
  const started = await ctx.app.inject({ method: 'POST', url: `${API}/conversations`, headers: { cookie: other.cookie }, payload: { productId: product.id, message: 'Bonjour, est-il toujours disponible ?' } });
  if (started.statusCode !== 201) throw new Error(`conversation answered ${started.statusCode}: ${started.body}`);
  const conversation = { id: started.json().data.id as string };
  return { owner, other, product, inactive, otherProduct, conversation, upload, everyone: [owner, other] };
}

export async function setVerified(ctx: TestContext, userId: string, isVerified: boolean) {
  await ctx.database.db.update(users).set({ isVerified }).where(eq(users.id, userId));
}

async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true })).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Every row of every table, the stored files and the sent e-mails, in a stable order. */
export async function snapshot(ctx: TestContext): Promise<Record<string, string[]>> {
  const { db } = ctx.database;
  // jobs: a refused call must not queue an e-mail either.
  const tables = { users, sessions, emailTokens, products, images, contactMessages, events, jobs, reports, auditLog, conversations, messages, blocks, favourites, savedSearches, alertMatches };
  const dump: Record<string, string[]> = {};
  for (const [name, table] of Object.entries(tables)) {
    const rows = (await db.select().from(table)).map((row) => JSON.stringify(row));
    dump[name] = rows.sort();
  }
  dump.files = await filesUnder(ctx.config.uploadsDir);
  dump.outbox = await filesUnder(ctx.config.outboxDir);
  return dump;
}
