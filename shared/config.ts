import { createPrivateKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';

/**
 * The whole runtime configuration, validated once at start. Anything not set falls back to the
 * embedded default: an embedded PostgreSQL under DATA_DIR, the Postgres event store and an
 * in-process session store, so `npm start` works with no services and no variables.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'must be one of true, false, 1, 0, yes, no',
  })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const url = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

function isEd25519PrivateKey(text: string): boolean {
  try {
    return parseAuditSigningKey(text).asymmetricKeyType === 'ed25519';
  } catch {
    return false;
  }
}

/** AUDIT_SIGNING_KEY as a key object: PEM as is, anything else as base64 of the PKCS#8 DER. */
export function parseAuditSigningKey(text: string): KeyObject {
  const pem = text.includes('-----BEGIN') ? text.replace(/\\n/g, '\n') : null;
  return pem
    ? createPrivateKey(pem)
    : createPrivateKey({ key: Buffer.from(text.trim(), 'base64'), format: 'der', type: 'pkcs8' });
}

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int()
      .min(0)
      .max(65535, { error: 'must be a port number from 0 to 65535' })
      .default(4321),
    DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
    REDIS_URL: url(['redis:', 'rediss:']).optional(),
    EVENTSTORE_URL: url(['esdb:', 'esdb+discover:', 'kurrentdb:', 'kurrent:']).optional(),
    SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters long' }).optional(),
    /** Key for the e-mail reservation hash; falls back to SESSION_SECRET. */
    EMAIL_HASH_KEY: z.string().min(16, { error: 'must be at least 16 characters long' }).optional(),
    DATA_DIR: z.string().min(1).default('.data'),
    /**
     * The Ed25519 key that signs the audit log's tree heads: a PKCS#8 PEM, or its DER in base64.
     * Unset: one is made once and kept in DATA_DIR/secrets.json. Every process of a deployment must
     * sign with the same key, so a deployment of several containers sets it.
     */
    AUDIT_SIGNING_KEY: z
      .string()
      .refine(isEd25519PrivateKey, { error: 'must be an Ed25519 private key: a PKCS#8 PEM, or its DER in base64' })
      .optional(),
    /** An optional OpenAI-compatible endpoint (…/v1): adds a narrative summary to dispute analyses. */
    AI_BASE_URL: url(['http:', 'https:']).optional(),
    AI_API_KEY: z.string().min(1).optional(),
    AI_MODEL: z.string().min(1).max(200).default('gpt-4o-mini'),
    /** How long one call to the AI endpoint may take before the built-in result stands alone. */
    AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(20_000).default(8000),
    /** Uploaded files (dispute evidence) in an S3-compatible bucket; unset: local disk under DATA_DIR. */
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_REGION: z.string().min(1).default('ca-central-1'),
    /** For an S3-compatible store (MinIO, Ceph, R2…); unset for AWS. Path-style addressing is then used. */
    S3_ENDPOINT: url(['http:', 'https:']).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** A folder inside the bucket, e.g. `marketplace/`. */
    S3_PREFIX: z
      .string()
      .regex(/^(?:[A-Za-z0-9_-]+\/)*$/, { error: 'must be folder names ending with /, e.g. marketplace/' })
      .default(''),
    /** E-mail through SMTP (smtp://user:pass@host:587); unset: one file per message under DATA_DIR/outbox. */
    SMTP_URL: url(['smtp:', 'smtps:']).optional(),
    /** The address people open the site at, for the links in e-mails (https://example.ca); unset: http://localhost:PORT. */
    PUBLIC_URL: url(['http:', 'https:'])
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
    /**
     * Demo mode lets any signed-in user switch into the seeded demo accounts. Default: on only for the
     * embedded database outside production; never allowed in production.
     */
    DEMO_MODE: booleanFlag.optional(),
    /**
     * The most connections a process's read-model pool opens (the API's; a projection worker's is
     * half). Its event store pool is half of it. Size it so every instance fits the server's
     * max_connections: an API process holds this plus half, plus a lock session or two.
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
    /** Run the projection workers inside the API process (the one-process default). */
    RUN_PROJECTIONS: booleanFlag.optional(),
    /** Seed the demo accounts (published password) and marketplace. Same default and rule as DEMO_MODE. */
    SEED_DEMO_DATA: booleanFlag.optional(),
    /** Behind a TLS-terminating proxy: trust X-Forwarded-* (secure cookies, client IPs for rate limits). */
    TRUST_PROXY: booleanFlag.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** How long a command waits for its projections before answering 202 (read your own writes). */
    READ_YOUR_WRITES_TIMEOUT_MS: z.coerce.number().int().min(0).max(30_000).default(3000),
    /** The payment gateway. Only the offline sandbox (Stripe-style test cards) ships; a provider adapter plugs in here. */
    PAYMENT_GATEWAY: z.enum(['sandbox']).default('sandbox'),
    /** The platform's legal name and GST/HST registration number, printed on receipts and fee invoices. */
    PLATFORM_LEGAL_NAME: z.string().min(1).max(200).default('Marketplace'),
    PLATFORM_TAX_NUMBER: z
      .string()
      .regex(/^\d{9} ?RT ?\d{4}$/, {
        error: 'must be a CRA business number with its RT program account, e.g. 123456789 RT0001',
      })
      .default('000000000 RT0000'),
  })
  .transform((env) => {
    const embedded = env.DATABASE_URL === undefined;
    const production = env.NODE_ENV === 'production';
    // The image runs production on the embedded database too: the demo is for a machine, not a deployment.
    const demoByDefault = embedded && !production;
    return {
      ...env,
      embedded,
      DEMO_MODE: env.DEMO_MODE ?? demoByDefault,
      RUN_PROJECTIONS: env.RUN_PROJECTIONS ?? true,
      SEED_DEMO_DATA: env.SEED_DEMO_DATA ?? demoByDefault,
      production,
    };
  })
  .superRefine((config, ctx) => {
    if ((config.S3_ACCESS_KEY_ID === undefined) !== (config.S3_SECRET_ACCESS_KEY === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together, or neither',
      });
    }
    if (config.S3_ENDPOINT && !config.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when S3_ENDPOINT is set' });
    }
    // Both default to off in production, so on means set: a demo door in production is refused.
    if (config.production && config.DEMO_MODE) {
      ctx.addIssue({
        code: 'custom',
        path: ['DEMO_MODE'],
        message:
          'must not be on when NODE_ENV=production: it lets any signed-in user act as the demo accounts (unset it or set it to false)',
      });
    }
    if (config.production && config.SEED_DEMO_DATA) {
      ctx.addIssue({
        code: 'custom',
        path: ['SEED_DEMO_DATA'],
        message:
          'must not be on when NODE_ENV=production: the demo accounts have a published password (unset it or set it to false)',
      });
    }
    // E-mails that really go out must link to where people reach the site, not to localhost.
    if (config.production && config.SMTP_URL && !config.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'is required when NODE_ENV=production and SMTP_URL is set (the links in e-mails use it)',
      });
    }
    if (config.production && !config.SESSION_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_SECRET'],
        message: 'is required when NODE_ENV=production (at least 32 characters)',
      });
    }
  });

export type Config = z.output<typeof configSchema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A bad value is echoed to help, but never a secret, nor a password inside a URL. */
function displayValue(key: string, value: string): string {
  if (/SECRET|KEY|PASSWORD|TOKEN|SMTP_URL/i.test(key)) return '***';
  try {
    const url = new URL(value);
    if (!url.password) return value;
    url.password = '***';
    return url.toString();
  } catch {
    return value;
  }
}

/** Parses the environment; a bad value throws one message naming every bad variable. */
/** The event store's pool, and a projection worker's read-model pool: half the API's, at least 2. */
export function halfPoolSize(config: Pick<Config, 'DATABASE_POOL_SIZE'>): number {
  return Math.max(2, Math.ceil(config.DATABASE_POOL_SIZE / 2));
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as a shell user would expect from `FOO= npm start`.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = configSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const key = issue.path.join('.') || 'configuration';
      const value = typeof issue.path[0] === 'string' ? cleaned[issue.path[0]] : undefined;
      const shown = value === undefined ? '' : ` (got "${displayValue(key, value)}")`;
      return `  ${key} ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
