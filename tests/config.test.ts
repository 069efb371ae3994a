import { generateKeyPairSync } from 'node:crypto';
import { siteUrlOf } from '../shared/email/sender.ts';
import { describe, expect, it } from 'vitest';
import { ConfigError, halfPoolSize, loadConfig, parseAuditSigningKey } from '../shared/config.ts';

const DATABASE_URL = 'postgres://app:pw@db.internal:5432/marketplace';
const SECRET = 's'.repeat(32);

/** The ConfigError `loadConfig(env)` throws; fails the test when it does not throw one. */
function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig defaults', () => {
  it('runs embedded on port 4321 with demo mode on when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      HOST: '0.0.0.0',
      PORT: 4321,
      embedded: true,
      DEMO_MODE: true,
      RUN_PROJECTIONS: true,
      SEED_DEMO_DATA: true,
      TRUST_PROXY: false,
      LOG_LEVEL: 'info',
      READ_YOUR_WRITES_TIMEOUT_MS: 3000,
      DATABASE_POOL_SIZE: 20,
      DATA_DIR: '.data',
      production: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.SESSION_SECRET).toBeUndefined();
  });

  it('is not embedded and has demo mode and seeding off with a DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL });
    expect(config.embedded).toBe(false);
    expect(config.DATABASE_URL).toBe(DATABASE_URL);
    expect(config.DEMO_MODE).toBe(false);
    expect(config.SEED_DEMO_DATA).toBe(false);
    expect(config.RUN_PROJECTIONS).toBe(true);
  });

  it('accepts the postgresql: scheme too', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://localhost/marketplace' }).embedded).toBe(false);
  });

  it('lets DEMO_MODE be set either way explicitly', () => {
    expect(loadConfig({ DATABASE_URL, DEMO_MODE: 'true' }).DEMO_MODE).toBe(true);
    expect(loadConfig({ DEMO_MODE: 'false' }).DEMO_MODE).toBe(false);
    expect(loadConfig({ DEMO_MODE: 'yes' }).DEMO_MODE).toBe(true);
    expect(loadConfig({ DEMO_MODE: '0' }).DEMO_MODE).toBe(false);
  });

  it('reads numbers and flags from their text', () => {
    const config = loadConfig({
      PORT: '8080',
      RUN_PROJECTIONS: 'false',
      TRUST_PROXY: '1',
      READ_YOUR_WRITES_TIMEOUT_MS: '250',
      DATABASE_POOL_SIZE: '7',
      REDIS_URL: 'redis://cache:6379',
    });
    expect(config.DATABASE_POOL_SIZE).toBe(7);
    // The event store's pool and a projection worker's are half, rounded up, and never below 2.
    expect(halfPoolSize(config)).toBe(4);
    expect(halfPoolSize(loadConfig({ DATABASE_POOL_SIZE: '2' }))).toBe(2);
    expect(halfPoolSize(loadConfig({}))).toBe(10);
    expect(config.PORT).toBe(8080);
    expect(config.RUN_PROJECTIONS).toBe(false);
    expect(config.TRUST_PROXY).toBe(true);
    expect(config.READ_YOUR_WRITES_TIMEOUT_MS).toBe(250);
    expect(config.REDIS_URL).toBe('redis://cache:6379');
  });

  it('is production with NODE_ENV=production and a long enough SESSION_SECRET', () => {
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET, DATABASE_URL });
    expect(config.production).toBe(true);
    expect(config.SESSION_SECRET).toBe(SECRET);
  });
});

describe('links in e-mails', () => {
  it('use PUBLIC_URL without its trailing slash, else the local address', () => {
    expect(siteUrlOf(loadConfig({ PUBLIC_URL: 'https://example.ca/' }))).toBe('https://example.ca');
    expect(siteUrlOf(loadConfig({ PORT: '8080' }))).toBe('http://localhost:8080');
    expect(configError({ PUBLIC_URL: 'example.ca' }).message).toMatch(/^ {2}PUBLIC_URL must be a URL/m);
  });

  it('need PUBLIC_URL in production when e-mail really goes out', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: SECRET, SMTP_URL: 'smtp://mail.example.ca:587' };
    expect(configError(production).message).toMatch(
      /^ {2}PUBLIC_URL is required when NODE_ENV=production and SMTP_URL/m,
    );
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://example.ca' }).PUBLIC_URL).toBe('https://example.ca');
  });
});

