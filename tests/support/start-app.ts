import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { siteBuilt } from '../../scripts/site-build.ts';

/**
 * The app as `npm start` runs it (see tests/start.test.ts): `node --import tsx scripts/start.ts`
 * in a clean environment, on a free port, with its own embedded PostgreSQL under a temporary
 * DATA_DIR (or a given one, kept, to test a second start). The browser journeys start one per
 * test worker (tests/e2e/support/browser.ts), stopped by the run's teardown, or one per file that
 * asks. The site build is shared: vitest's global setup makes it once (scripts/site-build.ts, which
 * also locks against concurrent builds), so a start here normally finds it fresh.
 */
const root = path.resolve(import.meta.dirname, '..', '..');

const READY_TIMEOUT_MS = 180_000;

export type E2EApp = LaunchedApp & {
  /** The demo password the start prints ('Demo sign-ins (password: …)'). */
  demoPassword: string;
};

/** A started app, whatever its configuration (a production start prints no demo password). */
export type LaunchedApp = {
  baseURL: string;
  port: number;
  /** The server process (its memory is sampled by the sustained-load bench). */
  pid: number;
  /** The app's DATA_DIR (its embedded PostgreSQL's settings are in postgres.json there). */
  dataDir: string;
  /** The server's inspector (DevTools protocol) address, when started with `inspect: true`. */
  inspectorUrl: string | null;
  output(): string;
  /**
   * Whether dist/ was rebuilt since this app started serving it (another `npm start`, test run or
   * build on the machine): its pages then point at hashed assets that no longer exist.
   */
  siteRebuiltSinceStart(): string | null;
  stop(): Promise<void>;
};

const STAMP = path.join(root, 'dist', '.build-stamp');

function stampTime(): number | null {
  try {
    return statSync(STAMP).mtimeMs;
  } catch {
    return null;
  }
}

export const DEMO = {
  customer: 'customer@demo.ca',
  contractor: 'contractor@demo.ca',
  admin: 'admin@demo.ca',
} as const;

/** A free loopback port (the OS picks it; it is released before it is used, as servers do). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A temporary data folder for `startApp({ dataDir })` across several starts; the caller removes it. */
export function makeDataDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'marketplace-app-'));
}

const TEMPLATE_READY = '.template-ready';

/**
 * Starts the run's site build without waiting for it (both global setups call it; the build's lock
 * makes the second wait for the first). What serves or reads the build awaits it (`launchApp`). A
 * failed build ends the run at once, after its own output, as the synchronous build did: otherwise
 * every app a test starts would build again, and fail again, for a minute each.
 */
export function startTheRunsSiteBuild(): Promise<void> {
  return siteBuilt().catch((error: unknown) => {
    process.stderr.write(`\n${error instanceof Error ? error.message : String(error)}\n\n`);
    process.exit(1);
  });
}

/**
 * A new data folder that already holds the demo data, copied from `templateDir`. The first caller
 * of a test run fills the template by starting the app there once (initdb, schemas, seed) and
 * stopping it; every app after it starts from a copy, as a second `npm start` on the same folder
 * would: no initdb, no seed. That saved most of each browser-journey file's start-up. Processes
 * share the template through a lock directory. The copy keeps ownership (`cp -a`: the embedded
 * server runs as the `postgres` user when the tests run as root) and gets its own port.
 */
export async function seededDataDir(templateDir: string): Promise<string> {
  await seedTemplate(templateDir);
  return copyOfDataDir(templateDir);
}

/**
 * Fills `templateDir` with a seeded data folder unless it holds one already (see seededDataDir).
 * The browser journeys' global setup calls it without waiting, so the seeding overlaps the tests
 * that run before them; the first journey then waits on the lock.
 */
