// Configuration comes only from the environment, is validated once at start,
// and every bad value is reported on its own line so an operator fixes them all at once.
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { LISTING_CHECKS, type ListingCheckKind } from '../common/moderation.ts';
import { parseS3Url, type S3Location } from './storage/s3-url.ts';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const urlWithProtocols = (protocols: string[]) =>
  z.url({ error: `must be a URL (${protocols.join(', ')})` }).refine(
    (v) => protocols.some((p) => v.startsWith(`${p}:`)),
    `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
  );

/** Names proxy-addr (Fastify's trustProxy) knows for whole ranges. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry) || isIP(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0 || bits === undefined || !/^\d{1,3}$/.test(bits)) return false;
  const version = isIP(address);
  return version !== 0 && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which peers' X-Forwarded-For is believed: `false` (none: the socket's address is the
 * client), a hop count (that many proxies in front, whatever their addresses), or a
 * comma-separated list of addresses and CIDR ranges. `true` is refused: believing every
 * peer lets any client choose its own address, and with it escape every per-address limit.
 */
const trustProxySetting = z
  .string()
  .default('127.0.0.1,::1')
  .transform((raw, ctx): string[] | number | false => {
    const value = raw.trim().toLowerCase();
    if (value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
    const bad = entries.filter((e) => !isAddressOrRange(e));
    if (value === 'true' || entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `must be false, a number of proxy hops, or a comma-separated list of IP addresses and CIDR ranges${bad.length ? ` (not understood: ${bad.join(', ')})` : ''}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const milliseconds = (min: number) =>
  z.coerce.number({ error: 'must be a number of milliseconds' }).int('must be a whole number').min(min, `must be at least ${min}`);

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  BUILD_DIR: z.string().min(1, 'must not be empty').default('build'),
  DATABASE_URL: urlWithProtocols(['postgres', 'postgresql']).optional(),
  PUBLIC_URL: urlWithProtocols(['http', 'https']).optional(),
  SMTP_URL: urlWithProtocols(['smtp', 'smtps']).optional(),
  MAIL_FROM: z.string().min(3).default('EcoSouk <no-reply@ecosouk.dz>'),
  CONTACT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('contact@ecosouk.dz'),
  REDIS_URL: urlWithProtocols(['redis', 'rediss']).optional(),
  DATABASE_READ_URL: urlWithProtocols(['postgres', 'postgresql']).optional(),
  SEARCH_INDEX: z.enum(['database', 'memory'], { error: 'must be "database" or "memory"' }).default('database'),
  READ_YOUR_WRITES_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int('must be a whole number').min(0, 'must be between 0 and 3600').max(3600, 'must be between 0 and 3600').default(15),
  STORAGE_URL: z.string().transform((raw, ctx): S3Location | 'local' => {
    if (raw === 'local') return 'local';
    const parsed = parseS3Url(raw, '');
    if (typeof parsed === 'string') {
      ctx.addIssue({ code: 'custom', message: `must be "local" or s3://BUCKET[/PREFIX]?endpoint=URL&forcePathStyle=true&region=REGION: ${parsed}` });
      return z.NEVER;
    }
    return parsed;
  }).optional(),
  PHOTO_PUBLIC_URL: urlWithProtocols(['http', 'https']).refine((v) => !/[?#]/.test(v), 'must not have a query or fragment').optional(),
  SEED_DEMO: booleanString.default(true),
  // Demo and tests only: with the demo catalogue, also a moderator (moderator@ecosouk.dz) with this
  // password. Unset (the default), there is none: the first staff account is made with `npm run user:role`.
  DEMO_MODERATOR_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  // Tests only: lets photo URLs on loopback/private addresses be fetched (a local test server).
  PHOTO_FETCH_ALLOW_PRIVATE: booleanString.default(false),
  // Tests only: the server's clock runs this many days ahead (expiry e2e test). Never in production.
  CLOCK_OFFSET_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 3650')
    .max(3650, 'must be between 0 and 3650')
    .default(0),
  JOBS_IN_SERVER: booleanString.default(true),
  JOBS_LEASE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 3600')
    .max(3600, 'must be between 1 and 3600')
    .default(60),
  LISTING_TTL_DAYS: z.coerce
    .number({ error: 'must be a number of days' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 3650')
    .max(3650, 'must be between 1 and 3650')
    .default(60),
  // Which automatic checks run at publish and edit: a comma-separated list, `all` or `none`.
  LISTING_CHECKS: z
    .string()
    .default('all')
    .transform((raw, ctx): ListingCheckKind[] => {
      const value = raw.trim().toLowerCase();
      if (value === 'all') return [...LISTING_CHECKS];
      if (value === 'none') return [];
      const entries = value.split(',').map((e) => e.trim()).filter(Boolean);
      const bad = entries.filter((e) => !(LISTING_CHECKS as readonly string[]).includes(e));
      if (bad.length > 0) {
        ctx.addIssue({ code: 'custom', message: `must be all, none or a comma-separated list of ${LISTING_CHECKS.join(', ')} (not understood: ${bad.join(', ')})` });
        return z.NEVER;
      }
      return entries as ListingCheckKind[];
    }),
  NEW_ACCOUNT_DAILY_LISTINGS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 1000')
    .max(1000, 'must be between 0 and 1000')
    .default(5),
  // How long instant search alerts gather listings before their e-mail goes (docs/decisions/0023-alert-matching.md).
  ALERT_WINDOW_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 600')
    .max(600, 'must be between 1 and 600')
    .default(300),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    error: 'must be one of fatal, error, warn, info, debug, trace, silent',
  }).default('info'),
  NODE_ENV: z.string().default('production'),
  TRUST_PROXY: trustProxySetting,
  REQUEST_TIMEOUT_MS: milliseconds(100).default(60_000),
  HEADERS_TIMEOUT_MS: milliseconds(100).default(15_000),
  MAX_CONNECTIONS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').default(1024),
  LISTEN_SOCKETS: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(64, 'must be at most 64').default(16),
  BENCH_CEILING_PAGE: booleanString.default(false),
}).refine((e) => e.HEADERS_TIMEOUT_MS <= e.REQUEST_TIMEOUT_MS, { path: ['HEADERS_TIMEOUT_MS'], message: 'must not exceed REQUEST_TIMEOUT_MS' })
  .refine((e) => !e.DATABASE_READ_URL || e.DATABASE_URL, { path: ['DATABASE_READ_URL'], message: 'needs DATABASE_URL: a replica is of a PostgreSQL primary, not of the embedded database' });

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  buildDir: string;
  dbDir: string;
  uploadsDir: string;
  outboxDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  secureCookies: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string;
  redisUrl: string | undefined;
  /** DATABASE_READ_URL: a streaming replica for searches and public reads (db/read-routing.ts). */
  databaseReadUrl: string | undefined;
  /** How long after a write its author's reads go to the primary (docs/decisions/0017-read-your-writes.md). */
  readYourWritesSeconds: number;
  /** SEARCH_INDEX: "memory" answers searches from an index in memory (decisions 0045, 0046). */
  searchIndex: 'database' | 'memory';
  /** STORAGE_URL: where photos are kept (server/storage/). */
  storage: { kind: 'local' } | ({ kind: 's3' } & S3Location);
  /** PHOTO_PUBLIC_URL without its trailing slash: photos' URLs start there instead of /uploads/. */
  photoPublicUrl: string | undefined;
  seedDemo: boolean;
  /** Demo and tests only: the demo catalogue also gets moderator@ecosouk.dz with this password. */
  demoModeratorPassword: string | undefined;
  /** Tests only: photo URLs may point to loopback and private addresses. Never in production. */
  photoFetchAllowPrivate: boolean;
  /** Tests only: days the services' clock runs ahead of the machine's. */
  clockOffsetDays: number;
  /** The server runs the background jobs itself (false when `npm run worker` does). */
  jobsInServer: boolean;
  /** How long a claimed job is reserved for its runner before another may take it (extended while it runs). */
  jobsLeaseMs: number;
  /** Instant search alerts: listings published within one window share one e-mail, sent at its end. */
  alertWindowMs: number;
  /** Days a listing stays up after publication or renewal (docs/product.md, "Listing lifecycle"). */
  listingTtlDays: number;
  /** Listings an account younger than 7 days publishes a day before the next ones go to review. */
  newAccountDailyListings: number;
  /** The automatic checks run at publish and edit (server/services/listing-checks.ts). */
  listingChecks: ListingCheckKind[];
  logLevel: string;
  production: boolean;
  /** Fastify's trustProxy: whose X-Forwarded-For is believed (docs/security.md, "Client addresses"). */
  trustProxy: string[] | number | false;
  /** Time to receive a whole request, body included, and its headers (server/http/server-options.ts). */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  /** Open connections at once; more are refused at accept. */
  maxConnections: number;
  /** Sockets listening on the port (Linux; one elsewhere), each accepting a connection per turn of the event loop (decision 0043). */
  listenSockets: number;
  /** `npm run bench` only: /:lang/bench-ceiling answers its minimal page instead of a 404 (app/routes/bench-ceiling.tsx). */
  benchCeilingPage: boolean;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.problems = problems;
  }
}

