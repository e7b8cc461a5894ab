// docs/api.md against the server: every route of the OpenAPI document the server publishes is in
// the reference with its method and path, every route the reference gives as served exists in the
// router, and no route the reference marks **planned** is served already (its mark would be stale).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, routeKey } from '../helpers/api-routes.ts';
import { createTestContext, type TestContext } from '../helpers/test-app.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
const ROUTE = /`(GET|POST|PUT|PATCH|DELETE) (\/api\/v1\/[^`\s?]*)`/g;

interface DocumentedRoute {
  key: string;
  planned: boolean;
  line: number;
}

/** The routes of the reference's tables: the first cell of each row names one, maybe marked **planned**. */
function documentedRoutes(markdown: string): DocumentedRoute[] {
  const routes: DocumentedRoute[] = [];
  markdown.split('\n').forEach((text, index) => {
    if (!text.startsWith('|')) return;
    const cell = text.split('|')[1] ?? '';
    for (const [, method, path] of cell.matchAll(ROUTE)) {
      routes.push({ key: `${method} ${path}`, planned: cell.includes('**planned**'), line: index + 1 });
    }
  });
  return routes;
}

const reference = documentedRoutes(readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8'));
const served = new Set(reference.filter((r) => !r.planned).map((r) => r.key));
const planned = new Set(reference.filter((r) => r.planned).map((r) => r.key));

let ctx: TestContext;
let published: string[];
let routed: Set<string>;
beforeAll(async () => {
  ctx = await createTestContext('api-reference');
  const doc = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json() as { paths: Record<string, Record<string, unknown>> };
  published = Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
  // The router writes parameters as :id, the OpenAPI document and the reference as {id}.
  routed = new Set(apiRoutes(ctx.app, METHODS).map((r) => routeKey(r).replace(/:(\w+)/g, '{$1}')));
});
afterAll(async () => {
  await ctx.close();
});

describe('docs/api.md', () => {
  it('reads route tables from the reference', () => {
    expect(documentedRoutes('| `GET /api/v1/a/{id}` | x |\n| `POST /api/v1/b` **planned** | y |\nprose `PUT /api/v1/c`')).toEqual([
      { key: 'GET /api/v1/a/{id}', planned: false, line: 1 },
      { key: 'POST /api/v1/b', planned: true, line: 2 },
    ]);
    expect(served.size).toBeGreaterThan(20);
    // Every route once marked planned is served by now (planned may be empty); the reading of the
    // mark is checked on the example above.
  });

  it('lists every route of the OpenAPI document, not as planned', () => {
    expect(published.length).toBeGreaterThan(20);
    expect(published.filter((key) => !served.has(key))).toEqual([]);
  });

  it('gives as served only routes that exist', () => {
    expect([...served].filter((key) => !routed.has(key))).toEqual([]);
  });

  it('marks as planned only routes that are not served yet', () => {
    expect([...planned].filter((key) => routed.has(key))).toEqual([]);
  });

  it('names each route once', () => {
    const keys = reference.map((r) => r.key);
    expect(keys.filter((key, i) => keys.indexOf(key) !== i)).toEqual([]);
  });
});
