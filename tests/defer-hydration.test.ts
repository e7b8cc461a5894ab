import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { deferHydrationInHtml, hydrationDeferral } from '../app/lib/defer-hydration.server.ts';

// The shape of what React Router 8's <Scripts> renders (see its components.js), with an
// Arabic page around it so that chunk boundaries fall inside multi-byte characters.
const NONCE = 'bm9uY2U=';
const page = [
  '<!DOCTYPE html><html lang="ar" dir="rtl"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>',
  `<link rel="modulepreload" href="/assets/entry.client.js" nonce="${NONCE}"/>`,
  `<link rel="modulepreload" href="/assets/framework.js" nonce="${NONCE}"/>`,
  `<link rel="modulepreload" href="/assets/login.js" nonce="${NONCE}"/>`,
  '<title>تسجيل الدخول · EcoSouk</title></head><body><main><h1>مرحبا بك من جديد</h1></main>',
  `<script nonce="${NONCE}">window.__reactRouterContext = {};</script>`,
  `<script nonce="${NONCE}" type="module" async="">;`,
  'import * as route0 from "/assets/root.js";',
  'import * as route1 from "/assets/lang-layout.js";',
  'import * as route2_clientLoader from "/assets/login-loader.js";',
  'import * as route2_main from "/assets/login.js";',
  'const route2 = {...route2_clientLoader,...route2_main};',
  '  window.__reactRouterManifest = {"entry": {"module": "/assets/entry.client.js"}};',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/lang-layout":route1,"routes/login":route2};',
  '',
  'import("/assets/entry.client.js");</script>',
  `<script nonce="${NONCE}">window.__reactRouterContext.streamController.enqueue("[\\"مرحبا\\"]");</script>`,
  '</body></html>',
].join('\n');

function moduleBody(html: string) {
  return /<script\b[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
}

/** Runs the rewritten module with a fake browser and records what it did, in order. */
async function run(body: string, visibilityState = 'visible') {
  const log: string[] = [];
  let paint: (() => void) | undefined;
  const head = { append: (link: { rel: string; href: string; nonce: string }) => log.push(`preload ${link.href} ${link.nonce}`) };
  const fakeImport = (specifier: string) => {
    log.push(`import ${specifier}`);
    return Promise.resolve({ from: specifier });
  };
  const window: Record<string, unknown> = {};
  // The body is a module (top-level await, import()); an async function with `import` renamed is close enough.
  const source = body.replaceAll('import(', '__import(');
  const execute = new Function(
    '__import',
    'window',
    'document',
    'requestAnimationFrame',
    'setTimeout',
    `return (async () => {\n${source}\n})();`,
  ) as (...args: unknown[]) => Promise<void>;
  const done = execute(
    fakeImport,
    window,
    { head, visibilityState, createElement: () => ({}) },
    (callback: () => void) => {
      log.push('frame requested');
      paint = callback;
    },
    (callback: () => void, ms = 0) => {
      if (ms === 0) callback();
    },
  );
  await Promise.resolve();
  log.push('painted');
  paint?.();
  await done;
  return { log, window };
}

describe('deferHydrationInHtml', () => {
  const { html, done } = deferHydrationInHtml(page);

  it('takes the modulepreload links out of the page and nothing else', () => {
    expect(done).toBe(true);
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>');
    expect(html.replace(moduleBody(html), '')).toBe(
      page.replace(/<link rel="modulepreload"[^>]*>/g, '').replace(moduleBody(page), ''),
    );
  });

  it('leaves no static import in the module', () => {
    expect(moduleBody(html)).not.toMatch(/^\s*import\s+[*"]/m);
  });

  it('waits for a frame, then preloads with the nonce, imports the routes, then the entry', async () => {
    const { log, window } = await run(moduleBody(html));
    expect(log).toEqual([
      'frame requested',
      'painted',
      `preload /assets/entry.client.js ${NONCE}`,
      `preload /assets/framework.js ${NONCE}`,
      `preload /assets/login.js ${NONCE}`,
      'import /assets/root.js',
      'import /assets/lang-layout.js',
      'import /assets/login-loader.js',
      'import /assets/login.js',
      'import /assets/entry.client.js',
    ]);
    expect(window['__reactRouterRouteModules']).toEqual({
      root: { from: '/assets/root.js' },
      'routes/lang-layout': { from: '/assets/lang-layout.js' },
      'routes/login': { from: '/assets/login.js' },
    });
  });

  it('does not wait for a frame in a tab opened in the background', async () => {
    const { log } = await run(moduleBody(html), 'hidden');
    expect(log).not.toContain('frame requested');
    expect(log).toContain('import /assets/entry.client.js');
  });

  it('leaves a page without a module script as it is', () => {
    const plain = '<html><head><link rel="modulepreload" href="/a.js"/></head><body><script>1</script></body></html>';
    expect(deferHydrationInHtml(plain)).toEqual({ html: plain, done: false });
  });
});

describe('hydrationDeferral', () => {
  it('gives the same page whatever the chunk boundaries', async () => {
    const expected = deferHydrationInHtml(page).html;
    const bytes = Buffer.from(page);
    for (const size of [1, 7, 64, 2048, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await text(Readable.from(chunks).pipe(hydrationDeferral())), `chunks of ${size} bytes`).toBe(expected);
    }
  });

  it('lets a page without scripts through unchanged', async () => {
    const plain = '<html><body><p>صفحة بلا سكربت</p></body></html>';
    expect(await text(Readable.from([Buffer.from(plain)]).pipe(hydrationDeferral()))).toBe(plain);
  });
});
