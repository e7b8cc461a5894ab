// glibc's allocator, tuned for a long-running Node server before anything allocates (decision 0048).
//
// The allocator reads its settings from the environment once, when the process starts, so they
// cannot be set from inside: the server starts itself again, in the same process (execve: the
// same pid, the same standard streams), with them set. Measured at a million listings
// (docs/performance.md "The allocator's settings"): without them the memory outside V8 grew by
// 30-50 MB under page load and was never given back.
//   - MALLOC_ARENA_MAX=2: glibc gives each thread that allocates its own arena, up to eight per
//     core (libuv's pool and V8's helper threads), and a freed block stays in its arena.
//   - MALLOC_MMAP_THRESHOLD_=32768: blocks from 32 KB up are mapped and unmapped on their own, so
//     their memory goes back when they are freed. By default the threshold starts at 128 KB and
//     rises to the size of the largest block freed (up to 32 MB): after the index's load freed its
//     staging, everything under that came from the arenas, where a few blocks still in use kept
//     the pages around them (at 128 KB, one arena held 40 MB with 1 MB in use after the pages).

/** Set on the process started again, so that it does not start itself once more. */
const MARK = 'ECOSOUK_MALLOC_TUNED';

export const MALLOC_SETTINGS: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '32768',
};

/**
 * Starts `entry` again with MALLOC_SETTINGS (values the environment sets itself win), and does not
 * return; returns when that does not apply: not Linux, a Node without process.execve, or already
 * done. Other C libraries ignore the variables.
 */
export function relaunchWithMallocSettings(entry: string): void {
  if (process.platform !== 'linux' || typeof process.execve !== 'function' || process.env[MARK] === '1') return;
  const env = { ...MALLOC_SETTINGS, ...process.env, [MARK]: '1' };
  process.execve(process.execPath, [process.execPath, ...process.execArgv, entry, ...process.argv.slice(2)], env as Record<string, string>);
}
