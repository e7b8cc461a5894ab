// The root loader's language is the page's: the route's `lang` parameter, whatever the
// request's path looks like. A client navigation to the home page asks for `/fr.data`,
// whose first segment is not a language; the i18next cookie still holds the language
// being left, so reading either would keep the page in it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as root from '../../app/root.tsx';
import type { RootData } from '../../app/lib/root-data.ts';
import { documentTextsContext } from '../../app/i18n/page-texts.server.ts';
import { callLoader } from '../helpers/pages.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext('root_language');
});
afterAll(async () => {
  await ctx?.close();
});

async function rootData(path: string, params: Record<string, string>, cookie: string): Promise<RootData> {
  const out = await callLoader(ctx, root.loader, { path, params, cookie });
  expect(out.status).toBe(200);
  return out.data as RootData;
}

describe('the root loader language', () => {
  const cases = [
    ['the home page', '/fr.data'],
    ['the filtered home page', '/fr.data?category=electronics&page=2'],
    ['a page', '/fr/about.data'],
    ['a shop', '/fr/shop/00000000-0000-4000-8000-000000000000.data'],
  ] as const;
  for (const [what, path] of cases) {
    it(`is the route's language for ${what}'s data request, not the cookie's`, async () => {
      const data = await rootData(path, { lang: 'fr' }, 'i18next=ar');
      expect(data.lang).toBe('fr');
      expect((JSON.parse(data.messages ?? '{}') as { common?: { home?: string } }).common?.home).toBe('Accueil');
    });
  }

  it('sends the texts of the page\'s namespaces only (app/i18n/page-namespaces.ts)', async () => {
    const about = await callLoader(ctx, root.loader, { path: '/fr/about.data', params: { lang: 'fr' }, pattern: ':lang/about' });
    const home = await callLoader(ctx, root.loader, { path: '/fr.data', params: { lang: 'fr' }, pattern: ':lang' });
    const namespaces = (out: { data?: unknown }) => Object.keys(JSON.parse((out.data as RootData).messages ?? '{}') as object).sort();
    expect(namespaces(about)).toEqual(['account', 'common', 'errors', 'layout', 'notFound']);
    expect(namespaces(home)).toEqual(expect.arrayContaining(['common', 'search', 'categories', 'validation']));
    expect(namespaces(home)).not.toContain('admin');
  });

  it('hands a document\'s texts to its script, not to the loader\'s data (decision 0042)', async () => {
    const document = await callLoader(ctx, root.loader, { path: '/fr/about', params: { lang: 'fr' }, pattern: ':lang/about' });
    expect((document.data as RootData).messages).toBeUndefined();
    const texts = document.context?.get(documentTextsContext);
    expect(Object.keys(texts?.messages ?? {}).sort()).toEqual(['account', 'common', 'errors', 'layout', 'notFound']);
    expect(JSON.parse(texts?.html ?? '{}')).toEqual(texts?.messages);

    const data = await callLoader(ctx, root.loader, { path: '/fr/about.data', params: { lang: 'fr' }, pattern: ':lang/about' });
    expect(data.context?.get(documentTextsContext)).toBeNull();
  });

  it('is the route\'s language for a document request too', async () => {
    const data = await rootData('/en', { lang: 'en' }, 'i18next=ar');
    expect(data.lang).toBe('en');
  });

  it('falls back to the cookie outside a language (the / redirect, an unknown prefix)', async () => {
    expect((await rootData('/_root.data', {}, 'i18next=fr')).lang).toBe('fr');
    expect((await rootData('/xx/about', { lang: 'xx' }, 'i18next=en')).lang).toBe('en');
  });
});
