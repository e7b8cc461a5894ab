// Security headers on every response: pages, API, uploads, built assets, 404s and errors.
//
// Pages get a Content-Security-Policy with a fresh nonce per response. The nonce is created
// when React Router asks for it (`cspNonceFor`, from getLoadContext in http/load-context.ts), so a reply
// carries the page policy exactly when its body was rendered with that nonce. The only other
// HTML, the Swagger UI at /api/docs, runs no inline script but injects <style> elements and
// data: icons, and gets a policy of its own. Everything else (JSON, images, CSS, JS, XML,
// text) gets a policy that allows nothing, in case such a response is opened as a document.
//
// Why these sources:
// - script-src: only scripts carrying the nonce. 'strict-dynamic' lets those scripts load
//   the route chunks they import; browsers that understand it ignore 'self', older ones
//   fall back to 'self' + nonce. No 'unsafe-inline', no 'unsafe-eval'.
// - style-src 'self' + nonce: the stylesheets are built files. The nonce is there for the
//   <style> that Radix's scroll lock (react-style-singleton) adds when a dialog or menu
//   opens; app/lib/csp-browser.ts hands it the nonce.
// - style-src-attr 'unsafe-inline': the server's HTML has style attributes (<html
//   style="color-scheme:…">, Radix's hidden inputs) and nonces cannot cover attributes.
//   Attribute styles cannot hold selectors, so they cannot read the page the way an
//   injected <style> could; that stays closed. (A browser without style-src-attr falls back
//   to style-src and drops those attributes: color-scheme is lost, nothing else.)
// - img-src: our photos and blob: (the photo picker's previews). Photo URLs given to the API
//   are fetched and stored with the uploads (services/photo-fetch.ts): no page loads an image
//   from another site, so none can count our visitors. The build inlines no data: assets,
//   so data: is left out, for images and fonts alike. With PHOTO_PUBLIC_URL the photos come
//   from that origin (a CDN or the bucket), which is added, and only that one.
//
// The nonce makes every page body unique. Caching must keep that in mind:
// - A 304 gets no CSP header: a browser merges a 304's headers into the cached response,
//   and a new nonce there would not match the cached body's scripts.
// - An ETag for a page must be computed from the body with the nonces taken out, or it never
//   matches (server/plugins/page-caching.ts does so, and drops the CSP from its 304s too).
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The page's CSP nonce, once React Router asked for one ('' before that). */
    cspNonce: string;
  }
}

export const CSP_HEADER = 'content-security-policy';

/** The nonce for this request's page, created on first use (128 random bits). */
export function cspNonceFor(request: FastifyRequest): string {
  if (!request.cspNonce) request.cspNonce = randomBytes(16).toString('base64');
  return request.cspNonce;
}

export interface SecurityHeaderOptions {
  publicUrl: string;
  /** PHOTO_PUBLIC_URL: the origin photos are loaded from when it is not ours. */
  photoPublicUrl?: string;
  /** Vite's dev server adds <style> elements and a WebSocket for hot reload. */
  dev?: boolean;
}

function policy(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => (sources.length ? `${name} ${sources.join(' ')}` : name))
    .join('; ');
}

export function pagePolicy(nonce: string, { publicUrl, photoPublicUrl, dev = false }: SecurityHeaderOptions): string {
  return policy({
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'"],
    'style-src': dev ? ["'self'", "'unsafe-inline'"] : ["'self'", `'nonce-${nonce}'`],
    'style-src-attr': ["'unsafe-inline'"],
    'img-src': ["'self'", 'blob:', ...(photoPublicUrl ? [new URL(photoPublicUrl).origin] : [])],
    'connect-src': dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(publicUrl.startsWith('https:') ? { 'upgrade-insecure-requests': [] } : {}),
  });
}

const DOCS_POLICY = policy({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
});

const NOTHING_POLICY = policy({
  'default-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
});

// Only what the site uses is allowed. camera stays (self), the browser's default: the photo
// picker's <input capture> opens the device camera, and a browser that checks this policy
// for it must not find it denied. Every feature named here is one Chromium knows: an
// unknown one (bluetooth, for Chromium 156) earns a console warning on every page.
const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'display-capture=()',
  'screen-wake-lock=()',
  'publickey-credentials-get=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const fixed: [string, string][] = [
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['permissions-policy', PERMISSIONS_POLICY],
    ['cross-origin-opener-policy', 'same-origin'],
    // frame-ancestors says the same to browsers that know CSP level 2.
    ['x-frame-options', 'DENY'],
  ];
  // Only a https site can promise https. Sibling hosts of the domain are not ours to
  // promise for, hence no includeSubDomains (a proxy in front can add it).
  if (options.publicUrl.startsWith('https:')) fixed.push(['strict-transport-security', 'max-age=31536000']);

  app.decorateRequest('cspNonce', '');
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    for (const [name, value] of fixed) reply.header(name, value);
    if (reply.statusCode === 304) {
      reply.removeHeader(CSP_HEADER);
      return payload;
    }
    const html = String(reply.getHeader('content-type') ?? '').startsWith('text/html');
    if (request.cspNonce) reply.header(CSP_HEADER, pagePolicy(request.cspNonce, options));
    else reply.header(CSP_HEADER, html ? DOCS_POLICY : NOTHING_POLICY);
    return payload;
  });
}
