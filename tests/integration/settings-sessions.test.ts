// Statements run with planner and timeout settings in force (db/client.ts withSettings): on the
// searches' own PostgreSQL pool the settings stay on the connection and only changes are sent;
// anywhere else they last for one call (SET LOCAL in a transaction). Either way no other
// statement of the application runs under them.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withSettings, type AppDb, type Database } from '../../db/client.ts';
import { openTestDatabase, TEST_ENGINE } from '../helpers/test-database.ts';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase('settings');
});
afterAll(async () => {
  await database?.close();
});

const setting = (name: string) => sql`select current_setting(${name}, true) as v`;
const valueOf = (result: unknown) => (result as { rows: { v: string | null }[] }).rows[0]?.v;
// Every connection a pool of ten may hand out: ten statements at once.
const everywhere = async (db: AppDb, name: string) => new Set((await Promise.all(Array.from({ length: 10 }, () => db.execute(setting(name))))).map(valueOf));

describe('withSettings', () => {
  for (const pool of ['searches', 'db'] as const) {
    it(`puts the settings in force for each statement (${pool})`, async () => {
      const seen = await withSettings(database[pool], async (session) => [
        valueOf(await session.run(setting('enable_seqscan'), { enable_seqscan: 'off', enable_indexscan: 'on' })),
        valueOf(await session.run(setting('enable_indexscan'), { enable_seqscan: 'off', enable_indexscan: 'off' })),
        valueOf(await session.run(setting('enable_seqscan'), { enable_seqscan: 'on', enable_indexscan: 'on' })),
        valueOf(await session.run(sql`select ${3}::int + 4 as v`, { enable_seqscan: 'on' }, 'k')),
      ]);
      expect(seen).toEqual(['off', 'off', 'on', 7]);
    });
  }

  it('sends a setting only when it changes: a value the statement itself changed is not put back', async () => {
    const seen = await withSettings(database.searches, async (session) => {
      await session.run(sql`select set_config('ecosouk.probe', 'changed behind', false)`, { 'ecosouk.probe': 'sent' });
      return valueOf(await session.run(setting('ecosouk.probe'), { 'ecosouk.probe': 'sent' }));
    });
    expect(seen).toBe('changed behind');
  });

  it.runIf(TEST_ENGINE === 'postgres')("keeps a search connection's settings to the searches' own pool", async () => {
    await Promise.all(
      Array.from({ length: 10 }, () => withSettings(database.searches, (session) => session.run(sql`select pg_sleep(0.02)`, { enable_seqscan: 'off', 'ecosouk.probe': 'search' }))),
    );
    // Kept on the searches' connections…
    expect(await everywhere(database.searches, 'ecosouk.probe')).toEqual(new Set(['search']));
    // …and never on the connections the rest of the application uses.
    expect(await everywhere(database.db, 'enable_seqscan')).toEqual(new Set(['on']));
    expect(await everywhere(database.reads, 'ecosouk.probe')).not.toContain('search');
  });

  it('lasts one call elsewhere (SET LOCAL)', async () => {
    await withSettings(database.db, (session) => session.run(sql`select 1`, { 'ecosouk.probe': 'local' }));
    expect(await everywhere(database.db, 'ecosouk.probe')).not.toContain('local');
  });

  it.runIf(TEST_ENGINE === 'postgres')('after a failed statement, the next search still gets its settings', async () => {
    const timedOut = withSettings(database.searches, (session) => session.run(sql`select pg_sleep(0.5)`, { statement_timeout: '20', enable_seqscan: 'off' }));
    await expect(timedOut).rejects.toThrow();
    const seen = await withSettings(database.searches, async (session) => valueOf(await session.run(setting('statement_timeout'), { statement_timeout: '20', enable_seqscan: 'off' })));
    expect(seen).toBe('20ms');
  });
});
