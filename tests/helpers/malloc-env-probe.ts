// Run by tests/malloc-tuning.test.ts as a server entry would be: starts itself again with the
// allocator's settings, then prints what the process it became sees.
import { fileURLToPath } from 'node:url';
import { relaunchWithMallocSettings } from '../../server/malloc-tuning.ts';

relaunchWithMallocSettings(fileURLToPath(import.meta.url));
console.log(
  JSON.stringify({
    pid: process.pid,
    arenas: process.env.MALLOC_ARENA_MAX ?? null,
    mmapThreshold: process.env['MALLOC_MMAP_THRESHOLD_'] ?? null,
    args: process.argv.slice(2),
    execArgv: process.execArgv,
    kept: process.env.PROBE_KEPT ?? null,
  }),
);
