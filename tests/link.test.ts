import { createElement, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
// oxlint-disable-next-line no-restricted-imports -- React Router's own links are what these are compared with.
import { createStaticHandler, createStaticRouter, Link as RouterLink, NavLink as RouterNavLink, StaticRouterProvider, type LinkProps, type NavLinkProps } from 'react-router';
import { describe, expect, it } from 'vitest';
import { plainHref, ServerLink, ServerNavLink } from '../app/components/link.tsx';

// Every kind of `to` and prop the site's links use, and the odd ones that must go to React Router.
const LINKS: LinkProps[] = [
  { to: '/fr' },
  { to: '/fr/' },
  { to: '/fr/products/new', className: 'btn', 'aria-label': 'Déposer' },
  { to: '/fr?category=electronics&address=alger&sortBy=price_asc' },
  { to: '/ar/blog#comments', target: '_blank', rel: 'noopener' },
  { to: '/fr/shop/u1', preventScrollReset: true, replace: true, state: { from: 'x' }, reloadDocument: true },
  { to: '/fr/about', discover: 'none' },
  { to: '/fr/about', prefetch: 'intent' },
  { to: '/fr/about', prefetch: 'render' },
  { to: '/fr/ولاية?q=سيارة' },
  { to: '/fr?' },
  { to: '/fr#' },
  { to: '/fr/./x' },
  { to: '/fr/../x' },
  { to: '/a//b' },
  { to: '//evil.example/x' },
  { to: 'https://example.com/x' },
  { to: 'mailto:a@example.com' },
  { to: 'relative' },
  { to: '../up' },
  { to: '.' },
  { to: '' },
  { to: { pathname: '/fr', search: '?a=1', hash: '#b' } },
  { to: '/fr/x', 'data-testid': 'post-ad', onClick: () => {} } as LinkProps,
];

const NAV_LINKS: NavLinkProps[] = [
  { to: '/fr', className: 'nav' },
  { to: '/fr', end: true, className: 'nav' },
  { to: '/fr/products' },
  { to: '/fr/products/', className: 'x' },
  { to: '/fr/prod' },
  { to: '/FR/Products' },
  { to: '/FR/Products', caseSensitive: true },
  { to: '/fr/products/p1', 'aria-current': 'step' },
  { to: '/fr/products/p1?x=1' },
  { to: '/fr/admin', className: ({ isActive }) => (isActive ? 'on' : 'off'), style: ({ isActive }) => ({ fontWeight: isActive ? 700 : 400 }) },
  { to: '/fr/products', children: ({ isActive }: { isActive: boolean }) => (isActive ? 'here' : 'there') } as NavLinkProps,
  { to: '/fr/products', prefetch: 'intent', className: 'nav' },
  { to: 'relative-nav' },
];

type Kind = 'router' | 'server';

/** The links rendered on the server at `url`, inside the routes' matches (relative paths resolve against them). */
async function render(kind: Kind, url: string): Promise<string> {
  const Link = kind === 'router' ? RouterLink : ServerLink;
  const NavLink = kind === 'router' ? RouterNavLink : ServerNavLink;
  const page = (): ReactNode =>
    createElement(
      Fragment,
      null,
      ...LINKS.map((props, i) => createElement(Link, { key: `l${i}`, ...props }, `link ${i}`)),
      ...NAV_LINKS.map((props, i) => createElement(NavLink, { key: `n${i}`, ...props }, ...(props.children === undefined ? [`nav ${i}`] : []))),
    );
  const handler = createStaticHandler([{ path: '/', children: [{ path: ':lang', children: [{ path: 'products/:productId', Component: page }] }] }]);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

describe("the server's links (app/components/link.tsx, decision 0044)", () => {
  it.each(['/fr/products/p1', '/fr/products/p1/', '/FR/products/p1'])('write what React Router writes, byte for byte, at %s', async (url) => {
    const router = await render('router', url);
    const server = await render('server', url);
    // The comparison means something only if the links are there.
    expect(router.match(/<a /g)).toHaveLength(LINKS.length + NAV_LINKS.length);
    expect(router).toContain('href="/fr/products/new"');
    expect(server).toBe(router);
  });

  it('mark the page a NavLink points at as React Router does', async () => {
    const server = await render('server', '/fr/products/p1');
    expect(server).toContain('<a aria-current="page" class="active" href="/fr/products" data-discover="true">nav 2</a>');
    expect(server).toContain('<a class="" href="/fr/prod" data-discover="true">nav 4</a>');
    expect(server).toContain('<a aria-current="step" class="active" href="/fr/products/p1" data-discover="true">nav 7</a>');
  });

  it('take only the paths that need no resolving, and leave the rest to React Router', () => {
    for (const to of ['/fr', '/fr/', '/fr/products/new', '/fr?category=x&page=2', '/ar/blog#top', '/fr/file.xml']) expect(plainHref(to, '/')).toBe(to);
    for (const to of ['/fr?', '/fr#', '/fr/?#', '/fr/./x', '/fr/..', '/a//b', '/a\\b', '//evil.example', 'https://x.example', 'relative', '../up', '.', '']) expect(plainHref(to, '/')).toBeNull();
    expect(plainHref({ pathname: '/fr' }, '/')).toBeNull();
    // Under a basename React Router prefixes every path.
    expect(plainHref('/fr', '/app')).toBeNull();
  });
});
