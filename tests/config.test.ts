import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../server/config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.dbDir).toBe(path.join(config.dataDir, 'db'));
    expect(config.uploadsDir).toBe(path.join(config.dataDir, 'uploads'));
    expect(config.outboxDir).toBe(path.join(config.dataDir, 'outbox'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.secureCookies).toBe(false);
    expect(config.seedDemo).toBe(true);
    // Strict unless a test says otherwise: photo URLs on private networks are refused.
    expect(config.photoFetchAllowPrivate).toBe(false);
    expect(config.logLevel).toBe('info');
  });

  it('derives PUBLIC_URL from PORT and honours DATA_DIR', () => {
    const config = loadConfig({ PORT: '4100', DATA_DIR: '/tmp/eco' });
    expect(config.publicUrl).toBe('http://localhost:4100');
    expect(config.dbDir).toBe('/tmp/eco/db');
  });

  it('marks cookies secure behind an https PUBLIC_URL and drops its trailing slash', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://ecosouk.dz/' });
    expect(config.publicUrl).toBe('https://ecosouk.dz');
    expect(config.secureCookies).toBe(true);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: ' ' }).databaseUrl).toBeUndefined();
  });

  it('reads SEED_DEMO=false', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('runs the jobs in the server by default, with a 60 s lease; JOBS_IN_SERVER=false and JOBS_LEASE_SECONDS change it', () => {
    expect(loadConfig({})).toMatchObject({ jobsInServer: true, jobsLeaseMs: 60_000 });
    expect(loadConfig({ JOBS_IN_SERVER: 'false', JOBS_LEASE_SECONDS: '5' })).toMatchObject({ jobsInServer: false, jobsLeaseMs: 5000 });
    expect(() => loadConfig({ JOBS_LEASE_SECONDS: '0' })).toThrow('JOBS_LEASE_SECONDS="0" must be between 1 and 3600');
  });

  it('reports every bad value, one line each, naming the variable', () => {
    try {
      loadConfig({
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        PUBLIC_URL: 'not a url',
        SMTP_URL: 'http://mail',
        CONTACT_EMAIL: 'nope',
        REDIS_URL: 'localhost:6379',
        SEED_DEMO: 'maybe',
        LOG_LEVEL: 'loud',
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      for (const name of ['PORT', 'DATABASE_URL', 'PUBLIC_URL', 'SMTP_URL', 'CONTACT_EMAIL', 'REDIS_URL', 'SEED_DEMO', 'LOG_LEVEL']) {
        expect(problems.some((p) => p.startsWith(`${name}=`)), name).toBe(true);
      }
    }
  });

  it('trusts forwarded addresses from loopback by default; TRUST_PROXY takes false, a hop count or addresses and ranges', () => {
    expect(loadConfig({}).trustProxy).toEqual(['127.0.0.1', '::1']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.0.2.7 ,fd00::/8,loopback ' }).trustProxy).toEqual(['10.0.0.0/8', '192.0.2.7', 'fd00::/8', 'loopback']);
    for (const bad of ['true', 'yes', '10.0.0.0/33', 'fd00::/129', '10.0.0/8', 'example.com', '1.2.3.4/8/1', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY=.* must be false, a number of proxy hops/);
    }
  });

  it('has request and header timeouts and a connection cap, checked against each other', () => {
    const config = loadConfig({});
    expect(config.requestTimeoutMs).toBe(60_000);
    expect(config.headersTimeoutMs).toBe(15_000);
    expect(config.maxConnections).toBe(1024);
    expect(loadConfig({ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '2000', MAX_CONNECTIONS: '10' })).toMatchObject({
      requestTimeoutMs: 5000,
      headersTimeoutMs: 2000,
      maxConnections: 10,
    });
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '2000' })).toThrow(/HEADERS_TIMEOUT_MS=.* must not exceed REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS="0" must be at least 100/);
    expect(() => loadConfig({ MAX_CONNECTIONS: 'many' })).toThrow(/MAX_CONNECTIONS="many"/);
  });

  it('listens on sixteen sockets sharing the port unless told otherwise (decision 0043)', () => {
    expect(loadConfig({}).listenSockets).toBe(16);
    expect(loadConfig({ LISTEN_SOCKETS: '1' }).listenSockets).toBe(1);
    expect(() => loadConfig({ LISTEN_SOCKETS: '0' })).toThrow(/LISTEN_SOCKETS="0" must be at least 1/);
    expect(() => loadConfig({ LISTEN_SOCKETS: '65' })).toThrow(/LISTEN_SOCKETS="65" must be at most 64/);
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000" must be between 0 and 65535/);
  });
});

