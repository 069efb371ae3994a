import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISMISSED_ANNOUNCEMENTS_KEY, SNOOZED_ANNOUNCEMENTS_KEY } from './keys.ts';
import { createAnnouncementStore, type StorageLike } from './store.ts';

const HOUR = 60 * 60 * 1000;
const NOW = Date.parse('2025-10-12T15:00:00Z');

/** An in-memory Storage; `fail` makes the named operations throw like a refusing browser. */
function fakeStorage(initial: Record<string, string> = {}, fail: Partial<Record<keyof StorageLike, Error>> = {}) {
  const data = new Map(Object.entries(initial));
  const storage: StorageLike = {
    getItem(key) {
      if (fail.getItem) throw fail.getItem;
      return data.has(key) ? data.get(key)! : null;
    },
    setItem(key, value) {
      if (fail.setItem) throw fail.setItem;
      data.set(key, String(value));
    },
    removeItem(key) {
      if (fail.removeItem) throw fail.removeItem;
      data.delete(key);
    },
  };
  return { storage, data };
}

const quiet = () => vi.spyOn(console, 'warn').mockImplementation(() => {});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('announcement store over local storage', () => {
  it('saves dismissals as a JSON list of ids and snoozes as {id, remindAfter} in epoch ms', () => {
    const { storage, data } = fakeStorage();
    const store = createAnnouncementStore(() => storage);
    store.snooze('b', NOW);
    store.dismiss('a', NOW);
    expect(JSON.parse(data.get(DISMISSED_ANNOUNCEMENTS_KEY)!)).toEqual(['a']);
    expect(JSON.parse(data.get(SNOOZED_ANNOUNCEMENTS_KEY)!)).toEqual([{ id: 'b', remindAfter: NOW + 24 * HOUR }]);
    expect(store.$state.get()).toEqual({ dismissed: ['a'], snoozed: [{ id: 'b', remindAfter: NOW + 24 * HOUR }] });
  });

  it('reads what another page (or tab) saved', () => {
    const { storage, data } = fakeStorage();
    const store = createAnnouncementStore(() => storage);
    expect(store.refresh(NOW)).toEqual({ dismissed: [], snoozed: [] });
    data.set(DISMISSED_ANNOUNCEMENTS_KEY, '["future-roadmap-2025"]');
    expect(store.refresh(NOW).dismissed).toEqual(['future-roadmap-2025']);
  });

  it('keeps earlier dismissals when dismissing another one', () => {
    const { storage, data } = fakeStorage({ [DISMISSED_ANNOUNCEMENTS_KEY]: '["old"]' });
    createAnnouncementStore(() => storage).dismiss('new', NOW);
    expect(JSON.parse(data.get(DISMISSED_ANNOUNCEMENTS_KEY)!)).toEqual(['old', 'new']);
  });

  it('drops expired snoozes from storage when it reads', () => {
    const snoozed = [
      { id: 'expired', remindAfter: NOW },
      { id: 'pending', remindAfter: NOW + HOUR },
    ];
    const { storage, data } = fakeStorage({ [SNOOZED_ANNOUNCEMENTS_KEY]: JSON.stringify(snoozed) });
    const store = createAnnouncementStore(() => storage);
    expect(store.refresh(NOW).snoozed).toEqual([{ id: 'pending', remindAfter: NOW + HOUR }]);
    expect(JSON.parse(data.get(SNOOZED_ANNOUNCEMENTS_KEY)!)).toEqual([{ id: 'pending', remindAfter: NOW + HOUR }]);
    store.refresh(NOW + HOUR);
    expect(data.has(SNOOZED_ANNOUNCEMENTS_KEY)).toBe(false);
  });

  it('clears every dismissal and snooze from storage', () => {
    const { storage, data } = fakeStorage({
      [DISMISSED_ANNOUNCEMENTS_KEY]: '["a"]',
      [SNOOZED_ANNOUNCEMENTS_KEY]: JSON.stringify([{ id: 'b', remindAfter: NOW + HOUR }]),
      unrelated: 'kept',
    });
    const store = createAnnouncementStore(() => storage);
    expect(store.clear()).toEqual({ dismissed: [], snoozed: [] });
    expect([...data.keys()]).toEqual(['unrelated']);
    expect(store.refresh(NOW)).toEqual({ dismissed: [], snoozed: [] });
  });

  it('treats malformed stored JSON as empty, logs it, and keeps the other key', () => {
    const warn = quiet();
    const { storage } = fakeStorage({
      [DISMISSED_ANNOUNCEMENTS_KEY]: '{oops',
      [SNOOZED_ANNOUNCEMENTS_KEY]: JSON.stringify([{ id: 'b', remindAfter: NOW + HOUR }]),
    });
    const state = createAnnouncementStore(() => storage).refresh(NOW);
    expect(state).toEqual({ dismissed: [], snoozed: [{ id: 'b', remindAfter: NOW + HOUR }] });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toContain(DISMISSED_ANNOUNCEMENTS_KEY);
  });

  it('overwrites malformed storage with a good value on the next dismissal', () => {
    quiet();
    const { storage, data } = fakeStorage({ [DISMISSED_ANNOUNCEMENTS_KEY]: '[1,2,3]' });
    createAnnouncementStore(() => storage).dismiss('a', NOW);
    expect(JSON.parse(data.get(DISMISSED_ANNOUNCEMENTS_KEY)!)).toEqual(['a']);
  });

  it('logs a storage that throws on read and carries on with an empty state', () => {
    const warn = quiet();
    const { storage } = fakeStorage({}, { getItem: new DOMException('denied', 'SecurityError') });
    const store = createAnnouncementStore(() => storage);
    expect(() => store.refresh(NOW)).not.toThrow();
    expect(store.$state.get()).toEqual({ dismissed: [], snoozed: [] });
    expect(warn).toHaveBeenCalled();
  });

  it('logs a storage that throws on write, and the dismissal still holds for this page', () => {
    const warn = quiet();
    const { storage } = fakeStorage({}, { setItem: new DOMException('full', 'QuotaExceededError') });
    const store = createAnnouncementStore(() => storage);
    expect(() => store.dismiss('a', NOW)).not.toThrow();
    expect(store.$state.get().dismissed).toEqual(['a']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not save'), expect.any(DOMException));
  });

  it('logs a browser that refuses access to storage altogether, without throwing', () => {
    const warn = quiet();
    const store = createAnnouncementStore(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(store.refresh(NOW)).toEqual({ dismissed: [], snoozed: [] });
    expect(() => store.snooze('a', NOW)).not.toThrow();
    expect(store.$state.get().snoozed).toEqual([{ id: 'a', remindAfter: NOW + 24 * HOUR }]);
    expect(warn).toHaveBeenCalled();
  });

  it('works without any storage (server rendering) and logs nothing', () => {
    const warn = quiet();
    const store = createAnnouncementStore(() => null);
    expect(store.refresh(NOW)).toEqual({ dismissed: [], snoozed: [] });
    store.dismiss('a', NOW);
    expect(store.$state.get().dismissed).toEqual(['a']);
    expect(warn).not.toHaveBeenCalled();
  });
});
