// Vite plugin: writes `.br` (quality 11) and `.gz` (level 9) next to every text asset of
// the client build. The server sends them as they are (@fastify/static `preCompressed`),
// so phones get the smallest files without the server compressing on each request;
// on-the-fly brotli uses a fast, weaker setting.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const TEXT = /\.(?:js|mjs|css|svg|json|webmanifest|txt|xml|html)$/;
/** Below this size the compressed file saves less than the headers cost. */
const MIN_BYTES = 512;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

export async function precompressDirectory(dir: string): Promise<number> {
  let count = 0;
  for await (const file of files(dir)) {
    if ((await stat(file)).size < MIN_BYTES) continue;
    const content = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gz(content, { level: 9 }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    count++;
  }
  return count;
}

export function precompress(): Plugin {
  let clientDir = '';
  return {
    name: 'ecosouk:precompress',
    apply: 'build',
    configResolved(config) {
      clientDir = config.environments.client?.build.outDir ?? '';
    },
    // React Router writes the browser's route manifest into the client folder while it builds
    // the server, so the client files are complete only once the server build is closed.
    async closeBundle() {
      if (this.environment.name !== 'ssr' || !clientDir) return;
      await precompressDirectory(clientDir);
    },
  };
}
