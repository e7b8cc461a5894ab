// Every write of more than one statement is all or nothing. Each test breaks one step after
// the first (a trigger in the real database makes that statement fail, see helpers/faults.ts)
// and then finds every table, stored file and sent e-mail as it was before the call. With the
// fault removed, the same call then succeeds: the fault was the only thing in its way, and
// nothing the failed attempt used up (a token, an upload) was spent.
import { eq } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createProductSchema, updateProductSchema } from '../../common/schemas/product.ts';
import { emailTokens, images, jobs, products, users, type User } from '../../db/schema.ts';
import { MAIL_JOBS } from '../../server/services/users.ts';
import { signup, tokenFor, uniqueEmail } from '../helpers/api-client.ts';
import { FAULT_MESSAGE, injectFault, type FaultOp } from '../helpers/faults.ts';
import { remotePhotoUrl } from '../helpers/photo-server.ts';
import { createTestContext, type TestContext, visitorCaller } from '../helpers/test-app.ts';
import { TEST_ENGINE } from '../helpers/test-database.ts';
import { buildWorld, listingBody, snapshot, type World } from '../helpers/world.ts';

let ctx: TestContext;
let w: World;

beforeAll(async () => {
  ctx = await createTestContext('transactions', { remotePhotos: true });
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  await ctx.reset();
  w = await buildWorld(ctx);
});

/** The messages of an error and of its causes (drizzle wraps the driver's error). */
function messagesOf(error: unknown): string {
  const found: string[] = [];
  for (let e = error; e instanceof Error; e = e.cause) found.push(e.message);
  return found.join(' <- ');
}

/** `act` fails on the injected fault, and leaves every table, file and e-mail as they were. */
async function leavesNoTrace(table: string, op: FaultOp, act: () => Promise<unknown>) {
  const before = await snapshot(ctx);
  const removeFault = await injectFault(ctx.database, table, op);
  let failure: unknown;
  try {
    await act();
  } catch (error) {
    failure = error;
  } finally {
    await removeFault();
  }
  // The fault itself, on the statement meant: not a validation error before any write.
  expect(messagesOf(failure)).toContain(`${FAULT_MESSAGE}: ${op} on ${table}`);
  expect(await snapshot(ctx)).toEqual(before);
}

