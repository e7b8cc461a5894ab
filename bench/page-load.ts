// `npm run bench:pages -- [--runs N] [--write-docs] [--baseline DIR] [--only NAME…] [--floor]`
// Loads pages in the real Chromium on a throttled line and CPU (Lighthouse's slow-4G
// figures applied by DevTools: 562.5 ms request latency, 1.47 Mbps down, 675 kbps up, CPU
// 4× slower), with a cold cache each time, and reports the medians of First Contentful
// Paint, Largest Contentful Paint, the moment React has hydrated the page (when a person
// can use every control) and the compressed JavaScript it fetched. `--write-docs` puts the
// table in docs/performance.md. `--baseline <dir>` also builds and serves another checkout
// of the repository (say `git worktree add ../base main`, with its node_modules) and
// alternates the loads between the two, so both see the same machine; each cell then reads
// "this / baseline (ratio)". Lighthouse's scores come from a model; this measures what the
// browser does.
import type { ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium.ts';
import { buildInto, startDemoServer, waitFor } from '../tooling/demo-server.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'write-docs': { type: 'boolean', default: false },
    baseline: { type: 'string' },
    // Only the pages whose name contains one of these (`--only product --only home`).
    only: { type: 'string', multiple: true },
    // Also load the bench's empty page (app/routes/bench-ceiling.tsx): the site's shell with nothing
    // of its own, the least any page of the site can take on this line with this framework.
    floor: { type: 'boolean', default: false },
  },
});
const RUNS = Math.max(1, Number(args.runs) || 5);
const DOC_START = '<!-- bench:pages:start -->';
const DOC_END = '<!-- bench:pages:end -->';

const baseline = args.baseline ? path.resolve(args.baseline) : undefined;
// BENCH_PORT moves both servers, so that two people measuring on one machine do not collide.
const PORT = Number(process.env.BENCH_PORT) || 3181;
const SERVERS = [
  { name: 'this checkout', port: PORT, checkout: root },
  ...(baseline ? [{ name: 'baseline', port: PORT + 1, checkout: baseline }] : []),
].map((s) => ({ ...s, origin: `http://localhost:${s.port}`, buildDir: path.join(s.checkout, '.cache', 'build-bench-pages') }));

interface Sample {
  fcp: number;
  lcp: number;
  hydrated: number;
  /** Compressed bytes of JavaScript, headers included. */
  js: number;
}

const servers: ChildProcess[] = [];
process.on('exit', () => {
  for (const server of servers) if (server.exitCode === null) server.kill('SIGTERM');
});
// Stopped from outside: leave no server behind on the bench's ports.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));

/** The pages to load (the demo catalogue's ids are random). */
async function pagesOf(origin: string) {
  const response = await fetch(`${origin}/api/v1/products?sortBy=date_asc&limit=1`);
  const first = ((await response.json()) as { data: { id: string; userId: string }[] }).data[0]!;
  return [
    { name: 'home ar', path: '/ar' },
    { name: 'home fr', path: '/fr' },
    { name: 'search ar', path: '/ar?category=electronics&sortBy=price_asc' },
    { name: 'search fr', path: '/fr?title=v%C3%A9lo&sortBy=price_asc' },
    { name: 'product ar', path: `/ar/products/${first.id}` },
    { name: 'product fr', path: `/fr/products/${first.id}` },
    { name: 'shop ar', path: `/ar/shop/${first.userId}` },
    { name: 'login fr', path: '/fr/login' },
    ...(args.floor ? [{ name: 'floor: empty page fr', path: '/fr/bench-ceiling' }] : []),
  ].filter((page) => !args.only || args.only.some((part) => page.name.includes(part)));
}

