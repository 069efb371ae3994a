import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const lock = path.join(root, '.build-lock');
const SOURCES = ['site', 'public'];

function newestSource(): number {
  let newest = statSync(path.join(root, 'astro.config.mjs')).mtimeMs;
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const source of SOURCES) walk(path.join(root, source));
  return newest;
}

export function siteIsFresh(): boolean {
  return existsSync(stamp) && statSync(stamp).mtimeMs >= newestSource();
}

/**
 * Builds the site when the build is missing or older than its sources, in a child process, so the
 * caller's event loop runs on meanwhile (the test run starts its first tests while it builds).
 * Several processes may ask at once (tests start several apps): a lock directory lets one build
 * while the others wait, and they all resolve when the build is fresh.
 */
export async function siteBuilt(log: (message: string) => void = console.log): Promise<void> {
  if (siteIsFresh()) return;
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Someone else is building; a lock older than the deadline is a crashed build's.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 5 * 60_000)
        rmSync(lock, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('Timed out waiting for another site build to finish');
      await delay(250);
    }
  }
  try {
    if (siteIsFresh()) return;
    log('Building the site (first start, or the site changed)...');
    const status = await new Promise<number | null>((resolve, reject) => {
      const build = spawn('npm', ['run', 'build', '--silent'], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
      });
      build.once('error', reject);
      build.once('exit', resolve);
    });
    if (status !== 0) throw new Error('The site build failed; see the output above.');
    writeFileSync(stamp, new Date().toISOString());
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
