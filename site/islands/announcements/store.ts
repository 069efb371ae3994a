import { atom, type ReadableAtom } from 'nanostores';
import { DISMISSED_ANNOUNCEMENTS_KEY, SNOOZED_ANNOUNCEMENTS_KEY } from './keys.ts';
import {
  EMPTY_STATE,
  clearAll,
  dismiss,
  parseDismissed,
  parseSnoozed,
  pruneExpired,
  snooze,
  type AnnouncementState,
} from './rules.ts';

/** The keys another tab may change under us (the check listens for their 'storage' events). */
export const ANNOUNCEMENT_STORAGE_KEYS: readonly string[] = [DISMISSED_ANNOUNCEMENTS_KEY, SNOOZED_ANNOUNCEMENTS_KEY];

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type AnnouncementStore = {
  /** The last state read or written; islands on one page share it (one module instance). */
  readonly $state: ReadableAtom<AnnouncementState>;
  /** Reads storage again (another tab may have changed it), drops expired snoozes, publishes the result. */
  refresh(now?: number): AnnouncementState;
  dismiss(id: string, now?: number): AnnouncementState;
  snooze(id: string, now?: number, hours?: number): AnnouncementState;
  clear(): AnnouncementState;
};

/**
 * Local storage as the announcement state (docs/product.md#announcements). Storage that is missing (server
 * rendering), refuses access (privacy modes), throws on write (quota) or holds text we did not write
 * is never fatal: the problem is logged (docs/product.md#announcements: storage errors are only logged) and the
 * state is whatever could be read, else empty. A state that could not be saved still holds for
 * this page, so a dismissed popup stays closed.
 */
export function createAnnouncementStore(getStorage: () => StorageLike | null): AnnouncementStore {
  const $state = atom<AnnouncementState>(EMPTY_STATE);

  function storage(): StorageLike | null {
    try {
      return getStorage();
    } catch (error) {
      console.warn('announcements: browser storage is not available', error);
      return null;
    }
  }

  function readKey<T>(store: StorageLike, key: string, parse: (raw: string | null) => T[]): T[] {
    try {
      return parse(store.getItem(key));
    } catch (error) {
      console.warn(`announcements: could not read ${key}; treated as empty`, error);
      return [];
    }
  }

  function writeKey(store: StorageLike, key: string, values: readonly unknown[]) {
    try {
      if (values.length) store.setItem(key, JSON.stringify(values));
      else store.removeItem(key);
    } catch (error) {
      console.warn(`announcements: could not save ${key}`, error);
    }
  }

  function save(next: AnnouncementState, previous?: AnnouncementState): AnnouncementState {
    $state.set(next);
    const store = storage();
    if (!store) return next;
    if (next.dismissed !== previous?.dismissed) writeKey(store, DISMISSED_ANNOUNCEMENTS_KEY, next.dismissed);
    if (next.snoozed !== previous?.snoozed) writeKey(store, SNOOZED_ANNOUNCEMENTS_KEY, next.snoozed);
    return next;
  }

  function refresh(now = Date.now()): AnnouncementState {
    const store = storage();
    if (!store) {
      $state.set(pruneExpired($state.get(), now));
      return $state.get();
    }
    const read: AnnouncementState = {
      dismissed: readKey(store, DISMISSED_ANNOUNCEMENTS_KEY, parseDismissed),
      snoozed: readKey(store, SNOOZED_ANNOUNCEMENTS_KEY, parseSnoozed),
    };
    const pruned = pruneExpired(read, now);
    if (pruned !== read) return save(pruned, read); // expired snoozes leave storage too
    $state.set(read);
    return read;
  }

  return {
    $state,
    refresh,
    dismiss: (id, now = Date.now()) => save(dismiss(refresh(now), id)),
    snooze: (id, now = Date.now(), hours) => save(snooze(refresh(now), id, now, hours)),
    clear: () => save(clearAll()),
  };
}

function browserStorage(): StorageLike | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

/** The page's one store over local storage. */
export const announcementStore = createAnnouncementStore(browserStorage);
