// Who the in-memory search index answers (SEARCH_INDEX=memory, decisions 0045, 0046): visitors; not
// the author of a write made a moment ago (the `fresh` cookie, as with a replica),
// who must see their listing at once whatever the index has read. The index is made to miss a
// listing on purpose, so that which of the two answered shows in the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, verifiedUser, type SignedIn } from '../helpers/api-client.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';
import { distinctPhone, listingBody, type Person } from '../helpers/world.ts';

let ctx: TestContext;
let seller: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext('search_index_routing', { remotePhotos: true, env: { SEARCH_INDEX: 'memory' } });
  await ctx.services.searchIndex!.start();
  seller = await verifiedUser(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

const ids = (res: { json(): { data: { id: string }[] } }) => res.json().data.map((p) => p.id);

describe('searches with the in-memory index', () => {
  it('answer a visitor from the index, and the author of a fresh write from the database', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: `${API}/products`, headers: { cookie: seller.cookie }, payload: listingBody({ role: 'seller', contact: distinctPhone() } as Person) });
    expect(created.statusCode, created.body).toBe(201);
    const fresh = [created.headers['set-cookie']].flat().find((c) => String(c).startsWith('fresh='));
    expect(fresh).toMatch(/^fresh=1; /);
    const { id, reference } = created.json().data as { id: string; reference: string };
    const ref = Number(reference);
    await ctx.services.searchIndex!.catchUp();
    const shop = `${API}/products?seller=${seller.user.id}`;
    expect(ids(await ctx.app.inject({ method: 'GET', url: shop }))).toEqual([id]);

    // The index loses the listing (as if it had not read the change yet).
    ctx.services.searchIndex!.current()!.remove(ref);
    ctx.services.search.invalidate();
    expect(ids(await ctx.app.inject({ method: 'GET', url: `${shop}&sortBy=date_asc` }))).toEqual([]);
    // Its author, who just wrote, reads the database; so does a search with words that the index finds
    // nothing for (the database then tries close spellings too).
    expect(ids(await ctx.app.inject({ method: 'GET', url: `${shop}&sortBy=date_asc`, headers: { cookie: `${seller.cookie}; fresh=1` } }))).toEqual([id]);
    const title = (created.json().data as { title: string }).title.split(' ')[0]!;
    expect(ids(await ctx.app.inject({ method: 'GET', url: `${shop}&title=${encodeURIComponent(title)}` }))).toEqual([id]);
  });
});
