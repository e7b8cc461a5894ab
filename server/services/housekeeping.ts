// The periodic clean-ups, as scheduled jobs: once an hour across every server and worker (the
// job key names the hour), retried like any job, and visible in the job counts.
import type { Services } from './index.ts';
import { countSearchLexemes } from './search.ts';

const HOUR = 60 * 60 * 1000;

export const HOUSEKEEPING_JOBS = {
  orphanUploads: 'housekeeping.orphan-uploads',
  expiredSessions: 'housekeeping.expired-sessions',
  finishedJobs: 'housekeeping.finished-jobs',
  viewMarks: 'housekeeping.view-marks',
  oldEvents: 'housekeeping.old-events',
  listingExpiry: 'housekeeping.listing-expiry',
  searchCounts: 'housekeeping.search-counts',
} as const;

/** Registers the clean-ups and their hourly schedule on the services' job queue (before `jobs.start()`). */
export function scheduleHousekeeping({
  jobs,
  uploads,
  sessions,
  counters,
  lifecycle,
  database,
  log,
}: Pick<Services, 'jobs' | 'uploads' | 'sessions' | 'counters' | 'lifecycle' | 'database' | 'log'>): void {
  // Listings past their end leave public view; those ending soon get their reminder queued.
  jobs.register(HOUSEKEEPING_JOBS.listingExpiry, async () => {
    const { expired, reminders } = await lifecycle.sweep();
    if (expired > 0 || reminders > 0) log.info({ expired, reminders }, 'listing expiry sweep');
  }, { maxAttempts: 3 });
  // Uploads never attached to a listing (older than a day).
  jobs.register(HOUSEKEEPING_JOBS.orphanUploads, async () => {
    const removed = await uploads.cleanOrphans();
    if (removed > 0) log.info({ removed }, 'orphan uploads removed');
  }, { maxAttempts: 3 });
  jobs.register(HOUSEKEEPING_JOBS.expiredSessions, () => sessions.purgeExpired(), { maxAttempts: 3 });
  jobs.register(HOUSEKEEPING_JOBS.finishedJobs, async () => {
    await jobs.purgeFinished();
  }, { maxAttempts: 3 });
  // Marks that no longer stop a view or reveal from counting (older than a day).
  jobs.register(HOUSEKEEPING_JOBS.viewMarks, async () => {
    await counters.purgeMarks();
  }, { maxAttempts: 3 });
  // Raw events past their retention, folded into daily counts: the events table stays bounded.
  jobs.register(HOUSEKEEPING_JOBS.oldEvents, async () => {
    const folded = await counters.foldOldEvents();
    if (folded > 0) log.info({ folded }, 'old events folded into daily counts');
  }, { maxAttempts: 3 });
  // Each lexeme's listed listings counted again (decision 0035): the departures since the last
  // count lower every word's bound until then, so a word keeps its bound by being recounted.
  jobs.register(HOUSEKEEPING_JOBS.searchCounts, () => countSearchLexemes(database.db), { maxAttempts: 3 });
  for (const name of Object.values(HOUSEKEEPING_JOBS)) jobs.every(name, HOUR);
}