/** Empty strings count as unset, as they do in most .env files. */
function withoutEmpty(env: Record<string, string | undefined>) {
  return Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''));
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? '?');
        const value = env[name];
        return `${name}=${JSON.stringify(value)} ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    buildDir: path.resolve(e.BUILD_DIR),
    dbDir: path.join(dataDir, 'db'),
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    secureCookies: publicUrl.startsWith('https:'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    redisUrl: e.REDIS_URL,
    databaseReadUrl: e.DATABASE_READ_URL,
    readYourWritesSeconds: e.READ_YOUR_WRITES_SECONDS,
    searchIndex: e.SEARCH_INDEX,
    storage:
      e.STORAGE_URL && e.STORAGE_URL !== 'local'
        ? { kind: 's3', ...e.STORAGE_URL, region: e.STORAGE_URL.region || env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1' }
        : { kind: 'local' },
    photoPublicUrl: e.PHOTO_PUBLIC_URL?.replace(/\/+$/, ''),
    seedDemo: e.SEED_DEMO,
    demoModeratorPassword: e.DEMO_MODERATOR_PASSWORD,
    photoFetchAllowPrivate: e.PHOTO_FETCH_ALLOW_PRIVATE,
    clockOffsetDays: e.CLOCK_OFFSET_DAYS,
    jobsInServer: e.JOBS_IN_SERVER,
    jobsLeaseMs: e.JOBS_LEASE_SECONDS * 1000,
    alertWindowMs: e.ALERT_WINDOW_SECONDS * 1000,
    listingTtlDays: e.LISTING_TTL_DAYS,
    newAccountDailyListings: e.NEW_ACCOUNT_DAILY_LISTINGS,
    listingChecks: e.LISTING_CHECKS,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    trustProxy: e.TRUST_PROXY,
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: e.HEADERS_TIMEOUT_MS,
    maxConnections: e.MAX_CONNECTIONS,
    listenSockets: e.LISTEN_SOCKETS,
    benchCeilingPage: e.BENCH_CEILING_PAGE,
  };
}

/** For commands (server, worker, scripts): a bad setting ends the process with one line per problem. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
