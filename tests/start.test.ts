import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm start` as a person runs it: no services, no variables. It must build the site if needed,
 * start an embedded PostgreSQL under DATA_DIR, seed once, serve API and site on one port, and
 * print the demo sign-ins; a second start reuses the data.
 */
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-start-'));
const children: ChildProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function start(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  // A clean environment: only what a user's shell would have, none of CI's service URLs.
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/root',
    PORT: String(port),
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], { cwd: root, env });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready in time:\n${output}`)), 120_000);
    const check = () => {
      if (output.includes('Marketplace ready at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${output}`));
    });
  });
  return { child, output: () => output };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start (embedded default)', () => {
  let port = 0;
  beforeAll(async () => {
    port = await freePort();
  });

  it('serves the API and the site, seeds once, prints the demo sign-ins, and lets a customer sign in', async () => {
    const { child, output } = await start(port);
    try {
      expect(output()).toContain('Seeded demo data.');
      expect(output()).toMatch(/customer\s+customer@demo\.ca/);
      const password = /password: (\S+)\)/.exec(output())![1]!;

      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('Find Your Trusted Service Provider');

      const login = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'customer@demo.ca', password }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const me = await fetch(`http://127.0.0.1:${port}/api/auth/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ role: 'customer', email: 'customer@demo.ca', authenticated: true });

      const browse = await fetch(`http://127.0.0.1:${port}/api/contractors/browse`);
      expect(((await browse.json()) as { total: number }).total).toBeGreaterThanOrEqual(8);

      // Hashed assets go out precompressed with immutable caching.
      const script = /"(\/_astro\/[^"]+\.js)"/.exec(await (await fetch(`http://127.0.0.1:${port}/`)).text())?.[1];
      expect(script).toBeDefined();
      const asset = await fetch(`http://127.0.0.1:${port}${script}`, { headers: { 'accept-encoding': 'br' } });
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-encoding')).toBe('br');
      expect(asset.headers.get('cache-control')).toContain('immutable');

      const missing = await fetch(`http://127.0.0.1:${port}/no-such-page`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('404 Page Not Found');
    } finally {
      await stop(child);
    }
  });

  it('reuses the data on a second start without seeding again', async () => {
    const { child, output } = await start(port);
    try {
      expect(output()).not.toContain('Seeded demo data.');
      const browse = await fetch(`http://127.0.0.1:${port}/api/contractors/browse`);
      expect(((await browse.json()) as { total: number }).total).toBe(8);
    } finally {
      await stop(child);
    }
  });
});