async function load(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1474.56 * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const scripts = new Set<string>();
  let js = 0;
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    if (scripts.has(event.requestId)) js += event.encodedDataLength;
  });
  // Before any script of the page: record LCP candidates and the moment the header's
  // theme toggle (on every page) gets React's props, i.e. hydration has reached it.
  await page.addInitScript(() => {
    const w = window as unknown as { lcp: number; hydratedAt: number };
    w.lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    const poll = () => {
      const toggle = document.querySelector('[data-testid="theme-toggle"]');
      if (toggle && Object.keys(toggle).some((key) => key.startsWith('__reactProps$'))) w.hydratedAt = performance.now();
      else setTimeout(poll, 20);
    };
    poll();
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForFunction(() => (window as unknown as { hydratedAt?: number }).hydratedAt !== undefined, null, { timeout: 120_000 });
  // Scripts fetched after hydration (the gallery's other photos are images, not scripts) count too.
  await page.waitForLoadState('networkidle');
  const sample = await page.evaluate(() => {
    const w = window as unknown as { lcp: number; hydratedAt: number };
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
    return { fcp, lcp: w.lcp, hydrated: w.hydratedAt };
  });
  await context.close();
  return { ...sample, js };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

for (const server of SERVERS) {
  console.log(`==> Building ${server.name} into ${server.buildDir}`);
  if (!buildInto(server.buildDir, server.checkout)) process.exit(1);
}

console.log('==> Starting the servers on fresh demo catalogues');
for (const server of SERVERS) {
  servers.push(
    startDemoServer({
      port: server.port,
      buildDir: server.buildDir,
      checkout: server.checkout,
      dataDir: path.join(root, '.cache', `bench-pages-${server.port}`),
      env: args.floor ? { BENCH_CEILING_PAGE: 'true' } : {},
    }),
  );
}
// Seeding the demo catalogue takes minutes on a busy machine.
await Promise.all(SERVERS.map((server) => waitFor(`${server.origin}/api/v1/health`, 900_000)));
// Each server has its own demo catalogue, so its own ids.
const pages = await Promise.all(SERVERS.map((server) => pagesOf(server.origin)));

const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
const rows: string[] = [];
console.log(`==> ${RUNS} cold loads of each page${baseline ? ' on each server, alternating' : ''}`);
for (let p = 0; p < pages[0]!.length; p++) {
  const samples: Sample[][] = SERVERS.map(() => []);
  for (let run = 0; run < RUNS; run++) {
    for (let s = 0; s < SERVERS.length; s++) samples[s]!.push(await load(browser, `${SERVERS[s]!.origin}${pages[s]![p]!.path}`));
  }
  const m = (s: number, key: keyof Sample) => median(samples[s]!.map((x) => x[key]));
  const cell = (key: keyof Sample, show: (v: number) => string) =>
    baseline ? `${show(m(0, key))} / ${show(m(1, key))} (${(m(0, key) / m(1, key)).toFixed(2)})` : show(m(0, key));
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const row = `| ${pages[0]![p]!.name} | ${cell('fcp', seconds)} | ${cell('lcp', seconds)} | ${cell('hydrated', seconds)} | ${cell('js', kb)} |`;
  console.log(row);
  rows.push(row);
}
await browser.close();

const table = ['| Page | First Contentful Paint | Largest Contentful Paint | Hydrated | JavaScript (compressed) |', '|---|---|---|---|---|', ...rows].join('\n');
const legend = `medians of ${RUNS} cold loads${baseline ? `; each cell: this checkout / baseline (${path.basename(baseline)}) (ratio)` : ''}`;
console.log(`\n${legend}.\n\n${table}`);

if (args['write-docs']) {
  const file = path.join(root, 'docs', 'performance.md');
  const doc = readFileSync(file, 'utf8');
  const start = doc.indexOf(DOC_START);
  const end = doc.indexOf(DOC_END);
  if (start < 0 || end < 0) throw new Error(`docs/performance.md has no ${DOC_START} … ${DOC_END} block`);
  const command = `npm run bench:pages -- --runs ${RUNS}${baseline ? ` --baseline ${path.basename(baseline)}` : ''}`;
  const block = [DOC_START, `Measured ${new Date().toISOString().slice(0, 10)} with \`${command}\`; ${legend}.`, '', table, DOC_END].join('\n');
  writeFileSync(file, doc.slice(0, start) + block + doc.slice(end + DOC_END.length));
}
process.exit(0);
