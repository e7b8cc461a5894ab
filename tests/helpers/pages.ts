// Calls a page route's loader or action in-process, as React Router does on the server:
// a Fetch Request and the load context built by the same function the server uses
// (server/http/load-context.ts), holding the test services. No HTTP, no render.
import type { RouterContextProvider } from 'react-router';
import { createLoadContext } from '../../server/http/load-context.ts';
import type { TestContext } from './test-app.ts';

export const PAGE_ORIGIN = 'http://localhost:3000';

type Handler = (args: never) => unknown;

export interface PageCall {
  /** The page's path, e.g. `/fr/dashboard`. */
  path: string;
  params: Record<string, string>;
  /** The `session=…` pair, or nothing for a visitor. */
  cookie?: string;
  form?: FormData;
  ip?: string;
  /** The matched route's pattern as React Router gives it to loaders, e.g. `/:lang/shop/:userId`. */
  pattern?: string;
}

/** What came back, thrown or returned, in one shape. */
export interface PageOutcome {
  status: number;
  location?: string;
  setCookie?: string;
  data?: unknown;
  thrown: boolean;
  /** The load context the handler was given, as entry.server.tsx then reads it. */
  context?: RouterContextProvider;
}

export function formOf(fields: Record<string, string | Blob | string[]>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) form.append(key, one);
  }
  return form;
}

interface DataWithInit {
  type: 'DataWithResponseInit';
  data: unknown;
  init: ResponseInit | null;
}

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';
}

function outcomeOf(value: unknown, thrown: boolean): PageOutcome {
  if (value instanceof Response) {
    return {
      status: value.status,
      location: value.headers.get('location') ?? undefined,
      setCookie: value.headers.get('set-cookie') ?? undefined,
      thrown,
    };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return {
      status: value.init?.status ?? 200,
      location: headers.get('location') ?? undefined,
      setCookie: headers.get('set-cookie') ?? undefined,
      data: value.data,
      thrown,
    };
  }
  // Anything else thrown is a crash (a 500), not an answer.
  if (thrown) throw value;
  return { status: 200, data: value, thrown };
}

async function run(ctx: TestContext, handler: Handler, method: 'GET' | 'POST', call: PageCall): Promise<PageOutcome> {
  const headers = new Headers({ 'user-agent': 'vitest page caller' });
  if (call.cookie) headers.set('cookie', call.cookie);
  const request = new Request(PAGE_ORIGIN + call.path, { method, headers, ...(method === 'POST' ? { body: call.form ?? new FormData() } : {}) });
  const context = await createLoadContext(ctx.services, {
    requestId: 'page-test',
    nonce: 'test-nonce',
    ip: call.ip ?? '198.51.100.7',
    userAgent: headers.get('user-agent') ?? undefined,
    cookie: call.cookie,
  });
  const args = { request, params: call.params, context, pattern: call.pattern ?? '' } as never;
  try {
    return { ...outcomeOf(await handler(args), false), context };
  } catch (error) {
    return { ...outcomeOf(error, true), context };
  }
}

export const callAction = (ctx: TestContext, action: Handler, call: PageCall) => run(ctx, action, 'POST', call);
export const callLoader = (ctx: TestContext, loader: Handler, call: PageCall) => run(ctx, loader, 'GET', call);
