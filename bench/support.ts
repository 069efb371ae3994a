import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../api/app.ts';
import { createRuntime, type Runtime } from '../runtime/runtime.ts';
import { loadConfig } from '../shared/config.ts';
import { createScratchDatabase } from '../shared/db/databases.ts';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../shared/db/embedded.ts';

/** A throw-away database on BENCH_DATABASE_URL / DATABASE_URL, else on an embedded server. */
export async function benchDatabase(): Promise<{ url: string; label: string; drop(): Promise<void> }> {
  let adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  let embedded: EmbeddedPostgres | null = null;
  if (!adminUrl) {
    embedded = await startEmbeddedPostgres({ dataDir: '.data/bench' });
    adminUrl = embedded.url;
  }
  const database = await createScratchDatabase(adminUrl, 'bench');
  return {
    url: database.url,
    label: embedded ? 'embedded PostgreSQL' : `PostgreSQL at ${new URL(adminUrl).host}`,
    async drop() {
      await database.drop();
      await embedded?.stop();
    },
  };
}

/**
 * The real app (API and projections in one process, as `npm start` runs them) on a bench database,
 * with its own DATA_DIR (the sign-up e-mails land in its outbox; removed when the app closes).
 */
export async function benchApp(databaseUrl: string): Promise<{ app: FastifyInstance; runtime: Runtime }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
  });
  const runtime = await createRuntime(config);
  const app = await buildApp({
    config,
    runtime,
    secrets: { sessionSecret: 'bench-session-secret-that-is-long-enough-0123', emailHashKey: 'bench-email-hash-key' },
    distDir: null,
    logger: false,
  });
  app.addHook('onClose', async () => rmSync(dataDir, { recursive: true, force: true }));
  return { app, runtime };
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export type Row = {
  metric: string;
  value: string;
  reference?: string;
  ratio?: string;
  target: string;
  pass: boolean | null;
};

export function printTable(rows: Row[]) {
  const headers = ['metric', 'value', 'reference', 'ratio', 'target', 'result'];
  const cells = rows.map((row) => [
    row.metric,
    row.value,
    row.reference ?? '',
    row.ratio ?? '',
    row.target,
    row.pass === null ? 'info' : row.pass ? 'PASS' : 'MISS',
  ]);
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: string[]) => `| ${values.map((v, i) => v.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}
