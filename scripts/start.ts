import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../shared/config.ts';

/**
 * `npm start`: builds the site when the build is missing or older than its sources, then starts
 * the server (API, projections and site on one port; embedded PostgreSQL unless DATABASE_URL).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', '.build-stamp');

function newestSource(): number {
  let newest = statSync(path.join(root, 'astro.config.mjs')).mtimeMs;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  walk(path.join(root, 'site'));
  return newest;
}

function ensureBuilt() {
  if (existsSync(stamp) && statSync(stamp).mtimeMs >= newestSource()) return;
  console.log('Building the site (first start, or the site changed)...');
  const result = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    console.error('The site build failed; see the output above.');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stamp, new Date().toISOString());
}

try {
  loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
ensureBuilt();
const { startServer } = await import('../api/server.ts');
await startServer(loadConfig());
