// `npm run build`, after the pages: the server's TypeScript (server/, db/, common/) written as
// JavaScript into build/node, which `npm start` and `npm run serve` run (decision 0050). Node
// runs .ts files as they are, but stripping their types takes its TypeScript parser, a
// WebAssembly module that stays in the process once loaded: 21-26 MB of a server's memory for
// work done once, at start. Tests and `npm run dev` still run the .ts files.
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the compiled server goes: tsconfig.server.json's outDir, whatever BUILD_DIR says (package.json's imports name it). */
export const COMPILED_SERVER_DIR = path.join(root, 'build/node');

/** Compiles into `outDir` (tests compile into a folder of their own); false when tsc failed, its messages on stderr. */
export function buildServer(outDir = COMPILED_SERVER_DIR): boolean {
  // A file removed from the sources must not live on in the build.
  rmSync(outDir, { recursive: true, force: true });
  const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
  // tsc writes its messages on stdout, which callers silence for the pages' build: stderr here.
  const tsc = spawnSync(npx, ['tsc', '-p', 'tsconfig.server.json', '--outDir', outDir], { cwd: root, stdio: ['ignore', 2, 2] });
  if (tsc.status !== 0) return false;
  // db/client.ts finds its migrations beside itself.
  cpSync(path.join(root, 'db/migrations'), path.join(outDir, 'db/migrations'), { recursive: true });
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (!buildServer()) {
    console.error('Compiling the server failed; see the messages above.');
    process.exit(1);
  }
}
