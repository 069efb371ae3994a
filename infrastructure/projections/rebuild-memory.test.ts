import { describe, expect, it } from 'vitest';
import { RebuildMemory } from './rebuild-memory.ts';

describe('RebuildMemory', () => {
  it('keeps every row while under its limit', () => {
    const memory = new RebuildMemory(3);
    memory.hold(memory.tick());
    memory.hold(memory.currentTick);
    expect(memory.rows).toBe(2);
    expect(memory.keepFrom()).toBe(-1);
  });

  it('lets go of the rows touched least recently, whichever table holds them, down to its limit', () => {
    const memory = new RebuildMemory(3);
    const first = memory.tick();
    memory.hold(first);
    memory.hold(first);
    const second = memory.tick();
    memory.hold(second);
    memory.hold(second);
    const third = memory.tick();
    memory.hold(third);
    // Five rows, two too many: the two of the first tick go.
    expect(memory.keepFrom()).toBe(second);
    // One of them touched again: it moved to the third tick, and one of the second's must go too.
    memory.release(first);
    memory.hold(third);
    expect(memory.keepFrom()).toBe(third);
    memory.release(first);
    memory.release(second);
    expect(memory.rows).toBe(3);
    expect(memory.keepFrom()).toBe(-1);
  });

  it('lets go of everything when the newest rows alone are too many', () => {
    const memory = new RebuildMemory(0);
    memory.hold(memory.tick());
    expect(memory.keepFrom()).toBe(memory.currentTick + 1);
  });
});
