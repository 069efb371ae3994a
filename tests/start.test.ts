import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, demoAccounts } from '../api/seed.ts';
import {
  copyOfDataDir,
  appIsRunning,
  launchApp,
  listAppForTeardown,
  makeDataDir,
  startApp,
  stopListedApps,
  type E2EApp,
} from './support/start-app.ts';
import { waitUntil } from './support/wait.ts';
import { awaitTheSiteBuild } from './support/built-site.ts';

/** The built server's page modules, the image endpoint aside (what the start loads ahead of visits). */
const pageModuleCount = () =>
  readdirSync(path.resolve('dist/server/pages'), { recursive: true, encoding: 'utf8' }).filter(
    (name) => name.endsWith('.mjs') && !path.basename(name).startsWith('_image'),
  ).length;

const demoContractors = demoAccounts.filter((account) => account.role === 'contractor').length;

awaitTheSiteBuild();

/**
 * `npm start` as a person runs it: no services, no variables. It must build the site if needed,
 * start an embedded PostgreSQL under DATA_DIR, seed once, serve API and site on one port, and
 * print the demo sign-ins; a second start reuses the data.
 */
const dataDir = makeDataDir();
const running: E2EApp[] = [];

afterAll(async () => {
  for (const app of running) await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function start() {
  const app = await startApp({ dataDir });
  running.push(app);
  return app;
}

describe('npm start (embedded default)', () => {
  it('serves the API and the site, seeds once, prints the demo sign-ins, and lets a customer sign in', async () => {
    const app = await start();
    const url = (path: string) => `${app.baseURL}${path}`;
    try {
      expect(app.output()).toContain('Seeded demo data.');
      expect(app.output()).toMatch(/customer\s+customer@demo\.ca/);

      const home = await fetch(url('/'));
      expect(home.status).toBe(200);
      const html = await home.text();
      expect(html).toContain('Find Your Trusted Service Provider');

      const login = await fetch(url('/api/auth/login'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'customer@demo.ca', password: app.demoPassword }),
      });
      expect(login.status).toBe(200);
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const me = await fetch(url('/api/auth/me'), { headers: { cookie } });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ role: 'customer', email: 'customer@demo.ca', authenticated: true });

      const browse = await fetch(url('/api/contractors/browse'));
      const browsed = (await browse.json()) as { total: number; contractors: { id: string }[] };
      expect(browsed.total).toBe(demoContractors);

      // A page rendered per request (a contractor's profile) is compressed as the browser accepts.
      const contractor = browsed.contractors[0]!;
      for (const encoding of ['br', 'gzip']) {
        const profile = await fetch(url(`/contractors/${contractor.id}`), { headers: { 'accept-encoding': encoding } });
        expect(profile.status).toBe(200);
        expect(profile.headers.get('content-encoding'), encoding).toBe(encoding);
        const page = await profile.text();
        expect(page).toContain(`/contractors/${contractor.id}`);
        expect(page.trimEnd().endsWith('</html>'), 'the decoded page is whole').toBe(true);
      }

      // Hashed assets go out precompressed with immutable caching.
      const script = /"(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script).toBeDefined();
      const asset = await fetch(url(script!), { headers: { 'accept-encoding': 'br' } });
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-encoding')).toBe('br');
      expect(asset.headers.get('cache-control')).toContain('immutable');

      const missing = await fetch(url('/no-such-page'));
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('404 Page Not Found');
    } finally {
      await app.stop();
    }
  });

  it('reuses the data on a second start without seeding again', async () => {
    const app = await start();
    try {
      expect(app.output()).not.toContain('Seeded demo data.');
      // Every server-rendered page's code is loaded after the start, so no first visitor waits for it.
      const pages = pageModuleCount();
      expect(pages).toBeGreaterThan(20);
      await waitUntil(() => app.output().includes(`Loaded the code of ${pages} server-rendered pages`), {
        message: () => `no preload line in the start output:\n${app.output()}`,
      });
      expect(app.output()).not.toContain('ahead of their first visit failed');
      const browse = await fetch(`${app.baseURL}/api/contractors/browse`);
      expect(((await browse.json()) as { total: number }).total).toBe(demoContractors);
    } finally {
      await app.stop();
    }
  });

  it('refuses a production start on the demo data, whose accounts have a published password', async () => {
    const started = launchApp({
      dataDir,
      entry: 'runtime/api-server.ts',
      env: { NODE_ENV: 'production', SESSION_SECRET: 'production-session-secret-of-at-least-32-characters' },
    });
    const refusal = await started.then(
      async (app) => {
        await app.stop();
        return null;
      },
      (error: unknown) => (error as Error).message,
    );
    expect(refusal, 'a production start served the demo data').not.toBeNull();
    expect(refusal).toContain('app exited with 1');
    expect(refusal).toContain('Refusing to start with NODE_ENV=production: this database holds the demo data');
    expect(refusal).not.toContain(DEMO_PASSWORD);
  });
});

describe("the teardown of the browser journeys' shared apps", () => {
  it('stops an app whose test worker killed it on exit, and its embedded PostgreSQL, and removes its data', async () => {
    // Two copies of the data folder the tests above seeded (the journeys start from copies too).
    const listDir = mkdtempSync(path.join(tmpdir(), 'marketplace-shared-apps-'));
    try {
      const killed = await launchApp({ dataDir: await copyOfDataDir(dataDir) });
      const running = await launchApp({ dataDir: await copyOfDataDir(dataDir) });
      listAppForTeardown(listDir, killed);
      listAppForTeardown(listDir, running);
      const postmasterOf = (dataDir: string) =>
        Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
      const postmasters = [postmasterOf(killed.dataDir), postmasterOf(running.dataDir)];
      const isAlive = (pid: number) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      expect(postmasters.every(isAlive)).toBe(true);
      expect(appIsRunning(killed) && appIsRunning(running)).toBe(true);
      // Another app's id is not taken for this one (ids are reused; the teardown must not signal a stranger).
      expect(appIsRunning({ pid: running.pid, dataDir: killed.dataDir })).toBe(false);
      // What a test worker that exits does to the app it started (launchProcess): SIGKILL, which
      // gives the server no chance to stop its database.
      process.kill(killed.pid, 'SIGKILL');
      await waitUntil(() => !isAlive(killed.pid), { timeoutMs: 5_000 });
      expect(isAlive(postmasters[0]!), 'the killed server left its PostgreSQL running').toBe(true);

      await stopListedApps(listDir);

      // A stopped server is a zombie until its parent (this process) or, orphaned, init reaps it:
      // gone, though its id lingers a moment.
      const ids = [running.pid, ...postmasters];
      await waitUntil(() => ids.every((pid) => !isAlive(pid)), {
        timeoutMs: 15_000,
        message: () => `still running: ${ids.filter(isAlive).join(', ')}`,
      });
      expect(existsSync(killed.dataDir)).toBe(false);
      expect(existsSync(running.dataDir)).toBe(false);
    } finally {
      rmSync(listDir, { recursive: true, force: true });
    }
  });
});
