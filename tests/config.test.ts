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
    expect(config.paintBeforeHydration).toBe(true);
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

  it('reads PAINT_BEFORE_HYDRATION=false', () => {
    expect(loadConfig({ PAINT_BEFORE_HYDRATION: 'false' }).paintBeforeHydration).toBe(false);
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

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT="70000" must be between 0 and 65535/);
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
