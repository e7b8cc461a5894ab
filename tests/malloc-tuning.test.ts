import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { MALLOC_SETTINGS } from '../server/malloc-tuning.ts';

interface Probe {
  pid: number;
  arenas: string | null;
  mmapThreshold: string | null;
  args: string[];
  execArgv: string[];
  kept: string | null;
}

/** Runs the probe as `node [options] probe [args]`; resolves with the pid spawned and what the probe printed. */
function probe(env: Record<string, string | undefined>, args: string[] = []): Promise<{ spawned: number; seen: Probe; lines: number }> {
  return new Promise((resolve, reject) => {
    const { MALLOC_ARENA_MAX: _a, MALLOC_MMAP_THRESHOLD_: _m, ECOSOUK_MALLOC_TUNED: _t, ...clean } = process.env;
    const child = spawn(process.execPath, ['--max-semi-space-size=16', 'tests/helpers/malloc-env-probe.ts', ...args], { env: { ...clean, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`the probe exited with ${code}`));
      const lines = out.trim().split('\n');
      resolve({ spawned: child.pid!, seen: JSON.parse(lines.at(-1)!) as Probe, lines: lines.length });
    });
  });
}

describe.runIf(process.platform === 'linux' && typeof process.execve === 'function')('the allocator settings (server/malloc-tuning.ts)', () => {
  it('starts the entry again in the same process, with the settings, its arguments and its Node options', async () => {
    const { spawned, seen, lines } = await probe({ PROBE_KEPT: 'yes' }, ['--flag', 'value']);
    // The same pid: whoever started the server (a supervisor, the tests) still holds it.
    expect(seen.pid).toBe(spawned);
    expect(seen.arenas).toBe(MALLOC_SETTINGS.MALLOC_ARENA_MAX);
    expect(seen.mmapThreshold).toBe(MALLOC_SETTINGS['MALLOC_MMAP_THRESHOLD_']);
    expect(seen.args).toEqual(['--flag', 'value']);
    expect(seen.execArgv).toContain('--max-semi-space-size=16');
    expect(seen.kept).toBe('yes');
    // Printed once: the process started again did not start itself once more.
    expect(lines).toBe(1);
  });

  it('leaves a setting the environment gives as it is', async () => {
    const { seen } = await probe({ MALLOC_ARENA_MAX: '4' });
    expect(seen.arenas).toBe('4');
    expect(seen.mmapThreshold).toBe(MALLOC_SETTINGS['MALLOC_MMAP_THRESHOLD_']);
  });
});
