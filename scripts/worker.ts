// `npm run worker`: runs the background jobs (e-mails, hourly clean-ups) in a process of its own, for a site
// scaled out to several servers started with JOBS_IN_SERVER=false. Needs DATABASE_URL: the
// embedded database belongs to the one server process that opened it.
// Stops on SIGTERM/SIGINT after the jobs in flight.
import { pino } from 'pino';
import { loadConfigOrExit } from '../server/config.ts';
import { openDatabase } from '../db/client.ts';
import { scheduleHousekeeping } from '../server/services/housekeeping.ts';
import { createServices } from '../server/services/index.ts';
import { createStorage } from '../server/storage/index.ts';

const config = loadConfigOrExit();
const log = pino({ level: config.logLevel, name: 'worker' });
if (!config.databaseUrl) {
  log.error('npm run worker needs DATABASE_URL: the embedded database can only be used by the server, which then runs the jobs itself');
  process.exit(1);
}
const database = await openDatabase({ url: config.databaseUrl });
await database.migrate();
const services = createServices({ config, database, storage: await createStorage(config), log });
scheduleHousekeeping(services);
services.jobs.start();
log.info('worker running the background jobs');

let stopping = false;
async function stop(signal: string) {
  if (stopping) process.exit(1);
  stopping = true;
  log.info(`${signal} received: finishing the jobs in flight`);
  try {
    await services.close();
    await database.close();
    log.info('worker stopped cleanly');
    process.exit(0);
  } catch (err) {
    log.error({ err }, 'worker shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
