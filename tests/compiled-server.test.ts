// `npm start` and `npm run serve` run the server compiled to JavaScript (tooling/build-server.ts,
// decision 0050). Here it is compiled into a copy of the repository's layout (its package.json,
// whose imports name the compiled modules under the ecosouk-compiled condition) and loaded in a
// child Node as `npm run serve` loads it: no TypeScript may be loaded on the way, the request
// context must be the compiled one (the pages' build imports it by the same name), and the
// database's migrations must be found beside the compiled client.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../tooling/build-server.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const copy = mkdtempSync(path.join(os.tmpdir(), 'ecosouk-compiled-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const child = `
await import('./build/node/server/app.js');
await import('./build/node/server/services/index.js');
await import('./build/node/server/storage/index.js');
const { openDatabase } = await import('./build/node/db/client.js');
const database = await openDatabase({ dir: ${JSON.stringify(path.join(copy, 'db'))} });
await database.migrate();
await database.close();
console.log(JSON.stringify({
  typescript: process.moduleLoadList.filter((name) => /amaro/.test(name)),
  appContext: import.meta.resolve('#app-context'),
  errors: import.meta.resolve('#errors'),
}));
`;

describe('the compiled server', () => {
  it('loads without TypeScript, with the compiled request context, and migrates a database', async () => {
    expect(buildServer(path.join(copy, 'build/node'))).toBe(true);
    copyFileSync(path.join(ROOT, 'package.json'), path.join(copy, 'package.json'));
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
    const { stdout } = await promisify(execFile)(process.execPath, ['--conditions=ecosouk-compiled', '--input-type=module', '-e', child], {
      cwd: copy,
      env: { ...process.env, NODE_ENV: 'production' },
    });
    const seen = JSON.parse(stdout.trim().split('\n').at(-1)!) as { typescript: string[]; appContext: string; errors: string };
    expect(seen.typescript).toEqual([]);
    expect(seen.appContext).toBe(`file://${copy}/build/node/server/http/request-context.js`);
    expect(seen.errors).toBe(`file://${copy}/build/node/common/errors.js`);
  }, 60_000);
});