describe('production never opens the demo door', () => {
  it('has demo mode and seeding off in production on the embedded database, as the image starts', () => {
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: SECRET });
    expect(config.embedded).toBe(true);
    expect(config.DEMO_MODE).toBe(false);
    expect(config.SEED_DEMO_DATA).toBe(false);
  });

  it.each(['DEMO_MODE', 'SEED_DEMO_DATA'])('refuses %s=true in production, naming it', (variable) => {
    for (const database of [{}, { DATABASE_URL }]) {
      for (const on of ['true', '1', 'yes']) {
        const error = configError({ NODE_ENV: 'production', SESSION_SECRET: SECRET, ...database, [variable]: on });
        expect(error.message).toMatch(new RegExp(`^  ${variable} must not be on when NODE_ENV=production`, 'm'));
        expect(error.message.split('\n')).toHaveLength(2);
      }
    }
  });

  it('accepts both set to false in production', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      SESSION_SECRET: SECRET,
      DEMO_MODE: 'false',
      SEED_DEMO_DATA: 'false',
    });
    expect(config).toMatchObject({ DEMO_MODE: false, SEED_DEMO_DATA: false });
  });
});

describe('loadConfig refuses bad values', () => {
  it.each(['abc', '70000', '-1', '80.5'])('rejects PORT=%s with a ConfigError naming PORT', (port) => {
    const error = configError({ PORT: port });
    expect(error.name).toBe('ConfigError');
    expect(error.message).toMatch(/^Invalid configuration:/);
    expect(error.message).toMatch(/\bPORT\b/);
    expect(error.message).toContain(port);
  });

  it.each(['mysql://localhost/marketplace', 'http://localhost:5432', 'not a url', 'localhost:5432'])(
    'rejects DATABASE_URL=%s naming DATABASE_URL',
    (url) => {
      const error = configError({ DATABASE_URL: url });
      expect(error.message).toContain('DATABASE_URL');
      expect(error.message).toContain('postgres://');
      expect(error.message).not.toMatch(/\bPORT\b/);
    },
  );

  it.each(['1', '0', '201', 'ten', '2.5'])('rejects DATABASE_POOL_SIZE=%s naming it', (size) => {
    expect(configError({ DATABASE_POOL_SIZE: size }).message).toContain('DATABASE_POOL_SIZE');
  });

  it('rejects a REDIS_URL that is not redis: naming REDIS_URL', () => {
    expect(configError({ REDIS_URL: 'http://cache:6379' }).message).toContain('REDIS_URL');
  });

  it('rejects a flag that is not a boolean, naming it', () => {
    const error = configError({ DEMO_MODE: 'maybe' });
    expect(error.message).toContain('DEMO_MODE');
    expect(error.message).toContain('must be one of true, false');
  });

  it('requires SESSION_SECRET in production', () => {
    const error = configError({ NODE_ENV: 'production', DATABASE_URL });
    expect(error.message).toContain('SESSION_SECRET');
    expect(error.message).toContain('required');
  });

  it('rejects a SESSION_SECRET shorter than 32 characters without printing it', () => {
    const short = 'too-short-secret-123';
    for (const env of [{ SESSION_SECRET: short }, { NODE_ENV: 'production', SESSION_SECRET: short, DATABASE_URL }]) {
      const error = configError(env);
      expect(error.message).toContain('SESSION_SECRET');
      expect(error.message).toContain('32');
      expect(error.message).not.toContain(short);
    }
  });

  it('names every bad variable in one message', () => {
    const error = configError({ PORT: 'x', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(error.message).toContain('PORT');
    expect(error.message).toContain('DATABASE_URL');
    expect(error.message).toContain('LOG_LEVEL');
    expect(error.message.split('\n')).toHaveLength(4);
  });
});

describe('loadConfig never prints secrets', () => {
  it('masks a bad key of any kind and the password inside a bad URL', () => {
    const key = configError({ EMAIL_HASH_KEY: 'short-key' }).message;
    expect(key).toContain('EMAIL_HASH_KEY');
    expect(key).not.toContain('short-key');
    const url = configError({ DATABASE_URL: 'mysql://app:hunter2-password@db/app' }).message;
    expect(url).toContain('DATABASE_URL');
    expect(url).toContain('mysql://app:***@db/app');
    expect(url).not.toContain('hunter2');
  });
});

describe('loadConfig with empty variables', () => {
  it('treats empty strings as unset', () => {
    const config = loadConfig({
      PORT: '',
      DATABASE_URL: '',
      REDIS_URL: '',
      SESSION_SECRET: '',
      DEMO_MODE: '',
      NODE_ENV: '',
      LOG_LEVEL: '',
    });
    expect(config.PORT).toBe(4321);
    expect(config.embedded).toBe(true);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
    expect(config.SESSION_SECRET).toBeUndefined();
    expect(config.DEMO_MODE).toBe(true);
    expect(config.NODE_ENV).toBe('development');
    expect(config.LOG_LEVEL).toBe('info');
  });

  it('still requires a SESSION_SECRET in production when it is empty', () => {
    expect(configError({ NODE_ENV: 'production', SESSION_SECRET: '', DATABASE_URL }).message).toContain(
      'SESSION_SECRET',
    );
  });

  it('ignores undefined entries', () => {
    expect(loadConfig({ PORT: undefined, DATABASE_URL }).PORT).toBe(4321);
  });
});

describe('file storage and the AI endpoint', () => {
  it('keeps files on local disk by default and takes an S3-compatible bucket when configured', () => {
    const local = loadConfig({});
    expect(local.S3_BUCKET).toBeUndefined();
    expect(local.AI_TIMEOUT_MS).toBe(8000);
    const s3 = loadConfig({
      S3_BUCKET: 'evidence',
      S3_ENDPOINT: 'http://minio.internal:9000',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_PREFIX: 'marketplace/',
    });
    expect(s3).toMatchObject({ S3_BUCKET: 'evidence', S3_REGION: 'ca-central-1', S3_PREFIX: 'marketplace/' });
  });

  it('refuses half an S3 configuration, a bad prefix and a bad AI endpoint', () => {
    expect(configError({ S3_BUCKET: 'evidence', S3_ACCESS_KEY_ID: 'id' }).message).toMatch(/S3_SECRET_ACCESS_KEY/);
    expect(configError({ S3_ENDPOINT: 'http://minio.internal:9000' }).message).toMatch(/S3_BUCKET/);
    expect(configError({ S3_BUCKET: 'evidence', S3_PREFIX: '../up' }).message).toMatch(/S3_PREFIX/);
    expect(configError({ AI_BASE_URL: 'ftp://model.internal' }).message).toMatch(/AI_BASE_URL/);
  });
});

describe('AUDIT_SIGNING_KEY', () => {
  it('takes an Ed25519 key as a PKCS#8 PEM (also with literal \\n, as env files write it) or as base64 DER', () => {
    const key = generateKeyPairSync('ed25519').privateKey;
    const pem = key.export({ format: 'pem', type: 'pkcs8' }).toString();
    const der = key.export({ format: 'der', type: 'pkcs8' }).toString('base64');
    for (const text of [pem, pem.replace(/\n/g, '\\n'), der]) {
      expect(parseAuditSigningKey(loadConfig({ AUDIT_SIGNING_KEY: text }).AUDIT_SIGNING_KEY!).equals(key)).toBe(true);
    }
  });

  it('refuses anything else, naming the variable and never echoing the value', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' });
    for (const bad of ['not a key', rsa.toString()]) {
      const error = configError({ AUDIT_SIGNING_KEY: bad });
      expect(error.message).toContain('AUDIT_SIGNING_KEY');
      expect(error.message).toContain('must be an Ed25519 private key');
      expect(error.message).not.toContain(bad.slice(0, 20));
    }
  });
});
