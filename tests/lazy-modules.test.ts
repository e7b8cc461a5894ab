// The server's whole module graph is loaded in a child Node (as `npm start` loads it), with a
// hook that records every module. The packages a web server needs only for some requests (mail,
// photos, Redis) must not be among them until one of those requests comes (decision 0049).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const LAZY = ['nodemailer', 'sharp', 'ioredis'] as const;

// Runs in the child: records the packages loaded, imports the server, then does `afterwards`.
const child = (afterwards: string) => `
import { registerHooks } from 'node:module';
const packages = new Set();
registerHooks({
  load(url, context, next) {
    const match = /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//.exec(url);
    if (match) packages.add(match[1]);
    return next(url, context);
  },
});
await import('./server/app.ts');
await import('./server/services/index.ts');
await import('./server/storage/index.ts');
const atStart = [...packages];
${afterwards}
console.log(JSON.stringify({ atStart, after: [...packages] }));
`;

async function loaded(afterwards = '') {
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', child(afterwards)], { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' } });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { atStart: string[]; after: string[] };
}

describe('packages loaded on first use', () => {
  it('the server starts without nodemailer, sharp or ioredis, and loads each when it is first needed', async () => {
    const { atStart, after } = await loaded(`
      const { createMailer } = await import('./server/services/mail/mailer.ts');
      const { sniffImage } = await import('./server/services/image-pipeline.ts');
      const { createSharedRedis } = await import('./server/services/redis.ts');
      const os = await import('node:os');
      const { mkdtemp, rm } = await import('node:fs/promises');
      const outboxDir = await mkdtemp(os.tmpdir() + '/ecosouk-lazy-');
      const mailer = createMailer({ mailFrom: 'EcoSouk <no-reply@ecosouk.dz>', outboxDir }, { info() {}, error() {} });
      await mailer.send({ to: 'someone@example.com', subject: 'lazy', text: 'lazy' });
      await rm(outboxDir, { recursive: true, force: true });
      await sniffImage(Buffer.from('not an image'));
      const log = { info() {}, warn() {}, error() {}, debug() {} };
      const redis = createSharedRedis({ url: 'redis://127.0.0.1:1', log, commandTimeoutMs: 10 });
      await redis.close().catch(() => {});
    `);
    // The graph really was loaded (the hook saw the server's own packages).
    expect(atStart).toEqual(expect.arrayContaining(['fastify', 'drizzle-orm', 'zod']));
    for (const name of LAZY) {
      expect(atStart, `${name} loaded at start`).not.toContain(name);
      expect(after, `${name} not loaded on first use`).toContain(name);
    }
  }, 60_000);
});
