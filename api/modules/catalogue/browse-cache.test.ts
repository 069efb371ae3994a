import { describe, expect, it } from 'vitest';
import { START, type Position } from '../../../shared/eventstore/types.ts';
import { BROWSE_SOURCES, BrowseCache, preferredEncoding } from './browse-cache.ts';

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

    expect((await cache.answer({ search: 'paint' }, build)).toString()).toBe('{"n":1}');
    expect((await cache.answer({ search: 'paint' }, build)).toString()).toBe('{"n":1}');
    // Another search is another answer.
    expect((await cache.answer({ search: 'paint', offset: 24 }, build)).toString()).toBe('{"n":2}');

    for (const [index, source] of BROWSE_SOURCES.entries()) {
      checkpoints.change(source, index + 1);
      expect((await cache.answer({ search: 'paint' }, build)).toString(), source).toBe(`{"n":${3 + index}}`);
      expect((await cache.answer({ search: 'paint' }, build)).toString(), source).toBe(`{"n":${3 + index}}`);
    }
    // A read model the directory does not read changes nothing.
    checkpoints.change('forum', 99);
    expect((await cache.answer({ search: 'paint' }, build)).toString()).toBe(`{"n":${2 + BROWSE_SOURCES.length}}`);
  });

  it('builds a search once for the requests that arrive while it is being built', async () => {
    const checkpoints = watcher();
    const cache = new BrowseCache(checkpoints);
    let builds = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const build = async () => {
      const n = ++builds;
      await gate;
      return `{"n":${n}}`;
    };
    const waiting = Array.from({ length: 5 }, () => cache.answer({ search: 'paint' }, build));
    // A write to the directory meanwhile: its requests do not join the older build.
    checkpoints.change('contractor-directory', 1);
    const afterWrite = cache.answer({ search: 'paint' }, build);
    release();
    expect((await Promise.all(waiting)).map(String)).toEqual(Array(5).fill('{"n":1}'));
    expect(String(await afterWrite)).toBe('{"n":2}');
    expect(builds).toBe(2);

    // A failed build fails its waiters and is not kept: the next request builds again.
    let fail = true;
    const failing = async () => {
      if (fail) throw new Error('database down');
      return '{"ok":true}';
    };
    const failed = await Promise.allSettled([cache.answer({ q: 1 }, failing), cache.answer({ q: 1 }, failing)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(String(await cache.answer({ q: 1 }, failing))).toBe('{"ok":true}');
  });

  it('forgets everything when cleared', async () => {
    const cache = new BrowseCache(watcher());
    let builds = 0;
    const build = async () => String(++builds);
    await cache.answer({}, build);
    cache.clear();
    expect((await cache.answer({}, build)).toString()).toBe('2');
  });
});

describe('answers by URL', () => {
  it('keeps an answer under the URL it was asked with, until a read model changes', async () => {
    const checkpoints = watcher();
    const cache = new BrowseCache(checkpoints);
    expect(cache.forUrl('/api/contractors/browse?limit=12')).toBeUndefined();
    await cache.answer({ limit: 12 }, async () => '{"n":1}', '/api/contractors/browse?limit=12');
    expect(cache.forUrl('/api/contractors/browse?limit=12')?.json.toString()).toBe('{"n":1}');
    // Another spelling of the same search is another URL: it goes through the route.
    expect(cache.forUrl('/api/contractors/browse?limit=12&')).toBeUndefined();
    checkpoints.change('contractor-directory', 7);
    expect(cache.forUrl('/api/contractors/browse?limit=12')).toBeUndefined();
  });

  it('compresses an answer once per encoding', async () => {
    const cache = new BrowseCache(watcher());
    await cache.answer({}, async () => JSON.stringify({ text: 'x'.repeat(5000) }), '/u');
    const answer = cache.forUrl('/u')!;
    const br = cache.encoded(answer, 'br');
    expect(br.length).toBeLessThan(answer.json.length);
    expect(cache.encoded(answer, 'br')).toBe(br);
    expect(cache.encoded(answer, 'gzip')).not.toBe(br);
  });
});

describe('preferredEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['*', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['BR;Q=0.0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['deflate', null],
  ])('%j → %j', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
