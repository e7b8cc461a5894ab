// `npm run screenshots -- [base URL] [paths…]`: pages in Arabic and French, light and dark,
// at 390 px and 1280 px, into e2e/screenshots/ for a person to look at.
//
// Without a base URL, it builds the pages and starts the production server on a fresh
// embedded database with the demo catalogue (SCREENSHOT_PORT, default 3199) and sets up a
// buyer's world through the API: a verified member with favourites (one sold), two saved
// searches, a conversation of a few messages with the demo seller, and the alert e-mail of a
// saved search, whose one-click unsubscribe link is the page shot. Then it shoots the public
// pages as a visitor, and the buyer's pages (favourites, saved searches, inbox, conversation,
// unsubscribe) signed in as that member.
//
// With a base URL, it shoots `paths` (or the public pages) of that running server;
// SCREENSHOT_LOGIN=email:password signs in first (for private pages).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { waitForMail } from '../tests/helpers/outbox.ts';
import { chromiumPath, CHROMIUM_ARGS } from './chromium.ts';
import { DEMO } from './demo-login.ts';
import { WEB_FONTS_COOKIE } from '../common/constants.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PUBLIC_PATHS = ['', '/about', '/blog', '/blog/how-to-use-ecosouk', '/privacy-policy', '/terms-of-service', '/no-such-page'];
const LANGS = ['ar', 'fr'] as const;
const out = new URL('./screenshots/', import.meta.url);

/** A page to shoot: its path after `/{lang}`, and what shows that its content is there. */
interface Shot {
  path: string;
  /** A selector that must be visible before the shot (the page's own content, not the shell). */
  ready?: string;
  /** The file name's stem (default: from the path). */
  name?: string;
}

/**
 * Waits until the page is done: loaded, hydrated, its fonts and images in, and no request in
 * flight for half a second. Event streams are left out of that count: a signed-in member's
 * pages keep one open (the unread counts in the header), so "network idle" never comes.
 */
async function settled(page: Page, shot: Shot): Promise<void> {
  await page.waitForLoadState('load');
  if (shot.ready) await page.locator(shot.ready).first().waitFor({ state: 'visible', timeout: 20_000 });
  await page.waitForFunction(() => {
    const toggle = document.querySelector('[data-testid="theme-toggle"]');
    return toggle !== null && Object.keys(toggle).some((key) => key.startsWith('__reactProps$'));
  });
  await page.evaluate(async () => {
    await document.fonts.ready;
    const eager = [...document.images].filter((img) => img.loading !== 'lazy' && !img.complete);
    await Promise.all(
      eager.map(
        (img) =>
          new Promise((done) => {
            img.addEventListener('load', done, { once: true });
            img.addEventListener('error', done, { once: true });
          }),
      ),
    );
  });
  await quiet(page);
}

/** Resolves once no request but an event stream has been in flight for `ms`. */
function quiet(page: Page, ms = 500, timeoutMs = 15_000): Promise<void> {
  const pending = new Set<unknown>();
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const stop = () => {
      clearTimeout(timer);
      clearTimeout(limit);
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
      resolve();
    };
    const arm = () => {
      clearTimeout(timer);
      if (pending.size === 0) timer = setTimeout(stop, ms);
    };
    const started = (request: { resourceType(): string }) => {
      if (request.resourceType() === 'eventsource') return;
      pending.add(request);
      clearTimeout(timer);
    };
    const ended = (request: unknown) => {
      pending.delete(request);
      arm();
    };
    // A request that never ends (a long poll of a third party) does not hold the shot forever.
    const limit = setTimeout(stop, timeoutMs);
    page.on('request', started);
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
    arm();
  });
}

const fileName = (shot: Shot, lang: string, theme: string, width: number) =>
  `${shot.name ?? ((shot.path.split('?')[0] || '/home').slice(1).replace(/[^a-z0-9-]+/gi, '_') || 'home')}-${lang}-${theme}-${width}.png`;

