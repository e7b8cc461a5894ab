// The system scripts' HTTP client: real sockets (fetch), one recorder per run that
// counts answers by kind and status and keeps latencies for the percentiles.
import http from 'node:http';

export interface Answer {
  /** 0 when no HTTP answer came (refused, reset, timed out). */
  status: number;
  ms: number;
  text: string;
  headers: Headers;
  error?: string;
  json<T = any>(): T;
  /** `session=…` for a Cookie header, when the answer set one. */
  sessionCookie(): string | undefined;
}

export interface KindFigures {
  kind: string;
  requests: number;
  ok: number;
  client4xx: number;
  rateLimited: number;
  server5xx: number;
  noAnswer: number;
  p50: number;
  p99: number;
  max: number;
}

export interface Failure {
  kind: string;
  status: number;
  url: string;
  detail: string;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export class Recorder {
  private kinds = new Map<string, { statuses: number[]; ms: number[] }>();
  /** 5xx answers and lost requests with what they said, for the report (the first 50). */
  readonly failures: Failure[] = [];
  /** The first client errors (not 429) with their bodies: the workload should not cause many. */
  readonly clientErrors: Failure[] = [];
  /** Anything unexpected that is not a status, e.g. a 200 without the field we needed. */
  readonly problems: string[] = [];

  record(kind: string, url: string, answer: Pick<Answer, 'status' | 'ms' | 'text' | 'error'>) {
    let entry = this.kinds.get(kind);
    if (!entry) this.kinds.set(kind, (entry = { statuses: [], ms: [] }));
    entry.statuses.push(answer.status);
    entry.ms.push(answer.ms);
    if ((answer.status >= 500 || answer.status === 0) && this.failures.length < 50) {
      this.failures.push({ kind, status: answer.status, url, detail: (answer.error ?? answer.text).slice(0, 300) });
    }
    if (answer.status >= 400 && answer.status < 500 && answer.status !== 429 && this.clientErrors.length < 20) {
      this.clientErrors.push({ kind, status: answer.status, url, detail: answer.text.slice(0, 300) });
    }
  }

  problem(text: string) {
    if (this.problems.length < 200) this.problems.push(text);
  }

  figures(): KindFigures[] {
    return [...this.kinds.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([kind, { statuses, ms }]) => {
        const sorted = [...ms].sort((a, b) => a - b);
        return {
          kind,
          requests: statuses.length,
          ok: statuses.filter((s) => s >= 200 && s < 400).length,
          client4xx: statuses.filter((s) => s >= 400 && s < 500 && s !== 429).length,
          rateLimited: statuses.filter((s) => s === 429).length,
          server5xx: statuses.filter((s) => s >= 500).length,
          noAnswer: statuses.filter((s) => s === 0).length,
          p50: Math.round(percentile(sorted, 50)),
          p99: Math.round(percentile(sorted, 99)),
          max: Math.round(sorted.at(-1) ?? 0),
        };
      });
  }
}

export interface CallOptions {
  method?: string;
  json?: unknown;
  body?: Buffer;
  contentType?: string;
  /** The client address the server should see (X-Forwarded-For is believed from 127.0.0.1). */
  ip?: string;
  cookie?: string;
  timeoutMs?: number;
}

export async function call(recorder: Recorder | undefined, kind: string, base: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, br' };
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.cookie) headers.cookie = options.cookie;
  let body: string | Buffer | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.body) {
    headers['content-type'] = options.contentType ?? 'application/octet-stream';
    body = options.body;
  }
  const url = `${base}${path}`;
  const started = performance.now();
  let status = 0;
  let text = '';
  let error: string | undefined;
  let responseHeaders = new Headers();
  try {
    const res = await fetch(url, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    // The body is read completely: a status alone does not prove the answer arrived whole.
    text = await res.text();
    status = res.status;
    responseHeaders = res.headers;
  } catch (caught) {
    const err = caught as Error & { cause?: { code?: string; message?: string } };
    error = err.cause?.code ?? err.cause?.message ?? err.message;
  }
  const ms = performance.now() - started;
  const answer: Answer = {
    status,
    ms,
    text,
    headers: responseHeaders,
    error,
    json() {
      return JSON.parse(text);
    },
    sessionCookie() {
      return responseHeaders.getSetCookie().find((c) => c.startsWith('session='))?.split(';')[0];
    },
  };
  recorder?.record(kind, url, answer);
  return answer;
}

/** A multipart/form-data body with one file field. */
export function multipartFile(field: string, filename: string, contentType: string, data: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----ecosouk-system-${Math.random().toString(36).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    body: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Prints rows as an aligned text table. */
export function printTable(rows: Record<string, string | number>[]): void {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => String(r[c] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(columns.map((c) => String(row[c] ?? ''))));
}

export interface RawResult {
  kind: string;
  startedAt: number;
  /** When the TCP connection was established; undefined when it never was. */
  connectedAt?: number;
  endedAt: number;
  status: number;
  /** The whole body arrived (the response ended, not cut). */
  complete: boolean;
  body: string;
  error?: string;
}

export interface RawOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** Spread the body's sending over this many milliseconds (a slow client upload). */
  slowBodyMs?: number;
  timeoutMs?: number;
}

/**
 * One request on a connection of its own (no keep-alive): when a server stops, what was
 * accepted and what was refused is then exactly a matter of when each connection was made.
 */
export function rawRequest(kind: string, port: number, path: string, options: RawOptions = {}): Promise<RawResult> {
  return new Promise((resolve) => {
    const result: RawResult = { kind, startedAt: Date.now(), endedAt: 0, status: 0, complete: false, body: '' };
    let settled = false;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      result.endedAt = Date.now();
      if (error) result.error = error;
      resolve(result);
    };
    const headers: Record<string, string | number> = { connection: 'close', ...options.headers };
    if (options.body) headers['content-length'] = options.body.length;
    const req = http.request({ host: '127.0.0.1', port, path, method: options.method ?? (options.body ? 'POST' : 'GET'), headers, agent: false });
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error('timeout')));
    req.on('socket', (socket) => socket.once('connect', () => (result.connectedAt = Date.now())));
    req.on('error', (err: NodeJS.ErrnoException) => finish(err.code ?? err.message));
    req.on('response', (res) => {
      result.status = res.statusCode ?? 0;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        result.complete = true;
        result.body = Buffer.concat(chunks).toString('utf8');
        finish();
      });
      res.on('error', (err: NodeJS.ErrnoException) => finish(err.code ?? err.message));
      res.on('aborted', () => finish('aborted'));
    });
    const body = options.body;
    if (!body) return void req.end();
    if (!options.slowBodyMs) return void req.end(body);
    const pieces = 20;
    const size = Math.ceil(body.length / pieces);
    let sent = 0;
    const next = () => {
      if (req.destroyed) return;
      const piece = body.subarray(sent, sent + size);
      sent += piece.length;
      if (sent >= body.length) req.end(piece);
      else req.write(piece, () => setTimeout(next, options.slowBodyMs! / pieces));
    };
    next();
  });
}
