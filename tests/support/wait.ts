/**
 * Polls `check` until it returns something other than undefined/null/false, or fails with
 * `message` after `timeoutMs`. The $all reader of the Postgres store only sees transactions below
 * the cluster-wide snapshot xmin, so another test file's open transaction (even in another
 * database) can delay visibility: tests wait for events instead of expecting them at once.
 */
export async function waitUntil<T>(
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  options: { timeoutMs?: number; intervalMs?: number; message?: string | (() => string) } = {},
): Promise<T> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) {
      const message = typeof options.message === 'function' ? options.message() : options.message;
      throw new Error(`timed out: ${message ?? 'condition not met'}`);
    }
    await sleep(options.intervalMs ?? 10);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A promise plus its resolve function, for holding a transaction open until the test says so. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
