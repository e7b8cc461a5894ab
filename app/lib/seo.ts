// Search-engine and social-sharing metadata as React Router meta descriptors: canonical
// and hreflang links, Open Graph, Twitter cards, robots and JSON-LD.
import type { MetaDescriptor } from 'react-router';
import { LANGS, type Lang } from '../../common/languages.ts';

export const SITE_NAME = 'EcoSouk';

const OG_LOCALE: Record<Lang, string> = { ar: 'ar_DZ', fr: 'fr_DZ', en: 'en_GB' };

export interface SeoOptions {
  lang: Lang;
  /** The site's origin, e.g. `https://ecosouk.dz` (no trailing slash needed). */
  publicUrl: string;
  /** The page's path without the language prefix: `''` for home, `/about`… */
  path: string;
  /** The page's title; `<title>` gets ` · EcoSouk` after it unless `bareTitle`. */
  title: string;
  bareTitle?: boolean;
  description?: string;
  /** Absolute or site-relative image URL. */
  image?: string;
  type?: 'website' | 'product' | 'article';
  noindex?: boolean;
}

/** `url` made absolute against the site's origin (left alone when already absolute). */
export function absoluteUrl(publicUrl: string, url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  const origin = publicUrl.replace(/\/+$/, '');
  return `${origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

/** The absolute URL of a page in `lang`; `path` has no language prefix and no query. */
export function pageUrl(publicUrl: string, lang: Lang, path: string): string {
  const clean = path.split(/[?#]/)[0] ?? '';
  const suffix = clean === '' || clean === '/' ? '' : clean.startsWith('/') ? clean : `/${clean}`;
  return absoluteUrl(publicUrl, `/${lang}${suffix}`);
}

export function seoMeta(options: SeoOptions): MetaDescriptor[] {
  const { lang, publicUrl, path, title, description, type = 'website', noindex = false } = options;
  const url = pageUrl(publicUrl, lang, path);
  const image = options.image ? absoluteUrl(publicUrl, options.image) : undefined;
  const meta: MetaDescriptor[] = [
    { title: options.bareTitle ? title : `${title} · ${SITE_NAME}` },
    ...(description ? [{ name: 'description', content: description }] : []),
    { tagName: 'link', rel: 'canonical', href: url },
    ...LANGS.map((l) => ({ tagName: 'link', rel: 'alternate', hrefLang: l, href: pageUrl(publicUrl, l, path) })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: pageUrl(publicUrl, 'ar', path) },
    { property: 'og:title', content: title },
    ...(description ? [{ property: 'og:description', content: description }] : []),
    { property: 'og:url', content: url },
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: OG_LOCALE[lang] },
    ...LANGS.filter((l) => l !== lang).map((l) => ({ property: 'og:locale:alternate', content: OG_LOCALE[l] })),
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    ...(description ? [{ name: 'twitter:description', content: description }] : []),
    ...(image ? [{ name: 'twitter:image', content: image }] : []),
    ...(noindex ? [{ name: 'robots', content: 'noindex, nofollow' }] : []),
  ];
  return meta;
}

/** A JSON-LD `<script>`; React Router serialises it and escapes `<`. */
export function jsonLd(data: Record<string, unknown>): MetaDescriptor {
  return { 'script:ld+json': { '@context': 'https://schema.org', ...data } } as MetaDescriptor;
}

const CONDITION_SCHEMA: Record<string, string> = {
  new: 'https://schema.org/NewCondition',
  'like-new': 'https://schema.org/UsedCondition',
  good: 'https://schema.org/UsedCondition',
  fair: 'https://schema.org/UsedCondition',
  'for-parts': 'https://schema.org/DamagedCondition',
};

/** schema.org item condition for a listing's condition key. */
export function itemCondition(condition: string): string | undefined {
  return CONDITION_SCHEMA[condition];
}