export async function seedTemplate(templateDir: string): Promise<void> {
  const ready = path.join(templateDir, TEMPLATE_READY);
  if (existsSync(ready)) return;
  const lock = `${templateDir}.lock`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(ready)) return;
      if (Date.now() > deadline) throw new Error(`timed out waiting for the data template in ${templateDir}`);
      await sleep(250);
    }
  }
  try {
    if (!existsSync(ready)) {
      const app = await startApp({ dataDir: templateDir });
      await app.stop();
      writeFileSync(ready, new Date().toISOString());
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** A new data folder copied from `source` (a stopped app's), with a port of its own for its database. */
export async function copyOfDataDir(source: string): Promise<string> {
  const dataDir = makeDataDir();
  execFileSync('cp', ['-a', `${source}/.`, dataDir]);
  rmSync(path.join(dataDir, TEMPLATE_READY), { force: true });
  // Two copies started at once would otherwise both try the template's port.
  const settingsFile = path.join(dataDir, 'postgres.json');
  if (existsSync(settingsFile)) {
    const settings = JSON.parse(readFileSync(settingsFile, 'utf8')) as { port: number };
    writeFileSync(settingsFile, JSON.stringify({ ...settings, port: await freePort() }, null, 2), { mode: 0o600 });
  }
  return dataDir;
}

type StartOptions = {
  dataDir?: string;
  port?: number;
  /** Start from a copy of this seeded template (see seededDataDir); the copy is removed on stop. */
  template?: string;
  /** Open the server's inspector on a free loopback port (the sustained bench reads its heap). */
  inspect?: boolean;
  /** Settings added to the clean environment (e.g. TRUST_PROXY for the sustained bench). */
  env?: Record<string, string>;
};

/** `npm start` with its demo: the start must print the demo password. */
export async function startApp(options: StartOptions = {}): Promise<E2EApp> {
  const app = await launchApp(options);
  const password = /password: (\S+)\)/.exec(app.output())?.[1];
  if (!password) {
    await app.stop();
    throw new Error(`no demo password in the start output:\n${app.output()}`);
  }
  return { ...app, demoPassword: password };
}

/** A Node process of this project started by `launchProcess`, ready (its ready line printed). */
export type LaunchedProcess = {
  pid: number;
  output(): string;
  /** SIGTERM, then SIGKILL after 15 s; resolves once it has exited. */
  stop(): Promise<void>;
  /** SIGKILL at once (a crash); resolves once it has exited. */
  kill(): Promise<void>;
};

/**
 * `node --import tsx <entry>` from the project's root with exactly `env` (nothing inherited), its
 * output collected; resolves once the output contains `ready`, rejects with the output when the
 * process exits before (or `timeoutMs` passes, the process then killed).
 */
export async function launchProcess(options: {
  entry: string;
  env: Record<string, string>;
  ready: string;
  /** How errors name the process (default: the entry). */
  name?: string;
  nodeFlags?: string[];
  timeoutMs?: number;
}): Promise<LaunchedProcess> {
  const name = options.name ?? options.entry;
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeFlags ?? []), '--import', 'tsx', options.entry],
    {
      cwd: root,
      env: options.env,
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  // A test process that ends without stopping it (a worker torn down mid-file) takes it along: an
  // app was found still listening after a run on a developer machine.
  const killOnExit = () => {
    if (running()) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${name} not ready in time:\n${output}`)),
        options.timeoutMs ?? READY_TIMEOUT_MS,
      );
      const check = () => {
        if (output.includes(options.ready)) {
          clearTimeout(timer);
          child.off('exit', onExit);
          resolve();
        }
      };
      const onExit = (code: number | null) => {
        clearTimeout(timer);
        reject(new Error(`${name} exited with ${code}:\n${output}`));
      };
      child.stdout!.on('data', check);
      child.once('exit', onExit);
    });
  } catch (error) {
    if (running()) child.kill('SIGKILL');
    throw error;
  }
  return {
    pid: child.pid!,
    output: () => output,
    async stop() {
      if (!running()) return;
      child.kill('SIGTERM');
      const timedOut = await Promise.race([exited.then(() => false), sleep(15_000).then(() => true)]);
      if (timedOut) {
        child.kill('SIGKILL');
        await exited;
      }
    },
    async kill() {
      if (!running()) return;
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * Starts the app as `startApp` does, with more variables (NODE_ENV=production, SESSION_SECRET…) and
 * optionally another entry point: `runtime/api-server.ts` is what the Docker image runs. Rejects, with the
 * output, when the process exits before it is ready.
 */
export async function launchApp(
  options: StartOptions & { entry?: 'scripts/start.ts' | 'runtime/api-server.ts' } = {},
): Promise<LaunchedApp> {
  // The run's global setup builds the site without waiting for it; an app serves it.
  await siteBuilt();
  const port = options.port ?? (await freePort());
  const ownsData = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (options.template ? await seededDataDir(options.template) : makeDataDir());
  // A clean environment: only what a user's shell would have, none of CI's service URLs.
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/root',
    PORT: String(port),
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...options.env,
  };
  let server: LaunchedProcess;
  try {
    server = await launchProcess({
      entry: options.entry ?? 'scripts/start.ts',
      env,
      ready: 'Marketplace ready at',
      name: 'app',
      nodeFlags: options.inspect ? ['--inspect=127.0.0.1:0'] : [],
    });
  } catch (error) {
    if (ownsData) rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  const builtAt = stampTime();

  return {
    baseURL: `http://127.0.0.1:${port}`,
    pid: server.pid,
    port,
    dataDir,
    inspectorUrl: /Debugger listening on (ws:\/\/\S+)/.exec(server.output())?.[1] ?? null,
    output: server.output,
    siteRebuiltSinceStart() {
      const now = stampTime();
      if (now === builtAt) return null;
      return now === null
        ? 'dist/.build-stamp is gone: the site is being rebuilt (or a rebuild failed) under this running app'
        : `the site was rebuilt at ${new Date(now).toISOString()} while this app was serving it`;
    },
    async stop() {
      await server.stop();
      if (ownsData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Whether `pid` is still the process meant: its `/proc` file (`cmdline` or `environ`) holds `mark`.
 * Process ids are reused (this machine wraps at 32,768, and a run starts thousands of processes),
 * so a bare id could name someone else's process by the time the teardown signals it. Without
 * `/proc` (not Linux) only whether the id runs can be known.
 */
function stillRuns(pid: number, file: 'cmdline' | 'environ', mark: string): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (!existsSync('/proc/self')) return true;
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8').includes(mark);
  } catch {
    return false;
  }
}

/** Whether this app's server is still running (its environment names its DATA_DIR). */
export function appIsRunning(app: Pick<LaunchedApp, 'pid' | 'dataDir'>): boolean {
  return stillRuns(app.pid, 'environ', `DATA_DIR=${app.dataDir}\0`);
}

/** Whether the embedded PostgreSQL of `dataDir` with this postmaster id is still running. */
function postgresIsRunning(pid: number, dataDir: string): boolean {
  return stillRuns(pid, 'cmdline', path.join(dataDir, 'postgres'));
}

/** Sends `signal` while `runs()` says it is the process meant, waits up to 15 s for it to end, then kills it. */
async function endProcess(pid: number, signal: NodeJS.Signals, runs: () => boolean): Promise<void> {
  if (!runs()) return;
  process.kill(pid, signal);
  const deadline = Date.now() + 15_000;
  while (runs() && Date.now() < deadline) await sleep(100);
  if (runs()) process.kill(pid, 'SIGKILL');
}

/**
 * Apps that outlive the test file that started them (the browser journeys' per-worker app) are
 * listed here, one file each, and stopped by the run's teardown (`stopListedApps`): a test worker
 * has no hook of its own at its end, and one that exits kills its app without letting it stop its
 * embedded PostgreSQL.
 */
export function listAppForTeardown(listDir: string, app: LaunchedApp): void {
  writeFileSync(path.join(listDir, `${app.pid}.json`), JSON.stringify({ pid: app.pid, dataDir: app.dataDir }));
}

/**
 * Stops every app listed in `listDir` (see `listAppForTeardown`): the server (SIGTERM, which also
 * stops its database), then the embedded PostgreSQL left behind by a server that was killed (its
 * postmaster.pid; SIGINT is PostgreSQL's fast shutdown), then removes its data folder.
 */
export async function stopListedApps(listDir: string): Promise<void> {
  const listed = readdirSync(listDir).filter((name) => name.endsWith('.json'));
  await Promise.all(
    listed.map(async (name) => {
      const { pid, dataDir } = JSON.parse(readFileSync(path.join(listDir, name), 'utf8')) as {
        pid: number;
        dataDir: string;
      };
      await endProcess(pid, 'SIGTERM', () => appIsRunning({ pid, dataDir }));
      const postmasterPidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
      if (existsSync(postmasterPidFile)) {
        const postmaster = Number(readFileSync(postmasterPidFile, 'utf8').split('\n')[0]);
        if (Number.isInteger(postmaster) && postmaster > 0)
          await endProcess(postmaster, 'SIGINT', () => postgresIsRunning(postmaster, dataDir));
      }
      rmSync(dataDir, { recursive: true, force: true });
    }),
  );
}
