import { afterEach, describe, expect, it } from 'vitest';
import { sleep } from '../../tests/support/wait.ts';
import { followAll } from './postgres.ts';

/** A store whose appends are announced by hand. */
function announcer() {
  const listeners = new Set<() => void>();
  return {
    onAppended(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    announce: () => listeners.forEach((listener) => listener()),
  };
}

const stops: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

describe('followAll', () => {
  it('retries soon when a wake-up that arrived while it slept finds nothing yet (the snapshot lags the commit)', async () => {
    const store = announcer();
    const reads: number[] = [];
    let visibleAfterReads = Number.POSITIVE_INFINITY;
    const follower = followAll(store, {
      pollIntervalMs: 60_000,
      read: async () => {
        reads.push(performance.now());
        // The append becomes visible on the second read after the wake-up.
        return reads.length === visibleAfterReads ? 1 : 0;
      },
    });
    stops.push(() => follower.stop());
    await sleep(50); // the first read found nothing: asleep for the poll interval
    expect(reads).toHaveLength(1);

    visibleAfterReads = 3;
    const woken = performance.now();
    store.announce();
    await sleep(300);
    // Read 2 (the wake-up) found nothing, read 3 a few milliseconds later found the event, read 4
    // found nothing more; without the retry, read 3 would wait a whole minute.
    expect(reads.length).toBeGreaterThanOrEqual(3);
    expect(reads[2]! - woken).toBeLessThan(100);
  });

  it('gives up retrying after the backoff and sleeps the poll interval until the next wake-up', async () => {
    const store = announcer();
    let reads = 0;
    const follower = followAll(store, {
      pollIntervalMs: 60_000,
      read: async () => {
        reads++;
        return 0;
      },
    });
    stops.push(() => follower.stop());
    await sleep(20);
    store.announce();
    await sleep(1_000);
    const afterBackoff = reads;
    // The first read, the wake-up's read and a bounded number of retries (2, 4 ... 256 ms).
    expect(afterBackoff).toBeGreaterThan(2);
    expect(afterBackoff).toBeLessThanOrEqual(2 + 8);
    await sleep(500);
    expect(reads).toBe(afterBackoff);
  });
});