/** Shoots `shots` in every language, theme and width; `logIn` signs each new context in. */
async function shoot(browser: Browser, base: string, shots: Shot[], logIn?: (request: APIRequestContext) => Promise<void>): Promise<void> {
  for (const lang of LANGS) {
    for (const theme of ['light', 'dark']) {
      for (const width of [390, 1280]) {
        const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, deviceScaleFactor: 1 });
        // Drawn as a returning visitor sees it, in the site's fonts (a first visit uses the system's, decision 0032).
        await context.addCookies([
          { name: 'theme', value: theme, url: base },
          { name: WEB_FONTS_COOKIE, value: 'arabic.latin', url: base },
        ]);
        if (logIn) await logIn(context.request);
        const page = await context.newPage();
        for (const shot of shots) {
          await page.goto(`${base}/${lang}${shot.path}`, { waitUntil: 'load' });
          await settled(page, shot);
          await page.screenshot({ path: new URL(fileName(shot, lang, theme, width), out).pathname, fullPage: true });
        }
        await context.close();
      }
    }
  }
}

function passwordLogIn(base: string, email: string, password: string) {
  let n = 0;
  return async (request: APIRequestContext) => {
    // Log-ins are limited per address: each speaks from one of its own (trusted from loopback).
    const res = await request.post(`${base}/api/v1/users/login`, { data: { email, password }, headers: { 'x-forwarded-for': `198.51.100.${++n}` } });
    if (!res.ok()) throw new Error(`log-in of ${email} failed: ${res.status()} ${await res.text()}`);
  };
}

