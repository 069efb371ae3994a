import { describe, expect, it } from 'vitest';
import { RebuildMemory } from './rebuild-memory.ts';

const ALL = -1;

describe('RebuildMemory', () => {
  it('keeps every row while under its limit', () => {
    const memory = new RebuildMemory(3);
    memory.hold(memory.tick());
    memory.hold(memory.currentTick, true);
    expect(memory.rows).toBe(2);
    expect(memory.keepFrom()).toEqual({ once: ALL, often: ALL });
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
    expect(memory.keepFrom()).toEqual({ once: second, often: ALL });
    // One of them touched again, in a later window: it is of the several-windows kind now, and one
    // of the second tick's must go too.
    memory.release(first);
    memory.hold(third, true);
    expect(memory.keepFrom()).toEqual({ once: third, often: ALL });
    memory.release(first);
    memory.release(second);
    expect(memory.rows).toBe(3);
    expect(memory.keepFrom()).toEqual({ once: ALL, often: ALL });
  });

  it('lets go of rows touched in one window before rows touched in several, however recent', () => {
    const memory = new RebuildMemory(2);
    const first = memory.tick();
    memory.hold(first, true);
    memory.hold(first, true);
    const second = memory.tick();
    memory.hold(second);
    // The newest row goes, not the two older ones that several windows touched.
    expect(memory.keepFrom()).toEqual({ once: second + 1, often: ALL });
    memory.hold(second);
    memory.hold(second, true);
    // Every one-window row goes, and then the oldest of the others.
    expect(memory.keepFrom()).toEqual({ once: second + 1, often: second });
  });

  it('lets go of everything when the newest rows alone are too many', () => {
    const memory = new RebuildMemory(0);
    memory.hold(memory.tick());
    memory.hold(memory.currentTick, true);
    expect(memory.keepFrom()).toEqual({ once: memory.currentTick + 1, often: memory.currentTick + 1 });
  });
});
