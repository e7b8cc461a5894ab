// robots.txt and the XML sitemaps: the public pages and every active listing, in each language.
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { BLOG_ARTICLES } from '../../common/content/blog.ts';
import { DEFAULT_LANG, LANGS } from '../../common/languages.ts';
import { newestFirst } from '../../db/order.ts';
import { products } from '../../db/schema.ts';
import { listedNow } from '../repositories/visibility.ts';
import type { Services } from '../services/index.ts';

/** The protocol's limit of URLs in one sitemap file. */
export const MAX_SITEMAP_URLS = 50_000;
/** Each listing is one URL per language. */
export const LISTINGS_PER_SITEMAP = Math.floor(MAX_SITEMAP_URLS / LANGS.length);

/** Paths (after /{lang}) of the public, indexable pages that are not listings. */
export function staticPaths(): string[] {
  return [
    '',
    '/about',
    '/impact',
    '/blog',
    ...BLOG_ARTICLES.map((a) => `/blog/${encodeURIComponent(a.id)}`),
    '/contact',
    '/privacy-policy',
    '/terms-of-service',
    '/login',
    '/register',
  ];
}

const PRIVATE_PATHS = ['/dashboard', '/settings', '/products/new', '/products/*/edit', '/forget-password', '/reset-password', '/verify-email'];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((p) => `Disallow: /*${p}`),
    'Disallow: /api/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] as string);
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** One <url> per language of `path`, each listing all the languages as alternates. */
function urlEntries(publicUrl: string, path: string, lastmod?: string): string {
  const href = (lang: string) => escapeXml(`${publicUrl}/${lang}${path}`);
  const alternates = [
    ...LANGS.map((lang) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${href(lang)}"/>`),
    `<xhtml:link rel="alternate" hreflang="x-default" href="${href(DEFAULT_LANG)}"/>`,
  ].join('');
  const mod = lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : '';
  return LANGS.map((lang) => `<url><loc>${href(lang)}</loc>${mod}${alternates}</url>\n`).join('');
}

function urlset(body: string): string {
  return `${XML_HEAD}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}</urlset>\n`;
}

function sendXml(reply: FastifyReply, xml: string) {
  return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
}

function notFound(reply: FastifyReply) {
  return reply.status(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('Not found\n');
}

export function seoRoutes(services: Services): FastifyPluginAsync {
  const { db } = services.database;
  const publicUrl = services.config.publicUrl;
  const activeCount = async () => {
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(listedNow(services.clock?.()));
    return Number(row?.n ?? 0);
  };

  return async (app) => {
    const hide = { schema: { hide: true } };

    app.get('/robots.txt', hide, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(publicUrl)),
    );

    app.get('/sitemap.xml', hide, async (_request, reply) => {
      const files = Math.ceil((await activeCount()) / LISTINGS_PER_SITEMAP);
      const locs = ['static', ...Array.from({ length: files }, (_, i) => `listings-${i + 1}`)];
      const body = locs.map((name) => `<sitemap><loc>${escapeXml(`${publicUrl}/sitemaps/${name}.xml`)}</loc></sitemap>\n`).join('');
      return sendXml(reply, `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}</sitemapindex>\n`);
    });

    app.get('/sitemaps/static.xml', hide, async (_request, reply) => {
      const body = staticPaths()
        .map((path) => {
          const article = BLOG_ARTICLES.find((a) => path === `/blog/${encodeURIComponent(a.id)}`);
          return urlEntries(publicUrl, path, article?.date);
        })
        .join('');
      return sendXml(reply, urlset(body));
    });

    app.get<{ Params: { file: string } }>('/sitemaps/:file', hide, async (request, reply) => {
      const match = /^listings-([1-9]\d{0,6})\.xml$/.exec(request.params.file);
      if (!match) return notFound(reply);
      const page = Number(match[1]);
      const files = Math.ceil((await activeCount()) / LISTINGS_PER_SITEMAP);
      if (page > files) return notFound(reply);
      const rows = await db
        .select({ id: products.id, updatedAt: products.updatedAt })
        .from(products)
        .where(listedNow(services.clock?.()))
        .orderBy(...newestFirst(products))
        .limit(LISTINGS_PER_SITEMAP)
        .offset((page - 1) * LISTINGS_PER_SITEMAP);
      if (rows.length === 0) return notFound(reply);
      const body = rows
        .map((row) => urlEntries(publicUrl, `/products/${encodeURIComponent(row.id)}`, new Date(row.updatedAt).toISOString()))
        .join('');
      return sendXml(reply, urlset(body));
    });
  };
}
