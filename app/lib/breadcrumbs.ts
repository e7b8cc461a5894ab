// The product page's trail (home › category › listing), written once for the visible
// breadcrumbs and the JSON-LD BreadcrumbList, so the two cannot disagree.
import type { Lang } from '../../common/languages.ts';
import { localePath } from './paths.ts';

export interface Crumb {
  name: string;
  /** Rooted path with the language prefix, query included. */
  path: string;
}

export function productTrail(lang: Lang, names: { home: string; category: string; title: string }, product: { id: string; category: string }): Crumb[] {
  return [
    { name: names.home, path: localePath(lang) },
    { name: names.category, path: `${localePath(lang)}?category=${encodeURIComponent(product.category)}` },
    { name: names.title, path: localePath(lang, `/products/${product.id}`) },
  ];
}
