// A PostgreSQL primary and its streaming replica in a temporary folder, for the replica drill of
// `npm run test:faults -- --only replica`. The machine's PostgreSQL binaries (PG_BIN, default
// /usr/lib/postgresql/15/bin) run a cluster of their own: the shared test server is not
// reconfigured (it allows no replication connections) and its other databases are not copied.
// As root, the clusters run as the `postgres` user, which PostgreSQL requires.
import { spawnSync } from 'node:child_process';
import { appendFile, chmod, chown, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

function run(command: string, args: string[], uid: number | undefined): void {
  const full = path.join(PG_BIN, command);
  const result = uid === undefined ? spawnSync(full, args, { encoding: 'utf8' }) : spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stderr || result.stdout}`);
}

function postgresUid(): number | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  if (id.status !== 0) throw new Error('running as root needs a `postgres` user to run the clusters');
  return Number(id.stdout.trim());
}

export interface ReplicaPair {
  primaryUrl: string;
  replicaUrl: string;
  /** Replay lag on the primary's view, in bytes of WAL, and in seconds (0 when it is caught up). */
  lag(): Promise<{ bytes: number; seconds: number }>;
  /** Transactions the replica has committed in the database (reads included). */
  replicaTransactions(): Promise<number>;
  stopReplica(mode?: 'immediate' | 'fast'): void;
  stop(): Promise<void>;
}

export async function startReplicaPair(dir: string, primaryPort: number, replicaPort: number, database = 'drill'): Promise<ReplicaPair> {
  const uid = postgresUid();
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o700);
  if (uid !== undefined) await chown(dir, uid, uid);
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  run('initdb', ['-D', primaryDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'], uid);
  // Speed over durability: the folder is thrown away after the drill.
  await appendFile(
    path.join(primaryDir, 'postgresql.conf'),
    `\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\nwal_level = replica\nmax_wal_senders = 4\nfsync = off\nsynchronous_commit = off\nfull_page_writes = off\nshared_buffers = 64MB\nmax_connections = 60\n`,
  );
  await appendFile(path.join(primaryDir, 'pg_hba.conf'), '\nhost replication all 127.0.0.1/32 trust\n');
  const logs = (name: string) => path.join(dir, `${name}.log`);
  run('pg_ctl', ['-D', primaryDir, '-o', `-p ${primaryPort}`, '-l', logs('primary'), '-w', 'start'], uid);
  run('pg_basebackup', ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast'], uid);
  run('pg_ctl', ['-D', replicaDir, '-o', `-p ${replicaPort}`, '-l', logs('replica'), '-w', 'start'], uid);
  let replicaRunning = true;

  const primaryAdmin = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`, max: 1 });
  primaryAdmin.on('error', () => {});
  await primaryAdmin.query(`create database ${database}`);
  const replicaAdmin = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`, max: 1 });
  replicaAdmin.on('error', () => {});
  // The new database reaches the replica by replication, like everything after it.
  for (let i = 0; ; i++) {
    const { rows } = await replicaAdmin.query<{ n: number }>('select count(*)::int as n from pg_database where datname = $1', [database]);
    if (rows[0]?.n === 1) break;
    if (i > 100) throw new Error('the replica did not receive the new database within 10 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/${database}`,
    replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/${database}`,
    async lag() {
      const { rows } = await primaryAdmin.query<{ bytes: string | null; seconds: number | null }>(
        'select max(pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn))::text as bytes, max(extract(epoch from replay_lag))::float8 as seconds from pg_stat_replication',
      );
      return { bytes: Number(rows[0]?.bytes ?? 0), seconds: rows[0]?.seconds ?? 0 };
    },
    async replicaTransactions() {
      const { rows } = await replicaAdmin.query<{ n: string }>('select xact_commit::text as n from pg_stat_database where datname = $1', [database]);
      return Number(rows[0]?.n ?? 0);
    },
    stopReplica(mode = 'immediate') {
      if (!replicaRunning) return;
      replicaRunning = false;
      void replicaAdmin.end().catch(() => {});
      run('pg_ctl', ['-D', replicaDir, '-m', mode, '-w', 'stop'], uid);
    },
    async stop() {
      await Promise.all([primaryAdmin.end().catch(() => {}), replicaRunning ? replicaAdmin.end().catch(() => {}) : undefined]);
      if (replicaRunning) run('pg_ctl', ['-D', replicaDir, '-m', 'immediate', '-w', 'stop'], uid);
      replicaRunning = false;
      run('pg_ctl', ['-D', primaryDir, '-m', 'immediate', '-w', 'stop'], uid);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
