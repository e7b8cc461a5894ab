// SIGTERM: in-flight requests finish, the embedded database closes cleanly and can be reopened.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { openStream } from '../helpers/sse.ts';
import { TEST_ENGINE } from '../helpers/test-database.ts';

function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', DATABASE_URL: '', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`server exited early (${code}): ${output}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url, exited, output: () => output };
}

describe.runIf(TEST_ENGINE === 'pglite')('graceful shutdown', () => {
  it('finishes in-flight requests, exits 0 and leaves the embedded database reopenable', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ecosouk-shutdown-'));
    try {
      const server = startServer(dataDir);
      const base = await server.url;
      const signup = await fetch(`${base}/api/v1/users/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Nadia', email: 'nadia@example.dz', password: 'Safe2025x' }),
      });
      expect(signup.status).toBe(201);

      // An open event stream never finishes by itself: shutdown ends it instead of waiting 25 s for it.
      const session = await fetch(`${base}/api/v1/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nadia@example.dz', password: 'Safe2025x' }),
      });
      const stream = await openStream(`${base}/api/v1/conversations/stream`, { cookie: session.headers.get('set-cookie')!.split(';')[0] });
      await stream.next((e) => e.event === 'unread');

      // Log-ins (an argon2 check each) the server has received when SIGTERM arrives still get their answer.
      const logins = () => server.output().split('"url":"/api/v1/users/login"').length - 1;
      const before = logins();
      const received = () => logins() - before;
      const inFlight = Array.from({ length: 5 }, () =>
        fetch(`${base}/api/v1/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'nadia@example.dz', password: 'Safe2025x' }),
        }).then((r) => r.status),
      );
      while (received() < 5) await new Promise((r) => setTimeout(r, 5));
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect(await Promise.all(inFlight)).toEqual([200, 200, 200, 200, 200]);
      await stream.ended;
      expect(await server.exited, server.output()).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(10_000);
      expect(server.output()).toContain('stopped cleanly');

      const database = await openDatabase({ dir: path.join(dataDir, 'db') });
      try {
        const result = (await database.db.execute(sql`select email from users`)) as unknown as { rows: { email: string }[] };
        expect(result.rows.map((r) => r.email)).toEqual(['nadia@example.dz']);
      } finally {
        await database.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
