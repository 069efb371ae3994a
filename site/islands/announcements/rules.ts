/**
 * The announcement rules of docs/product.md#announcements, as pure functions: time always arrives as an
 * argument (epoch milliseconds), nothing here reads storage or the clock. The storage adapter is
 * store.ts; the data is catalogue.ts.
 */

export const ANNOUNCEMENT_TYPES = ['feature', 'rollout', 'maintenance', 'celebration'] as const;
export type AnnouncementType = (typeof ANNOUNCEMENT_TYPES)[number];

/** Highest first: the order in which announcements are shown. */
export const ANNOUNCEMENT_PRIORITIES = ['high', 'medium', 'low'] as const;
export type AnnouncementPriority = (typeof ANNOUNCEMENT_PRIORITIES)[number];

/** Timings of docs/product.md#announcements. */
export const SNOOZE_HOURS = 24;
export const RECHECK_MS = 30 * 60 * 1000;
export const CLOSE_DELAY_MS = 300;

const HOUR_MS = 60 * 60 * 1000;

/** What the rules need to know about an announcement: which one, how urgent, how recent (YYYY-MM-DD). */
export type Ranked = { id: string; priority: AnnouncementPriority; date: string };

export type Snooze = { id: string; remindAfter: number };

/** What the browser keeps (docs/product.md#announcements): the dismissed ids and the snoozes. */
export type AnnouncementState = { dismissed: readonly string[]; snoozed: readonly Snooze[] };

export const EMPTY_STATE: AnnouncementState = Object.freeze({ dismissed: [], snoozed: [] });

// ---------------------------------------------------------------------------------------------
// Ordering and choice
// ---------------------------------------------------------------------------------------------

/** Priority first (high, medium, low); among equals the newest date first; then by id, so the order is total. */
export function compareAnnouncements(a: Ranked, b: Ranked): number {
  const byPriority = ANNOUNCEMENT_PRIORITIES.indexOf(a.priority) - ANNOUNCEMENT_PRIORITIES.indexOf(b.priority);
  if (byPriority !== 0) return byPriority;
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function orderAnnouncements<A extends Ranked>(all: readonly A[]): A[] {
  return [...all].sort(compareAnnouncements);
}

/** The Updates list: newest first, whatever the priority. */
export function newestFirst<A extends Ranked>(all: readonly A[]): A[] {
  return [...all].sort((a, b) => (a.date !== b.date ? (a.date < b.date ? 1 : -1) : compareAnnouncements(a, b)));
}

export function isDismissed(state: AnnouncementState, id: string): boolean {
  return state.dismissed.includes(id);
}

/** A snooze holds while now < remindAfter: at exactly remindAfter the announcement is due again. */
export function snoozedUntil(state: AnnouncementState, id: string, now: number): number | null {
  const active = state.snoozed.filter((s) => s.id === id && now < s.remindAfter);
  return active.length ? Math.max(...active.map((s) => s.remindAfter)) : null;
}

export function isDue(state: AnnouncementState, id: string, now: number): boolean {
  return !isDismissed(state, id) && snoozedUntil(state, id, now) === null;
}

/** The announcement to show now, or null: the first in priority order that is neither dismissed nor snoozed. */
export function nextAnnouncement<A extends Ranked>(all: readonly A[], state: AnnouncementState, now: number): A | null {
  return orderAnnouncements(all).find((a) => isDue(state, a.id, now)) ?? null;
}

export type AnnouncementStatus = { kind: 'new' } | { kind: 'dismissed' } | { kind: 'snoozed'; remindAfter: number };

/** How the Updates dialog labels one announcement. */
export function announcementStatus(state: AnnouncementState, id: string, now: number): AnnouncementStatus {
  if (isDismissed(state, id)) return { kind: 'dismissed' };
  const until = snoozedUntil(state, id, now);
  return until === null ? { kind: 'new' } : { kind: 'snoozed', remindAfter: until };
}

// ---------------------------------------------------------------------------------------------
// Transitions
// ---------------------------------------------------------------------------------------------

/** Permanent: the id joins the dismissed list, and any snooze of it is dropped (it no longer matters). */
export function dismiss(state: AnnouncementState, id: string): AnnouncementState {
  return {
    dismissed: state.dismissed.includes(id) ? state.dismissed : [...state.dismissed, id],
    snoozed: state.snoozed.filter((s) => s.id !== id),
  };
}

/** 'Remind later': hidden until now + hours (24 by default); a new snooze of the same id replaces the old one. */
export function snooze(
  state: AnnouncementState,
  id: string,
  now: number,
  hours: number = SNOOZE_HOURS,
): AnnouncementState {
  return {
    dismissed: state.dismissed,
    snoozed: [...state.snoozed.filter((s) => s.id !== id), { id, remindAfter: now + hours * HOUR_MS }],
  };
}

/** Clearing removes every dismissal and every snooze. */
export function clearAll(): AnnouncementState {
  return EMPTY_STATE;
}

/** Drops the snoozes that have run out (now ≥ remindAfter); returns the same object when none did. */
export function pruneExpired(state: AnnouncementState, now: number): AnnouncementState {
  const snoozed = state.snoozed.filter((s) => now < s.remindAfter);
  return snoozed.length === state.snoozed.length ? state : { dismissed: state.dismissed, snoozed };
}

/**
 * The action button: a same-site link opened in a new tab without giving the new page a handle on
 * this one (rel noopener); following it also dismisses the announcement (the popup does that).
 */
export function actionLink(actionUrl: string | undefined): { href: string; target: '_blank'; rel: string } | null {
  return actionUrl ? { href: actionUrl, target: '_blank', rel: 'noopener noreferrer' } : null;
}

// ---------------------------------------------------------------------------------------------
// Stored form (JSON in local storage: string[] and {id, remindAfter}[])
// ---------------------------------------------------------------------------------------------

/** Thrown for stored text that is not what we wrote; the store logs it and starts from empty. */
export class MalformedAnnouncementStorage extends Error {
  constructor(
    readonly key: 'dismissed' | 'snoozed',
    cause?: unknown,
  ) {
    super(`stored ${key} announcements are not valid; treated as empty`, { cause });
    this.name = 'MalformedAnnouncementStorage';
  }
}

function parseJson(raw: string, key: 'dismissed' | 'snoozed'): unknown {
  try {
    return JSON.parse(raw);
  } catch (error) {
    throw new MalformedAnnouncementStorage(key, error);
  }
}

/** null (nothing stored) is empty; anything but an array of strings throws MalformedAnnouncementStorage. */
export function parseDismissed(raw: string | null): string[] {
  if (raw === null) return [];
  const value = parseJson(raw, 'dismissed');
  if (!Array.isArray(value) || !value.every((id) => typeof id === 'string'))
    throw new MalformedAnnouncementStorage('dismissed');
  return [...new Set(value)];
}

/** null is empty; anything but an array of {id: string, remindAfter: finite number} throws. */
export function parseSnoozed(raw: string | null): Snooze[] {
  if (raw === null) return [];
  const value = parseJson(raw, 'snoozed');
  const valid = (s: unknown): s is Snooze =>
    typeof s === 'object' &&
    s !== null &&
    typeof (s as Snooze).id === 'string' &&
    typeof (s as Snooze).remindAfter === 'number' &&
    Number.isFinite((s as Snooze).remindAfter);
  if (!Array.isArray(value) || !value.every(valid)) throw new MalformedAnnouncementStorage('snoozed');
  return value.map(({ id, remindAfter }) => ({ id, remindAfter }));
}
