// Which text namespaces each page gets (decision 0030): the one list that the root loader
// reads to send a page its texts, and the browser reads to know whether a navigation's
// page needs texts it has not got yet (root.tsx `shouldRevalidate`).
//
// Keyed by the route's pattern as React Router gives it to loaders (`pattern`). SHELL is
// what the header, footer, drawer and error pages show, on every page. A route missing
// here gets every namespace (correct, only heavier); tests/page-namespaces.test.ts fails
// when a route is missing or names fewer namespaces than its modules use.
import { matchRoutes } from 'react-router';

/** Every namespace of a language's texts (messages.ts `resourcesFor`). */
export const NAMESPACES = [
  'common',
  'layout',
  'home',
  'blog',
  'notFound',
  'errors',
  'auth',
  'account',
  'dashboard',
  'contactPage',
  'productForm',
  'listings',
  'lifecycle',
  'search',
  'details',
  'messaging',
  'browse',
  'report',
  'admin',
  'impact',
  'buyers',
  'categories',
  'cities',
  'conditions',
  'validation',
] as const;

export type Namespace = (typeof NAMESPACES)[number];

export const SHELL: readonly Namespace[] = ['common', 'layout', 'account', 'errors', 'notFound'];

const PLACE: readonly Namespace[] = ['categories', 'cities', 'conditions'];
/** The listing cards of home, search, shop, favourites and moderation (product-card.tsx). */
const CARDS: readonly Namespace[] = [...PLACE, 'buyers', 'lifecycle'];
const AUTH: readonly Namespace[] = ['auth', 'validation'];
const ADMIN_LISTINGS: readonly Namespace[] = ['admin', ...CARDS, 'validation'];

export const PAGE_NAMESPACES: Readonly<Record<string, readonly Namespace[]>> = {
  '/': [],
  '/theme': [],
  '/:lang': [...CARDS, 'home', 'search', 'browse', 'details', 'impact', 'validation'],
  '/:lang/about': [],
  '/:lang/impact': ['impact'],
  '/:lang/blog': ['blog'],
  '/:lang/blog/:articleId': [],
  '/:lang/privacy-policy': [],
  '/:lang/terms-of-service': [],
  '/:lang/contact': ['contactPage', 'validation'],
  '/:lang/register': AUTH,
  '/:lang/login': AUTH,
  '/:lang/logout': [],
  '/:lang/forget-password': AUTH,
  '/:lang/reset-password': AUTH,
  '/:lang/verify-email': ['auth'],
  '/:lang/renew': ['lifecycle'],
  '/:lang/dashboard': [...CARDS, ...AUTH, 'browse', 'dashboard', 'listings', 'messaging', 'report', 'search'],
  '/:lang/settings': ['browse', 'dashboard'],
  '/:lang/products/new': ['categories', 'conditions', 'dashboard', 'details', 'productForm', 'validation'],
  '/:lang/products/:productId/edit': ['categories', 'conditions', 'dashboard', 'details', 'productForm', 'validation'],
  '/:lang/products/:productId/review': [],
  '/:lang/products/:productId': [...CARDS, 'browse', 'details', 'impact', 'listings', 'messaging', 'report', 'validation'],
  '/:lang/shop/:userId': [...CARDS, 'impact', 'listings', 'report', 'validation'],
  '/:lang/report': ['report', 'validation'],
  '/:lang/messages': ['messaging'],
  '/:lang/messages/:conversationId': ['messaging', 'report', 'validation'],
  '/:lang/admin': ['admin'],
  '/:lang/admin/reports': [...ADMIN_LISTINGS, 'report'],
  '/:lang/admin/review': ADMIN_LISTINGS,
  '/:lang/admin/users': ['admin'],
  '/:lang/admin/users/:userId': ADMIN_LISTINGS,
  '/:lang/admin/audit': ADMIN_LISTINGS,
  '/:lang/favourites': [...CARDS, 'search'],
  '/:lang/favourites/save': [],
  '/:lang/saved-searches': [...CARDS, 'search', 'validation'],
  '/:lang/saved-searches/:searchId/open': [],
  '/:lang/alerts/unsubscribe': ['buyers', 'categories', 'cities'],
  '/:lang/bench-ceiling': [],
  '/:lang/*': [],
};

const cache = new Map<string, readonly Namespace[]>();

/**
 * The namespaces of the page whose route pattern is `pattern`, sorted and without repeats.
 * React Router gives loaders the pattern without its leading slash (`:lang/about`).
 */
export function namespacesOfPattern(pattern: string): readonly Namespace[] {
  let found = cache.get(pattern);
  if (!found) {
    const page = PAGE_NAMESPACES[pattern.startsWith('/') ? pattern : `/${pattern}`] ?? NAMESPACES;
    found = [...new Set([...SHELL, ...page])].sort();
    cache.set(pattern, found);
  }
  return found;
}

const ROUTES = Object.keys(PAGE_NAMESPACES).map((path) => ({ path }));

/** The same for a path (the browser, before a navigation); every namespace for a path no route matches. */
export function namespacesOfPath(pathname: string): readonly Namespace[] {
  const match = matchRoutes(ROUTES, pathname)?.at(-1);
  return match ? namespacesOfPattern(match.route.path) : NAMESPACES;
}
