// PGlite is a single-process database: two servers on one data folder would
// corrupt it. A lock file holding the owner's pid refuses the second one; a lock
// left by a process that no longer exists (kill -9) is taken over.
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockDataDir(dir: string): () => void {
  const file = path.join(dir, 'ecosouk.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(file, 'utf8'));
      if (owner && owner !== process.pid && alive(owner)) {
        throw new Error(`The database in ${dir} is in use by another EcoSouk process (pid ${owner}). Stop it first, or use another DATA_DIR.`, { cause: error });
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