async function userRow(id: string): Promise<User> {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

const photosOf = (productId: string) => ctx.database.db.select().from(images).where(eq(images.productId, productId)).orderBy(images.position);

describe('listings', () => {
  it('create: the listing, its fetched photo and the attachment of the upload, or none of them', async () => {
    const owner = await userRow(w.owner.id);
    // Fetched and stored before the transaction; removed again (row and files) when it fails.
    const external = remotePhotoUrl('lampe.jpg');
    const input = createProductSchema.parse(listingBody(w.owner, { title: 'Lampe en rotin tressé', img: w.upload.url, images: [w.upload.url, external] }));
    const create = () => ctx.services.listings.create(owner, input);
    // Statements: insert the listing, attach the photos.
    await leavesNoTrace('products', 'INSERT', create);
    await leavesNoTrace('images', 'UPDATE', create);

    const created = await create();
    expect(created.images).toEqual([w.upload.url, expect.stringMatching(/^\/uploads\/listings\//)]);
    expect((await photosOf(created.id)).map((p) => p.key)).toEqual([w.upload.key, expect.stringMatching(/^listings\//)]);
  });

  it('update: new photos, dropped photos (rows and files) and new fields, or none of them', async () => {
    const owner = await userRow(w.owner.id);
    const [oldPhoto] = await photosOf(w.product.id);
    const patch = updateProductSchema.parse({ title: 'Vélo de ville repeint en vert', images: [w.upload.url] });
    const update = () => ctx.services.listings.update(owner, w.product.id, patch);
    // Statements: delete the dropped photo's row, attach the new one, update the listing;
    // the dropped photo's files go after the commit.
    await leavesNoTrace('images', 'UPDATE', update);
    await leavesNoTrace('products', 'UPDATE', update);

    const updated = await update();
    expect(updated.title).toBe('Vélo de ville repeint en vert');
    expect(updated.images).toEqual([w.upload.url]);
    expect(await ctx.database.db.select().from(images).where(eq(images.id, oldPhoto!.id))).toEqual([]);
  });

  it('remove: the listing and its photo rows, or neither', async () => {
    const owner = await userRow(w.owner.id);
    const [photo] = await photosOf(w.product.id);
    const remove = () => ctx.services.listings.remove(owner, w.product.id);
    await leavesNoTrace('images', 'DELETE', remove);

    await remove();
    expect(await ctx.database.db.select().from(products).where(eq(products.id, w.product.id))).toEqual([]);
    expect(await ctx.database.db.select().from(images).where(eq(images.id, photo!.id))).toEqual([]);
  });

  it('phone reveal: the counter and the activity line, or neither', async () => {
    const reveal = () => ctx.services.listings.revealContact(visitorCaller(), w.product.id);
    await leavesNoTrace('events', 'INSERT', reveal);

    expect((await reveal()).contact).toBe(w.owner.contact.national);
    const [row] = await ctx.database.db.select().from(products).where(eq(products.id, w.product.id));
    expect(row?.phoneReveals).toBe(1);
  });
});

describe('accounts', () => {
  it('sign-up: the account and its queued verification e-mail, or neither (the address stays free)', async () => {
    const email = uniqueEmail('tx.signup');
    const register = () => ctx.services.users.signup(visitorCaller(), { name: 'Nadia Kaci', email, password: 'Green-Souk42', lang: 'fr' });
    await leavesNoTrace('jobs', 'INSERT', register);

    const { user } = await register();
    expect(await ctx.database.db.select({ name: jobs.name }).from(jobs).where(eq(jobs.key, `verify-email:signup:${user.id}`))).toEqual([{ name: MAIL_JOBS.verification }]);
    // The job makes the token when it runs.
    await ctx.services.jobs.drain();
    expect(await ctx.database.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id))).toHaveLength(1);
  });

  it('contact: the message and its queued e-mail, or neither', async () => {
    const send = () => ctx.services.users.contact(visitorCaller(), { name: 'Karim Bey', email: 'karim@example.dz', message: 'Bonjour, une question sur une annonce.' });
    await leavesNoTrace('jobs', 'INSERT', send);
  });

  it('e-mail verification: the token is spent only if the account is verified', async () => {
    const fresh = await signup(ctx, { email: uniqueEmail('tx.verify') });
    const token = await tokenFor(ctx, fresh.email, 'verify-email');
    const verify = () => ctx.services.users.verifyEmail(token);
    await leavesNoTrace('users', 'UPDATE', verify);

    expect((await verify()).isVerified).toBe(true);
  });

  it('password reset: token, password, sessions and other links change together, or not at all', async () => {
    await ctx.services.users.forgotPassword(visitorCaller(), w.owner.email, 'fr');
    const token = await tokenFor(ctx, w.owner.email, 'reset-password');
    const reset = () => ctx.services.users.resetPassword(token, 'Fresh-Souk77');
    // Statements: spend the token, set the password, end the sessions, spend the other links.
    await leavesNoTrace('users', 'UPDATE', reset);
    await leavesNoTrace('sessions', 'DELETE', reset);

    await reset();
    expect(await ctx.services.sessions.userOf(w.owner.cookie.split('=')[1])).toBeNull();
    expect((await ctx.services.users.login(visitorCaller(), w.owner.email, 'Fresh-Souk77')).user.id).toBe(w.owner.id);
  });

  it('account deletion: the photo rows and the account (with what cascades from it), or neither', async () => {
    const owner = await userRow(w.owner.id);
    const remove = () => ctx.services.users.deleteAccount(owner, owner.id);
    // Statements: delete the photo rows (their files go after the commit), delete the account.
    await leavesNoTrace('users', 'DELETE', remove);

    await remove();
    expect(await ctx.database.db.select().from(images).where(eq(images.userId, owner.id))).toEqual([]);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, owner.id))).toEqual([]);
  });
});

// PGlite has one connection, so its transactions never overlap; on PostgreSQL they do.
describe.skipIf(TEST_ENGINE !== 'postgres')('saves at the same moment', () => {
  it('an upload being attached to another listing is refused, not taken from it', async () => {
    const pool = (ctx.database.db as unknown as { $client: pg.Pool }).$client;
    const other = await pool.connect();
    try {
      // Another save has attached the upload to the owner's other listing and not committed yet.
      await other.query('begin');
      await other.query('update images set product_id = $1 where key = $2', [w.inactive.id, w.upload.key]);
      const owner = await userRow(w.owner.id);
      const input = createProductSchema.parse(listingBody(w.owner, { title: 'Tabouret en liège', img: w.upload.url }));
      const attempt = ctx.services.listings.create(owner, input).then(
        () => 'created',
        (error: unknown) => error,
      );
      // The create waits on the other save's row lock (no sleeping: PostgreSQL says when).
      const waiting = async () => {
        const { rows } = await other.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
        );
        return rows[0]!.n > 0;
      };
      for (let tries = 0; !(await waiting()); tries++) {
        if (tries > 500) throw new Error('the create never waited for the lock');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      await other.query('commit');
      expect(await attempt).toMatchObject({ code: 'VALIDATION_ERROR' });
      const [photo] = await ctx.database.db.select().from(images).where(eq(images.key, w.upload.key));
      expect(photo?.productId).toBe(w.inactive.id);
      expect(await ctx.database.db.select().from(products).where(eq(products.title, 'Tabouret en liège'))).toEqual([]);
    } finally {
      other.release();
    }
  });
});
