import { describe, expect, it } from 'vitest';
import { START, type Position } from '../../../shared/eventstore/types.ts';
import { BROWSE_SOURCES, BrowseCache } from './browse-cache.ts';

function watcher() {
  const changes = new Map<string, Position>();
  return {
    lastChange: (name: string) => changes.get(name) ?? START,
    change: (name: string, commit: number) => changes.set(name, { commit: BigInt(commit), prepare: BigInt(commit) }),
  };
}

describe('the directory cache', () => {
  it('answers a repeated search from memory until one of its read models changes', async () => {
    const checkpoints = watcher();
    const cache = new BrowseCache(checkpoints);
    let builds = 0;
    const build = async () => `{"n":${++builds}}`;

    expect(await cache.answer({ search: 'paint' }, build)).toBe('{"n":1}');
    expect(await cache.answer({ search: 'paint' }, build)).toBe('{"n":1}');
    // Another search is another answer.
    expect(await cache.answer({ search: 'paint', offset: 24 }, build)).toBe('{"n":2}');

    for (const [index, source] of BROWSE_SOURCES.entries()) {
      checkpoints.change(source, index + 1);
      expect(await cache.answer({ search: 'paint' }, build), source).toBe(`{"n":${3 + index}}`);
      expect(await cache.answer({ search: 'paint' }, build), source).toBe(`{"n":${3 + index}}`);
    }
    // A read model the directory does not read changes nothing.
    checkpoints.change('forum', 99);
    expect(await cache.answer({ search: 'paint' }, build)).toBe(`{"n":${2 + BROWSE_SOURCES.length}}`);
  });

  it('forgets everything when cleared', async () => {
    const cache = new BrowseCache(watcher());
    let builds = 0;
    const build = async () => String(++builds);
    await cache.answer({}, build);
    cache.clear();
    expect(await cache.answer({}, build)).toBe('2');
  });
});
