import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attributeOf, attributesOf, type AttributeValues } from '../../common/category-attributes.ts';
import { searchParamsSchema } from '../../common/schemas/search.ts';
import type { Database } from '../../db/client.ts';
import { ATTRIBUTE_INDEXES } from '../../db/schema.ts';
import { searchFilters, searchStatements } from '../../server/services/search.ts';
import { openTestDatabase, TEST_ENGINE } from '../helpers/test-database.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase('migrations');
});
afterAll(async () => {
  await database.close();
});

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe(`migrations on ${TEST_ENGINE}`, () => {
  it('creates every table of the schema', async () => {
    const rows = rowsOf(
      await database.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`),
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['users', 'sessions', 'email_tokens', 'products', 'images', 'contact_messages', 'events']),
    );
  });

  it('can run again without changing anything', async () => {
    await database.migrate();
    const rows = rowsOf(await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`));
    expect(rows[0]?.n).toBeGreaterThanOrEqual(1);
  });

  it('declares the newest-first index as DESC NULLS LAST, as the queries order', async () => {
    const rows = rowsOf(
      await database.db.execute(sql`select indexdef from pg_indexes where indexname = 'products_active_created_idx'`),
    );
    expect(String(rows[0]?.indexdef)).toMatch(/created_at DESC NULLS LAST/);
  });

  it('lets the newest-listings query walk that index', async () => {
    // With an empty table the planner prefers a scan; forbid it to prove the index matches the ORDER BY.
    await database.db.execute(sql`set enable_seqscan = off`);
    try {
      const plan = rowsOf(
        await database.db.execute(
          sql`explain select * from products where listed order by created_at desc nulls last, id desc nulls last limit 10`,
        ),
      )
        .map((r) => Object.values(r)[0])
        .join('\n');
      expect(plan).toContain('products_active_created_idx');
      expect(plan).not.toMatch(/Sort/);
    } finally {
      await database.db.execute(sql`set enable_seqscan = on`);
    }
  });

  it("counts a search on each indexed category detail from its index alone (ATTRIBUTE_INDEXES, decision 0025)", async () => {
    // 600 listings a detail category, their details cycling through options and numbers, so that
    // a one-value filter is selective and the planner costs an index worth using.
    const seller = rowsOf(
      await database.db.execute(sql`insert into users (name, email, password_hash) values ('Vendeur', 'details@example.dz', 'x') returning id`),
    )[0]!.id as string;
    const categories = [...new Set(ATTRIBUTE_INDEXES.map(([category]) => category))];
    const listings = categories.flatMap((category) =>
      Array.from({ length: 600 }, (_, n) => {
        const values: AttributeValues = {};
        for (const attribute of attributesOf(category)) {
          if (attribute.type === 'enum') values[attribute.key] = attribute.options[n % attribute.options.length]!.key;
          if (attribute.type === 'int') values[attribute.key] = attribute.min + ((n * 7) % 500);
        }
        return { category, attributes: JSON.stringify(values) };
      }),
    );
    await database.db.execute(sql`
      insert into products (user_id, title, "desc", original_lang, category, condition, address, price, contact, attributes)
      select ${seller}, 'Annonce', 'Annonce', 'fr', c, 'good', 'alger', 1000, '+213550000000', a::jsonb
      from unnest(${sql.param(listings.map((l) => l.category))}::text[], ${sql.param(listings.map((l) => l.attributes))}::text[]) as r(c, a)`);
    await database.db.execute(sql`vacuum analyze products`);
    for (const [category, keys] of ATTRIBUTE_INDEXES) {
      // A filter on the index's first detail: one option, or the number's first value.
      const attribute = attributeOf(category, keys[0])!;
      const filter = attribute.type === 'enum' ? { [`attr.${attribute.key}`]: attribute.options[0]!.key } : { [`attr.${attribute.key}.max`]: String(attribute.type === 'int' ? attribute.min : 0) };
      const params = searchParamsSchema.parse({ category, ...filter });
      const { count } = searchStatements(database.db, searchFilters(params), params);
      const plan = await database.db.transaction(async (tx) => {
        // Few rows: without this the planner may read the whole small table instead.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        return rowsOf(await tx.execute(sql`explain ${count}`))
          .map((r) => Object.values(r)[0])
          .join('\n');
      });
      expect(plan, `${category} ${keys.join(', ')}`).toMatch(new RegExp(`Index Only Scan using products_listed_${category.replace(/-/g, '_')}_\\w+_idx`));
    }
  });

  it('enforces one account per e-mail address', async () => {
    await database.db.execute(sql`insert into users (name, email, password_hash) values ('A', 'a@example.dz', 'x')`);
    await expect(
      database.db.execute(sql`insert into users (name, email, password_hash) values ('B', 'a@example.dz', 'y')`),
    ).rejects.toThrow();
  });
});
