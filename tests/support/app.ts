import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../api/app.ts';
import { createRuntime, type Runtime } from '../../api/runtime.ts';
import { loadConfig, type Config } from '../../shared/config.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export type TestApp = {
  app: FastifyInstance;
  runtime: Runtime;
  config: Config;
  database: TestDatabase;
  close(): Promise<void>;
};

/**
 * The real app on a fresh database of the test server, with projections running in-process and
 * Redis sessions when REDIS_URL is set. Requests go through `app.inject`.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase('api');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
  const runtime = await createRuntime(config);
  const app = await buildApp({
    config,
    runtime,
    secrets: { sessionSecret: 'test-session-secret-that-is-long-enough-0123', emailHashKey: 'test-email-hash-key' },
    distDir: null,
    logger: false,
  });
  await app.ready();
  return {
    app,
    runtime,
    config,
    database,
    async close() {
      await app.close();
      await runtime.close();
      await database.drop();
    },
  };
}

/** A cookie jar for one simulated browser. */
export class Client {
  private cookies = new Map<string, string>();
  constructor(private readonly app: FastifyInstance) {}

  async request(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.app.inject({
      method,
      url,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { payload: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    });
    for (const set of response.cookies) {
      if (set.maxAge === 0 || (set.expires && set.expires.getTime() < Date.now())) this.cookies.delete(set.name);
      else this.cookies.set(set.name, set.value);
    }
    return response;
  }

  cookie(name: string) {
    return this.cookies.get(name);
  }

  get = (url: string, headers?: Record<string, string>) => this.request('GET', url, undefined, headers);
  post = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', url, body, headers);
  patch = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('PATCH', url, body, headers);
  delete = (url: string, body?: unknown, headers?: Record<string, string>) => this.request('DELETE', url, body, headers);
}

let counter = 0;
/** A unique, valid registration payload. */
export function newRegistration(overrides: Partial<Record<string, unknown>> = {}) {
  counter += 1;
  return {
    name: `Test User ${counter}`,
    email: `user${counter}.${Date.now()}@example.ca`,
    password: 'correct-horse-battery',
    role: 'customer',
    dateOfBirth: '1990-05-20',
    ...overrides,
  };
}
