import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../shared/config.ts';

/**
 * There is no Docker engine on the development machines, so the compose file is checked here:
 * the five services exist with health checks, and the app's environment passes the real
 * configuration schema.
 */
type Service = {
  image?: string;
  volumes?: string[];
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
};

const compose = parse(readFileSync(path.resolve(import.meta.dirname, '../docker-compose.yml'), 'utf8'), {
  merge: true,
}) as {
  services: Record<string, Service>;
};

describe('docker-compose.yml', () => {
  it('runs EventStoreDB, Postgres, Redis, the API and the projection workers, each with a health check', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['api', 'eventstore', 'postgres', 'projections', 'redis']);
    for (const [name, service] of Object.entries(compose.services)) {
      expect(service.healthcheck?.test.length, `${name} health check`).toBeGreaterThan(0);
    }
  });

  it('gives the API and the workers a configuration the app accepts, with projections in the workers', () => {
    const auditKey = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const given: Record<string, string> = { SESSION_SECRET: 'x'.repeat(48), AUDIT_SIGNING_KEY: auditKey };
    const substitute = (env: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(env).map(([key, value]) => [
          key,
          value.replace(
            /\$\{(\w+)(?::[-?]([^}]*))?\}/g,
            (_, variable: string, fallback?: string) => given[variable] ?? fallback ?? '',
          ),
        ]),
      );
    const api = loadConfig(substitute(compose.services.api!.environment!));
    expect(api.production).toBe(true);
    expect(api.EVENTSTORE_URL).toMatch(/^esdb:\/\/eventstore:2113/);
    expect(api.REDIS_URL).toBe('redis://redis:6379');
    expect(api.RUN_PROJECTIONS).toBe(false);
    const workers = loadConfig(substitute(compose.services.projections!.environment!));
    expect(workers.DATABASE_URL).toBe(api.DATABASE_URL);
    expect(compose.services.projections!.command).toEqual(['node', '--import', 'tsx', 'runtime/projections-worker.ts']);
    expect(compose.services.api!.depends_on?.eventstore?.condition).toBe('service_healthy');
  });

  it('gives the API and the workers one data folder and one audit key: the workers publish the heads the API checks', () => {
    const { api, projections } = compose.services;
    expect(api!.environment!.AUDIT_SIGNING_KEY).toMatch(/^\$\{AUDIT_SIGNING_KEY:\?/);
    expect(projections!.environment!.AUDIT_SIGNING_KEY).toBe(api!.environment!.AUDIT_SIGNING_KEY);
    expect(api!.volumes).toContain('app-data:/app/.data');
    expect(projections!.volumes).toContain('app-data:/app/.data');
    expect(readFileSync(path.resolve(import.meta.dirname, '../Dockerfile'), 'utf8')).toMatch(
      /chown node:node \/app\/\.data/,
    );
  });
});
