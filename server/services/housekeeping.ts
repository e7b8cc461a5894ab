// The periodic clean-ups, as scheduled jobs: once an hour across every server and worker (the
// job key names the hour), retried like any job, and visible in the job counts.
import type { Services } from './index.ts';

const HOUR = 60 * 60 * 1000;

export const HOUSEKEEPING_JOBS = {
  orphanUploads: 'housekeeping.orphan-uploads',
  expiredSessions: 'housekeeping.expired-sessions',
  finishedJobs: 'housekeeping.finished-jobs',
} as const;

/** Registers the clean-ups and their hourly schedule on the services' job queue (before `jobs.start()`). */
export function scheduleHousekeeping({ jobs, uploads, sessions, log }: Pick<Services, 'jobs' | 'uploads' | 'sessions' | 'log'>): void {
  // Uploads never attached to a listing (older than a day).
  jobs.register(HOUSEKEEPING_JOBS.orphanUploads, async () => {
    const removed = await uploads.cleanOrphans();
    if (removed > 0) log.info({ removed }, 'orphan uploads removed');
  }, { maxAttempts: 3 });
  jobs.register(HOUSEKEEPING_JOBS.expiredSessions, () => sessions.purgeExpired(), { maxAttempts: 3 });
  jobs.register(HOUSEKEEPING_JOBS.finishedJobs, async () => {
    await jobs.purgeFinished();
  }, { maxAttempts: 3 });
  for (const name of Object.values(HOUSEKEEPING_JOBS)) jobs.every(name, HOUR);
}
