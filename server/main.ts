// Starts EcoSouk: configuration, database (migrated), demo catalogue, HTTP server,
// and a shutdown that lets in-flight requests finish and closes the database cleanly.
import type { ListenOptions } from 'node:net';
import type { FastifyListenOptions } from 'fastify';
import { loadConfigOrExit } from './config.ts';
import { openDatabase } from '../db/client.ts';
import { buildApp } from './app.ts';
import { followConnections } from './http/connection-drain.ts';
import { addListeners, assertPortFree, canSharePort, type ExtraListeners } from './http/listen-sockets.ts';
import { scheduleHousekeeping } from './services/housekeeping.ts';
import { createServices } from './services/index.ts';
import { createStorage } from './storage/index.ts';

const config = loadConfigOrExit();
const database = await openDatabase({
  url: config.databaseUrl,
  dir: config.dbDir,
  readUrl: config.databaseReadUrl,
  onReplicaFallback: (error) => console.warn(`read replica unavailable, reading from the primary for 5 s: ${error instanceof Error ? error.message : String(error)}`),
});
await database.migrate();
const storage = await createStorage(config);
const services = createServices({ config, database, storage });
const app = await buildApp({ services, pages: { mode: 'production', buildDir: config.buildDir } });
const connections = followConnections(app.server);
/** The sockets listening beside the HTTP server's own (decision 0043), once it listens. */
let listeners: ExtraListeners | undefined;
/** How long a connection accepted just before a shutdown may take to send its request. */
const FRESH_CONNECTION_GRACE_MS = 1000;

// The demo catalogue fills an empty embedded database only; PostgreSQL gets it from `npm run db:seed`.
// Imported here, not above: its texts, its photo drawer and every icon it draws from would
// otherwise stay in the memory of every server, seeding or not.
if (config.seedDemo && database.kind === 'pglite') {
  const { seedDemoCatalogue } = await import('./seed/seed.ts');
  const seeded = await seedDemoCatalogue(services, { onlyIfEmpty: true });
  if (seeded) {
    app.log.info(
      { email: seeded.email, password: seeded.password, listings: seeded.listings },
      `demo catalogue created: sign in as ${seeded.email} / ${seeded.password}`,
    );
  }
}

// The in-memory search index loads while the server already serves: until it has, searches read the database.
void services.searchIndex?.start();

// Background jobs (e-mails, hourly clean-ups): here by default, or in `npm run worker` with JOBS_IN_SERVER=false.
if (config.jobsInServer) {
  scheduleHousekeeping(services);
  // The embedded database is locked to this process: a job left active was abandoned by a
  // previous run that died (kill -9), and need not wait for its lease.
  if (database.kind === 'pglite') await services.jobs.recoverAbandoned();
  services.jobs.start();
} else if (database.kind === 'pglite') {
  app.log.warn('JOBS_IN_SERVER=false with the embedded database: no other process can open it, so nothing will send e-mails');
}


let stopping = false;
async function shutdown(signal: string) {
  if (stopping) {
    app.log.warn(`${signal} again: exiting now`);
    process.exit(1);
  }
  stopping = true;
  app.log.info(`${signal} received: finishing in-flight requests`);
  const timer = setTimeout(() => {
    app.log.error('shutdown took more than 25 s: exiting');
    process.exit(1);
  }, 25_000);
  // Connections kept alive by clients become idle as their last response goes out (which
  // now says `Connection: close`); close them as they do, or the wait would last until the
  // keep-alive timeout. Not one accepted just before the signal that has not sent its request
  // yet (server/http/connection-drain.ts). Event streams never finish on their own: they are
  // ended (their browsers reconnect, to another instance), also one opened on a connection
  // accepted just before the signal.
  connections.startDraining();
  const sweeper = setInterval(() => {
    services.realtime.endStreams();
    connections.closeIdle(FRESH_CONNECTION_GRACE_MS);
  }, 50);
  services.realtime.endStreams();
  try {
    // Stop accepting first and wait for the connections already accepted: once app.close()
    // has begun, Fastify answers 503 to any request it reads, even one whose connection was
    // accepted before the signal (seen under load by `npm run test:faults`).
    // Each step is logged so that a shutdown that hangs says where.
    await connections.stopAccepting(() => listeners?.close());
    app.log.info('shutdown: connections drained');
    await app.close();
    clearInterval(sweeper);
    app.log.info('shutdown: http server closed');
    // Lets the jobs in flight finish; Redis connections would keep the process alive and reconnect for ever.
    await services.close();
    app.log.info('shutdown: services closed');
    await database.close();
    app.log.info('stopped cleanly');
    clearTimeout(timer);
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// Several sockets on the port accept as many connections per turn of a busy event loop (decision 0043).
const sockets = canSharePort() ? config.listenSockets : 1;
if (sockets > 1) await assertPortFree(config.host, config.port);
// Fastify hands its options to Node's listen, whose `reusePort` its types do not list.
const listenOptions: FastifyListenOptions & Pick<ListenOptions, 'reusePort'> = { port: config.port, host: config.host, reusePort: sockets > 1 };
await app.listen(listenOptions);
if (sockets > 1) listeners = await addListeners(app.server, app.addresses(), sockets, config.maxConnections);
app.log.info(`EcoSouk is ready at ${config.publicUrl} (database: ${database.kind === 'pglite' ? config.dbDir : 'PostgreSQL'})`);