describe('photo storage and read replica settings', () => {
  it('reads an S3 bucket URL: bucket, prefix, endpoint, path style, region (else AWS_REGION, else us-east-1)', () => {
    const config = loadConfig({ STORAGE_URL: 's3://ecosouk-photos/prod/v1?endpoint=http://127.0.0.1:9000&forcePathStyle=true', AWS_REGION: 'eu-west-3' });
    expect(config.storage).toEqual({ kind: 's3', bucket: 'ecosouk-photos', prefix: 'prod/v1/', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, region: 'eu-west-3' });
    expect(loadConfig({ STORAGE_URL: 's3://photos?region=auto' }).storage).toMatchObject({ endpoint: undefined, forcePathStyle: false, region: 'auto', prefix: '' });
    expect(loadConfig({ STORAGE_URL: 's3://photos' }).storage).toMatchObject({ region: 'us-east-1' });
    expect(loadConfig({}).storage).toEqual({ kind: 'local' });
    expect(loadConfig({ STORAGE_URL: 'local' }).storage).toEqual({ kind: 'local' });
  });

  it('refuses a bucket URL it cannot use, saying why', () => {
    expect(() => loadConfig({ STORAGE_URL: 'https://bucket.example' })).toThrow(/STORAGE_URL=.*must start with s3:\/\//);
    expect(() => loadConfig({ STORAGE_URL: 's3://Bad_Bucket' })).toThrow(/not a valid S3 bucket name/);
    expect(() => loadConfig({ STORAGE_URL: 's3://key:secret@photos' })).toThrow(/must not carry credentials/);
    expect(() => loadConfig({ STORAGE_URL: 's3://photos?pathStyle=true' })).toThrow(/unknown parameter pathStyle/);
    expect(() => loadConfig({ STORAGE_URL: 's3://photos?endpoint=ftp://x' })).toThrow(/endpoint/);
  });

  it('trims PHOTO_PUBLIC_URL and refuses a query in it', () => {
    expect(loadConfig({ PHOTO_PUBLIC_URL: 'https://cdn.example/photos/' }).photoPublicUrl).toBe('https://cdn.example/photos');
    expect(() => loadConfig({ PHOTO_PUBLIC_URL: 'https://cdn.example/?v=1' })).toThrow(/PHOTO_PUBLIC_URL/);
  });

  it('takes a read replica only beside a PostgreSQL primary', () => {
    expect(() => loadConfig({ DATABASE_READ_URL: 'postgres://replica/ecosouk' })).toThrow(/DATABASE_READ_URL=.*needs DATABASE_URL/);
    const config = loadConfig({ DATABASE_URL: 'postgres://primary/ecosouk', DATABASE_READ_URL: 'postgres://replica/ecosouk' });
    expect(config.databaseReadUrl).toBe('postgres://replica/ecosouk');
    expect(config.readYourWritesSeconds).toBe(15);
  });
});

describe('server start with a bad configuration', () => {
  it('prints the problems and exits non-zero', () => {
    const result = spawnSync(process.execPath, ['server/main.ts'], {
      env: { ...process.env, PORT: 'abc', LOG_LEVEL: 'loud', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration');
    expect(result.stderr).toContain('PORT="abc"');
    expect(result.stderr).toContain('LOG_LEVEL="loud"');
  });
});
