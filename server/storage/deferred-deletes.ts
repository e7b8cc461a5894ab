// A store that is down when files should go (an upload that failed half-way, a deleted listing)
// must not keep them for ever, nor fail the user's request: the keys become a job, retried with
// the queue's backoff (10 s, 20 s … 1 h) until the store answers.
import type { Logger } from 'pino';
import type { JobQueue } from '../services/jobs/queue.ts';
import type { FileStorage } from './file-storage.ts';

export const DELETE_FILES_JOB = 'storage.delete';
/** About two days of hourly retries after the backoff reaches its cap. */
const DELETE_ATTEMPTS = 50;

export function withDeferredDeletes(storage: FileStorage, jobs: JobQueue, log: Logger): FileStorage {
  jobs.register<{ keys: string[] }>(DELETE_FILES_JOB, (job) => storage.delete(job.payload.keys), { maxAttempts: DELETE_ATTEMPTS });
  return {
    ...storage,
    async delete(keys) {
      if (keys.length === 0) return;
      try {
        await storage.delete(keys);
      } catch (error) {
        log.warn({ err: error, keys: keys.length }, 'files not deleted: the store did not answer; retried by a job');
        await jobs.enqueue(DELETE_FILES_JOB, { keys }, { maxAttempts: DELETE_ATTEMPTS });
      }
    },
  };
}
