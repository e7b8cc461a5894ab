// Configuration comes only from the environment, is validated once at start,
// and every bad value is reported on its own line so an operator fixes them all at once.
import path from 'node:path';
import { z } from 'zod';

const booleanString = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const urlWithProtocols = (protocols: string[]) =>
  z.url({ error: `must be a URL (${protocols.join(', ')})` }).refine(
    (v) => protocols.some((p) => v.startsWith(`${p}:`)),
    `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
  );

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
  SEED_DEMO: booleanString.default(true),
  PAINT_BEFORE_HYDRATION: booleanString.default(true),
  // Tests only: lets photo URLs on loopback/private addresses be fetched (a local test server).
  PHOTO_FETCH_ALLOW_PRIVATE: booleanString.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    error: 'must be one of fatal, error, warn, info, debug, trace, silent',
  }).default('info'),
  NODE_ENV: z.string().default('production'),
});

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
  seedDemo: boolean;
  /** Pages are painted before their JavaScript is fetched (app/lib/defer-hydration.server.ts). */
  paintBeforeHydration: boolean;
  /** Tests only: photo URLs may point to loopback and private addresses. Never in production. */
  photoFetchAllowPrivate: boolean;
  logLevel: string;
  production: boolean;
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
    seedDemo: e.SEED_DEMO,
    paintBeforeHydration: e.PAINT_BEFORE_HYDRATION,
    photoFetchAllowPrivate: e.PHOTO_FETCH_ALLOW_PRIVATE,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
  };
}