async function ok<T>(response: Promise<{ ok(): boolean; status(): number; text(): Promise<string>; json(): Promise<unknown> }>, what: string): Promise<T> {
  const res = await response;
  if (!res.ok()) throw new Error(`${what}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

/** Starts the production server on a fresh database with the demo catalogue. */
async function startServer(port: number, dataDir: string): Promise<{ base: string; server: ChildProcess }> {
  // Built each time, as `npm run test:e2e` does: the shots show the code as it is.
  const build = spawnSync(process.platform === 'win32' ? 'npx.cmd' : 'npx', ['react-router', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (build.status !== 0) throw new Error('the build failed');
  rmSync(dataDir, { recursive: true, force: true });
  const base = `http://localhost:${port}`;
  const server = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      PUBLIC_URL: base,
      // The buyer's saved search is alerted within seconds (the unsubscribe page needs its e-mail).
      ALERT_WINDOW_SECONDS: '2',
      LISTING_CHECKS: 'prohibited',
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'production',
    },
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server stopped (exit ${server.exitCode})`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 5 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  return { base, server };
}

interface Listing {
  id: string;
  title: string;
}

/**
 * The buyer's world, through the API as a person would make it. Returns how to sign the buyer
 * in and the pages to shoot.
 */
async function buyerWorld(browser: Browser, base: string, outbox: string) {
  const buyer = { name: 'Karim Haddad', email: `karim.${Date.now().toString(36)}@example.dz`, password: 'Souk-Vert-2025' };
  const context = await browser.newContext();
  const seller = await browser.newContext();
  try {
    const request = context.request;
    await ok(request.post(`${base}/api/v1/users/signup`, { data: { ...buyer, lang: 'fr' } }), 'sign-up');
    const verification = await waitForMail(outbox, (m) => m.to.includes(buyer.email), 30_000);
    const token = new URL(verification.links.find((l) => l.includes('verify-email?token='))!).searchParams.get('token')!;
    await ok(request.post(`${base}/api/v1/users/verify-email?token=${encodeURIComponent(token)}`), 'verification');
    await passwordLogIn(base, buyer.email, buyer.password)(request);
    await passwordLogIn(base, DEMO.email, DEMO.password)(seller.request);

    // Favourites: two cars and a fridge, which the demo seller then sells (it stays, marked).
    const cars = await ok<Listing[]>(request.get(`${base}/api/v1/products?category=automobile`), 'cars');
    const [fridge] = await ok<Listing[]>(request.get(`${base}/api/v1/products?category=furniture-home`), 'home listings');
    for (const listing of [...cars.slice(0, 2), fridge!]) await ok(request.put(`${base}/api/v1/favourites/${listing.id}`), 'favourite');
    await ok(seller.request.post(`${base}/api/v1/products/${fridge!.id}/sold`, { data: { sold: true } }), 'sold');

    // Saved searches: diesel cars of 2015 or later in Algiers with an instant alert, and a plain one.
    await ok(
      request.post(`${base}/api/v1/saved-searches`, {
        data: { query: { category: 'automobile', address: 'alger', 'attr.year.min': '2015', 'attr.fuel': ['diesel'], maxPrice: '3000000' }, alert: 'instant' },
      }),
      'saved search',
    );
    await ok(request.post(`${base}/api/v1/saved-searches`, { data: { query: { title: 'vélo', condition: 'good' }, alert: 'daily', name: 'Vélo pour l’été' } }), 'saved search');

    // A conversation of a few messages about the first car.
    const car = cars[0]!;
    const started = await ok<{ id: string }>(
      request.post(`${base}/api/v1/conversations`, { data: { productId: car.id, message: 'Bonjour, la voiture est-elle toujours disponible ? Peut-on la voir samedi ?' } }),
      'conversation',
    );
    const messages: [APIRequestContext, string][] = [
      [seller.request, 'Bonjour Karim, oui elle est disponible. Samedi matin à Alger-Centre, ça vous va ?'],
      [request, 'Parfait, vers 10 h. Le carnet d’entretien est-il à jour ?'],
      [seller.request, 'Oui, toutes les vidanges sont faites chez le concessionnaire. مرحبا بك!'],
    ];
    for (const [from, body] of messages) await ok(from.post(`${base}/api/v1/conversations/${started.id}/messages`, { data: { body } }), 'message');

    // A matching car published by the demo seller: the alert e-mail carries the unsubscribe link.
    // Its photo: the first car's, uploaded again as the seller's own.
    const { img: carPhoto } = await ok<{ img: string }>(seller.request.get(`${base}/api/v1/products/${car.id}`), 'car');
    const photo = await seller.request.get(new URL(carPhoto, base).href);
    const { url: img } = await ok<{ url: string }>(
      seller.request.post(`${base}/api/v1/products/upload`, { multipart: { image: { name: 'logan.jpg', mimeType: photo.headers()['content-type'] ?? 'image/jpeg', buffer: await photo.body() } } }),
      'photo',
    );
    await ok(
      seller.request.post(`${base}/api/v1/products`, {
        data: {
          title: 'Dacia Logan 2019 diesel, première main',
          desc: 'Dacia Logan 1.5 dCi de 2019, première main, carnet d’entretien complet, jamais accidentée.',
          category: 'automobile',
          condition: 'good',
          img,
          price: 1_850_000,
          contact: '0550 12 34 56',
          address: 'alger',
          attributes: { brand: 'dacia', year: 2019, fuel: 'diesel', mileage: 98_000 },
        },
      }),
      'matching car',
    );
    const alert = await waitForMail(outbox, (m) => m.to.includes(buyer.email) && m.links.some((l) => l.includes('/alerts/unsubscribe?token=')), 60_000);
    const unsubscribe = new URL(alert.links.find((l) => l.includes('/alerts/unsubscribe?token='))!);

    const shots: Shot[] = [
      { path: '/favourites', ready: '[data-testid="favourite-item"]' },
      { path: '/saved-searches', ready: '[data-testid="saved-searches"]' },
      { path: '/messages', ready: '[data-testid="conversation-row"]' },
      { path: `/messages/${started.id}`, ready: '[data-testid="message"]', name: 'conversation' },
      // The link of the e-mail, opened in the member's own browser.
      { path: `/alerts/unsubscribe${unsubscribe.search}`, ready: '[data-testid="unsubscribe-button"]', name: 'alerts-unsubscribe' },
    ];
    return { logIn: passwordLogIn(base, buyer.email, buyer.password), shots };
  } finally {
    await context.close();
    await seller.close();
  }
}

const [given, ...givenPaths] = process.argv.slice(2);
await mkdir(out, { recursive: true });
const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
let server: ChildProcess | undefined;
try {
  if (given) {
    const login = process.env.SCREENSHOT_LOGIN;
    const [email = '', password = ''] = login ? login.split(':') : [];
    const shots = (givenPaths.length > 0 ? givenPaths : PUBLIC_PATHS).map((p) => ({ path: p }));
    await shoot(browser, given.replace(/\/$/, ''), shots, login ? passwordLogIn(given, email, password) : undefined);
  } else {
    const port = Number(process.env.SCREENSHOT_PORT ?? 3199);
    const dataDir = path.join(root, '.cache', `screenshots-data-${port}`);
    const started = await startServer(port, dataDir);
    server = started.server;
    const world = await buyerWorld(browser, started.base, path.join(dataDir, 'outbox'));
    await shoot(browser, started.base, PUBLIC_PATHS.map((p) => ({ path: p })));
    await shoot(browser, started.base, world.shots, world.logIn);
  }
} finally {
  await browser.close();
  server?.kill();
}
console.log(`screenshots written to ${out.pathname}`);
