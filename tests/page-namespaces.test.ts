// Each page gets the text namespaces its route's modules use (app/i18n/page-namespaces.ts,
// decision 0030): a namespace missing there would show keys instead of texts.
import { describe, expect, it, vi } from 'vitest';
import { createStaticHandler, type RouteObject } from 'react-router';
import routes from '../app/routes.ts';
import { NAMESPACES, PAGE_NAMESPACES, SHELL, namespacesOfPath, namespacesOfPattern } from '../app/i18n/page-namespaces.ts';
import { resourcesFor } from '../app/i18n/messages.ts';
import { messagesFor } from '../app/i18n/messages.server.ts';
import { scriptSafeJson } from '../app/i18n/page-texts.server.ts';
import { namespacesUsed } from './helpers/namespaces-used.ts';
import { createI18n } from '../app/i18n/i18n.ts';

interface RouteEntry {
  path?: string;
  file: string;
  children?: RouteEntry[];
}

/** Every leaf route: its pattern (as React Router gives loaders) and its modules, ancestors first. */
function leaves(list: readonly RouteEntry[], parent = '', files: string[] = ['app/root.tsx']): { pattern: string; files: string[] }[] {
  return list.flatMap((route) => {
    const pattern = [parent, route.path].filter(Boolean).join('/');
    const chain = [...files, `app/${route.file}`];
    return route.children ? leaves(route.children, pattern, chain) : [{ pattern: `/${pattern}`, files: chain }];
  });
}

const pages = leaves(routes as RouteEntry[]);

describe('page namespaces', () => {
  it('lists every route, and no route that does not exist', () => {
    expect(Object.keys(PAGE_NAMESPACES).sort()).toEqual(pages.map((p) => p.pattern).sort());
  });

  it('gives the shell (root and language layout) what it uses', () => {
    const used = [...namespacesUsed(['app/root.tsx', 'app/routes/lang-layout.tsx'])];
    expect(used.filter((ns) => !SHELL.includes(ns as never))).toEqual([]);
  });

  it.each(pages)('gives $pattern every namespace its modules use', ({ pattern, files }) => {
    const given = namespacesOfPattern(pattern);
    const missing = [...namespacesUsed(files)].filter((ns) => !given.includes(ns as never));
    expect(missing).toEqual([]);
  });

  it('reads the patterns React Router gives the root loader', async () => {
    // The app's route tree, each loader noting the pattern it was given.
    let seen = '';
    const toObjects = (list: readonly (RouteEntry & { index?: boolean; id?: string })[]): RouteObject[] =>
      list.map((r) => ({ path: r.path, index: r.index, loader: ({ pattern }: { pattern: string }) => ((seen = pattern), null), children: r.children && toObjects(r.children) }) as RouteObject);
    const handler = createStaticHandler([{ id: 'root', path: '', loader: ({ pattern }) => ((seen = pattern), null), children: toObjects(routes as RouteEntry[]) }]);
    for (const [path, route] of [['/fr', '/:lang'], ['/ar/about', '/:lang/about'], ['/fr/products/x/edit', '/:lang/products/:productId/edit'], ['/fr/nothing/here', '/:lang/*']] as const) {
      await handler.query(new Request(`http://x${path}`));
      expect(namespacesOfPattern(seen)).toEqual(namespacesOfPattern(route));
      expect(seen.replace(/^\/?/, '/')).toBe(route);
    }
  });

  it('matches paths to their routes in the browser', () => {
    expect(namespacesOfPath('/fr')).toEqual(namespacesOfPattern('/:lang'));
    expect(namespacesOfPath('/ar/products/new')).toEqual(namespacesOfPattern('/:lang/products/new'));
    expect(namespacesOfPath('/ar/products/abc')).toEqual(namespacesOfPattern('/:lang/products/:productId'));
    expect(namespacesOfPath('/fr/no/such/page')).toEqual(namespacesOfPattern('/:lang/*'));
    expect(namespacesOfPattern('/unknown')).toEqual([...NAMESPACES].sort());
  });

  it('sends a page the texts of its namespaces only, as in the full texts', () => {
    const { messages, json } = messagesFor('fr', namespacesOfPattern('/:lang/about'));
    expect(Object.keys(messages).sort()).toEqual([...SHELL].sort());
    expect(JSON.parse(json).layout).toEqual(resourcesFor('fr').layout);
  });

  it('writes a document\'s texts as JSON that cannot end its script', () => {
    const json = JSON.stringify({ common: { x: '</script><script>alert(1)</script><!-- <b>' } });
    const html = scriptSafeJson(json);
    expect(html).not.toContain('<');
    expect(JSON.parse(html)).toEqual(JSON.parse(json));
    const { html: page, json: data } = messagesFor('ar', namespacesOfPattern('/:lang/products/:productId'));
    expect(JSON.parse(page)).toEqual(JSON.parse(data));
  });

  it('reports a text of a namespace the page was not sent (e2e/page-texts.spec.ts fails on it)', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { t } = createI18n('fr', messagesFor('fr', namespacesOfPattern(':lang/about')).messages);
    expect(t('layout:footer.explore')).toBe('Découvrir');
    expect(error).not.toHaveBeenCalled();
    expect(t('home:heroTitle')).toBe('heroTitle');
    expect(error).toHaveBeenCalledWith(expect.stringContaining('Texts missing: the namespace "home"'));
    error.mockRestore();
  });
});
