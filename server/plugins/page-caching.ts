// Cache-Control, Vary and ETags for pages and the API (issue #6).
//
// Pages (React Router's catch-all route):
// - An anonymous visitor's HTML page (GET/HEAD, 200, no session cookie, no Set-Cookie, not one
//   of the account pages) may be kept for a short while:
//     Cache-Control: public, max-age=60, stale-while-revalidate=300
//   60 s because listings appear, change and disappear all the time and a visitor must not
//   miss that for long; it still absorbs reloads, back/forward and bursts of the same link
//   shared on social networks. The 300 s of stale-while-revalidate only let a cache answer at
//   once while it asks us again in the background, so nobody waits and a stale copy is
//   replaced within one visit. Product pages count a view in their loader: a copy served
//   fresh from a cache counts none, which is accepted for 60 s.
// - Everything else the catch-all answers (signed-in visitors, pages that set a cookie,
//   account and token pages, redirects, 4xx/5xx, POST, `.data` requests) gets
//     Cache-Control: private, no-store
//   A redirect or an error depends on the request more than on the URL, and a signed-in
//   page carries the member's name, e-mail and listings.
//
// Vary: Cookie on public pages. The HTML depends on the `theme` cookie (<html class="dark">)
// and the session cookie decides between the public and the personal page, so a shared cache
// must not hand one visitor's copy to a request with other cookies. Vary cannot name a single
// cookie, so each distinct Cookie header gets its own cache entry; anonymous visitors carry
// few cookies (theme, language), so the number of copies stays small. A CDN that can key on
// one cookie should be told to key on `theme` instead. Without Vary: Cookie a visitor who
// switched to the dark theme could be served the light page from a cache. Accept-Encoding
// is in Vary because the compressed bytes differ (and compress would add it anyway; it is
// written in lower case because compress checks for it case-sensitively).
//
// ETags. The page body is buffered (it is streamed by React Router; this costs the visitor
// streaming on cacheable pages only) and hashed with its CSP nonces taken out: the nonce
// changes on every response, so hashing it would give every response a new ETag. The ETag
// is weak (W/"…") for that reason: two responses with the same ETag differ by their nonce,
// so they are equivalent, not byte-identical. Being weak, the same ETag is also correct for
// the identity, gzip and br encodings of the page, so it gets no per-encoding suffix.
// If-None-Match with a matching ETag gives 304 with no body, the same Cache-Control, Vary and
// ETag, and no Content-Security-Policy: a browser merges a 304's headers into its stored
// response, and a new nonce there would block the stored body's scripts.
//
// API under /api/v1: a request with a session cookie (a signed-in caller) always gets
// `private, no-store` (or keeps the route's own `no-store`), whatever else the route chose;
// other non-GET requests and every 4xx/5xx too.
// Anonymous GET 200 JSON keeps the route's own Cache-Control (search is public for 30 s, a
// product counts a view and is no-store), gets `no-cache` when the route chose nothing, and a
// weak ETag unless it is no-store, so that revalidation costs a 304 instead of the body.
//
// Uploads, /assets and the other files of the client build are not touched: they are not
// answered by the catch-all route and keep their own immutable or hour-long caching.
//
// This hook must see the body before @fastify/compress does. Compress adds its onSend hook
// to each route's own hooks, which Fastify runs after the application's hooks, and app.ts
// registers this plugin before compress as well.
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie } from '../../common/cookies.ts';
import { SESSION_COOKIE } from '../../common/constants.ts';
import { CSP_HEADER } from './security-headers.ts';

export const PUBLIC_PAGE_CACHE = 'public, max-age=60, stale-while-revalidate=300';
export const NO_STORE = 'private, no-store';
export const PUBLIC_PAGE_VARY = 'cookie, accept-encoding';

// Forms that sign in, accounts, tokens in the URL: nothing there is worth a shared copy, and
// a page reached through an e-mailed token must not be kept with the token in its key.
const ACCOUNT_PAGE =
  /^\/[^/]+\/(?:dashboard|login|register|logout|forget-password|reset-password|verify-email|products\/new|products\/[^/]+\/edit|favourites(?:\/save)?|saved-searches(?:\/[^/]+\/open)?|alerts\/unsubscribe)\/?$/;

function isPageRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url === '*';
}

/** A path of the REST API (routes registered under /api/v1). */
export function isApi(path: string): boolean {
  return path.startsWith('/api/v1/') || path === '/api/v1';
}

function signedIn(request: FastifyRequest): boolean {
  return !!readCookie(request.headers.cookie, SESSION_COOKIE);
}

function isRead(request: FastifyRequest): boolean {
  return request.method === 'GET' || request.method === 'HEAD';
}

function contentType(reply: FastifyReply): string {
  return String(reply.getHeader('content-type') ?? '').toLowerCase();
}

