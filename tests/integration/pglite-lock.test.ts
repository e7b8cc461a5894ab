import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { TEST_ENGINE } from '../helpers/test-database.ts';

describe.runIf(TEST_ENGINE === 'pglite')('embedded database folder lock', () => {
  it('refuses a second opener of the same folder, and reopens after close', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ecosouk-lock-'));
    try {
      const first = await openDatabase({ dir });
      // Same pid would be allowed to take over; pretend the lock is held by our parent process.
      await writeFile(path.join(dir, 'ecosouk.lock'), String(process.ppid));
      await expect(openDatabase({ dir })).rejects.toThrow(/in use by another EcoSouk process/);
      await writeFile(path.join(dir, 'ecosouk.lock'), String(process.pid));
      await first.close();
      const again = await openDatabase({ dir });
      await again.migrate();
      await again.ping();
      await again.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('takes over a lock left by a dead process', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'ecosouk-lock-'));
    try {
      await writeFile(path.join(dir, 'ecosouk.lock'), '999999');
      const db = await openDatabase({ dir });
      await db.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
