import { rmSync } from 'node:fs';
import { makeDataDir, startApp } from '../tests/support/start-app.ts';
import type { Row } from './support.ts';

/**
 * Time to ready for `npm start` (the same command, clean environment, as tests/support/start-app.ts
 * runs it), from spawning the process to its 'Marketplace ready at' line, which it prints once the
 * server listens and the projections have caught up:
 * - cold: a new data folder, so the embedded PostgreSQL is initialised, the schemas created and the
 *   demo marketplace seeded;
 * - warm: the same folder started again (the database exists, the projections are current).
 * The site build is excluded from both: it happens once per checkout (and `npm start` skips it
 * while dist/ is newer than its sources), and the bench measures the site elsewhere.
 */
export async function benchStartup(): Promise<Row[]> {
  const dataDir = makeDataDir();
  try {
    const timed = async () => {
      const started = performance.now();
      const app = await startApp({ dataDir });
      const seconds = (performance.now() - started) / 1000;
      await app.stop();
      return seconds;
    };
    const cold = await timed();
    const warm = await timed();
    return [
      {
        metric: '`npm start` to ready, cold (new data folder: initdb, schemas, demo data)',
        value: `${cold.toFixed(1)} s`,
        target: 'info',
        pass: null,
      },
      {
        metric: '`npm start` to ready, warm (same data folder again)',
        value: `${warm.toFixed(1)} s`,
        target: 'info',
        pass: null,
      },
    ];
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
