import { describe, expect, it } from 'vitest';
import { memoryCounter } from './window-counter.ts';

describe('in-process window counter', () => {
  it('counts hits per key within a window and starts again after it', async () => {
    let now = 1_000;
    const counter = memoryCounter(() => now);
    expect(await counter.hit('ip:a', 600)).toEqual({ count: 1, retryAfterMs: 600 });
    now += 100;
    expect(await counter.hit('ip:a', 600)).toEqual({ count: 2, retryAfterMs: 500 });
    expect((await counter.hit('ip:b', 600)).count).toBe(1);
    now += 500;
    expect(await counter.hit('ip:a', 600)).toEqual({ count: 1, retryAfterMs: 600 });
  });
});