/** The page with every nonce replaced by nothing, so that equal pages hash equally. */
export function normaliseNonces(html: string, nonce = ''): string {
  const attributes = html.replace(/(\snonce=)(?:"[^"]*"|'[^']*')/g, '$1""');
  // The attribute is where React puts it; the literal catches any other place it lands in.
  return nonce ? attributes.split(nonce).join('') : attributes;
}

/**
 * The ETag of a page rendered with `nonce`: the body hashed with every occurrence of the nonce
 * left out, bytes as they are. React puts this response's nonce in every nonce attribute, so
 * this is weakEtag(normaliseNonces(page, nonce)) without decoding the page into a string, running
 * the regular expression over it and joining it again (a page is 75-130 KB; issue #18's profile).
 */
export function pageEtag(body: Buffer, nonce: string): string {
  const hash = createHash('sha256');
  if (nonce) {
    const needle = Buffer.from(nonce);
    let from = 0;
    for (let at = body.indexOf(needle, from); at !== -1; at = body.indexOf(needle, from)) {
      hash.update(body.subarray(from, at));
      from = at + needle.length;
    }
    hash.update(body.subarray(from));
  } else hash.update(body);
  return `W/"${hash.digest('base64url')}"`;
}

export function weakEtag(body: string | Uint8Array): string {
  return `W/"${createHash('sha256').update(body).digest('base64url')}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): W/ is ignored on both sides. */
export function etagMatches(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  const candidates = (Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch).split(',');
  return candidates.some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

async function buffered(payload: unknown): Promise<Buffer | null> {
  if (payload === null || payload === undefined) return null;
  if (typeof payload === 'string') return Buffer.from(payload);
  if (payload instanceof Uint8Array) return Buffer.from(payload.buffer, payload.byteOffset, payload.byteLength);
  if (typeof payload === 'object' && Symbol.asyncIterator in payload) {
    const chunks: Buffer[] = [];
    for await (const chunk of payload as AsyncIterable<unknown>) {
      if (typeof chunk === 'string') chunks.push(Buffer.from(chunk));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    }
    return Buffer.concat(chunks);
  }
  return null;
}

function notModified(reply: FastifyReply): null {
  reply.code(304);
  reply.removeHeader(CSP_HEADER);
  reply.removeHeader('content-length');
  reply.removeHeader('content-type');
  // An answer compressed before this hook (http/serialized-once.ts) has no body to describe.
  reply.removeHeader('content-encoding');
  return null;
}

// A route's own `no-store` already keeps the answer out of every cache; it stays as written.
function noStore(reply: FastifyReply) {
  if (!/\bno-store\b/.test(String(reply.getHeader('cache-control') ?? ''))) reply.header('cache-control', NO_STORE);
  reply.removeHeader('etag');
}

async function pageResponse(request: FastifyRequest, reply: FastifyReply, payload: unknown, path: string): Promise<unknown> {
  const routeChoice = String(reply.getHeader('cache-control') ?? '');
  // entry.server.tsx answers HEAD before rendering, so without a Content-Type; it is still
  // a document unless it is one of client navigation's `.data` requests.
  const document = contentType(reply).startsWith('text/html') || (request.method === 'HEAD' && !reply.hasHeader('content-type') && !path.endsWith('.data'));
  const cacheable =
    isRead(request) &&
    reply.statusCode === 200 &&
    document &&
    !signedIn(request) &&
    !reply.hasHeader('set-cookie') &&
    !ACCOUNT_PAGE.test(path) &&
    !/no-store|private/.test(routeChoice);
  if (!cacheable) {
    noStore(reply);
    return payload;
  }
  reply.header('cache-control', PUBLIC_PAGE_CACHE);
  reply.header('vary', PUBLIC_PAGE_VARY);
  const body = await buffered(payload);
  // HEAD has no body to hash: its headers say how the page may be kept, without an ETag.
  if (body === null) return payload;
  const etag = pageEtag(body, request.cspNonce ?? '');
  reply.header('etag', etag);
  if (etagMatches(request.headers['if-none-match'], etag)) return notModified(reply);
  return body;
}

async function apiResponse(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (signedIn(request) || !isRead(request) || reply.statusCode >= 400) {
    noStore(reply);
    return payload;
  }
  if (reply.statusCode !== 200 || !contentType(reply).includes('json')) return payload;
  const routeChoice = String(reply.getHeader('cache-control') ?? '');
  if (/no-store/.test(routeChoice)) return payload;
  if (!routeChoice) reply.header('cache-control', 'no-cache');
  // JSON is serialised to a string by now; a stream (none today) is left as it is.
  if (typeof payload !== 'string' && !(payload instanceof Uint8Array)) return payload;
  // A route that serializes a shared answer once hashes it once too (http/serialized-once.ts).
  const etag = String(reply.getHeader('etag') ?? '') || weakEtag(payload);
  reply.header('etag', etag);
  if (etagMatches(request.headers['if-none-match'], etag)) return notModified(reply);
  return payload;
}

export function registerPageCaching(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 304) {
      reply.removeHeader(CSP_HEADER);
      return payload;
    }
    const path = request.url.split('?')[0] ?? '';
    if (isPageRoute(request)) return pageResponse(request, reply, payload, path);
    if (isApi(path)) return apiResponse(request, reply, payload);
    return payload;
  });
}
