import { describe, expect, it } from 'vitest';
import {
  CLOSE_DELAY_MS,
  EMPTY_STATE,
  MalformedAnnouncementStorage,
  RECHECK_MS,
  SNOOZE_HOURS,
  actionLink,
  announcementStatus,
  clearAll,
  dismiss,
  newestFirst,
  nextAnnouncement,
  orderAnnouncements,
  parseDismissed,
  parseSnoozed,
  pruneExpired,
  snooze,
  type AnnouncementPriority,
  type AnnouncementState,
} from './rules.ts';

const HOUR = 60 * 60 * 1000;
const NOW = Date.parse('2025-10-12T15:00:00Z');

const a = (id: string, priority: AnnouncementPriority, date: string) => ({ id, priority, date });

describe('announcement constants', () => {
  it('snoozes for 24 hours, re-checks every 30 minutes and closes 300 ms after a dismissal', () => {
    expect(SNOOZE_HOURS).toBe(24);
    expect(RECHECK_MS).toBe(1_800_000);
    expect(CLOSE_DELAY_MS).toBe(300);
  });
});

describe('announcement order', () => {
  it('shows high before medium before low, whatever the dates', () => {
    const all = [a('low', 'low', '2025-12-01'), a('high', 'high', '2025-01-01'), a('medium', 'medium', '2025-06-01')];
    expect(orderAnnouncements(all).map((x) => x.id)).toEqual(['high', 'medium', 'low']);
    expect(nextAnnouncement(all, EMPTY_STATE, NOW)?.id).toBe('high');
  });

  it('breaks a priority tie with the newest date first', () => {
    const all = [a('older', 'medium', '2025-03-01'), a('newer', 'medium', '2025-09-30'), a('low', 'low', '2025-10-01')];
    expect(orderAnnouncements(all).map((x) => x.id)).toEqual(['newer', 'older', 'low']);
  });

  it('does not reorder the list it is given', () => {
    const all = [a('low', 'low', '2025-01-01'), a('high', 'high', '2025-01-01')];
    orderAnnouncements(all);
    expect(all.map((x) => x.id)).toEqual(['low', 'high']);
  });

  it('lists updates newest first for the Updates dialog', () => {
    const all = [a('old-high', 'high', '2024-01-01'), a('new-low', 'low', '2025-01-01')];
    expect(newestFirst(all).map((x) => x.id)).toEqual(['new-low', 'old-high']);
  });

  it('has nothing to show when there are no announcements', () => {
    expect(nextAnnouncement([], EMPTY_STATE, NOW)).toBeNull();
  });
});

describe('dismissing', () => {
  const all = [a('first', 'high', '2025-10-10'), a('second', 'low', '2025-10-10')];

  it('skips a dismissed announcement for good and moves on to the next one', () => {
    const state = dismiss(EMPTY_STATE, 'first');
    expect(nextAnnouncement(all, state, NOW)?.id).toBe('second');
    expect(nextAnnouncement(all, state, NOW + 10 * 365 * 24 * HOUR)?.id).toBe('second');
    expect(nextAnnouncement(all, dismiss(state, 'second'), NOW)).toBeNull();
  });

  it('records an id once and replaces a snooze of it', () => {
    const snoozed = snooze(EMPTY_STATE, 'first', NOW);
    const state = dismiss(dismiss(snoozed, 'first'), 'first');
    expect(state).toEqual({ dismissed: ['first'], snoozed: [] });
    expect(announcementStatus(state, 'first', NOW)).toEqual({ kind: 'dismissed' });
  });
});

describe('remind later (snooze)', () => {
  const all = [a('roadmap', 'high', '2025-10-10')];

  it('hides the announcement for 24 hours by default and shows it again at exactly remindAfter', () => {
    const state = snooze(EMPTY_STATE, 'roadmap', NOW);
    expect(state.snoozed).toEqual([{ id: 'roadmap', remindAfter: NOW + 24 * HOUR }]);
    expect(nextAnnouncement(all, state, NOW)).toBeNull();
    expect(nextAnnouncement(all, state, NOW + 24 * HOUR - 1)).toBeNull();
    expect(nextAnnouncement(all, state, NOW + 24 * HOUR)?.id).toBe('roadmap');
    expect(nextAnnouncement(all, state, NOW + 30 * HOUR)?.id).toBe('roadmap');
  });

  it('takes another duration and replaces an earlier snooze of the same id', () => {
    const state = snooze(snooze(EMPTY_STATE, 'roadmap', NOW, 48), 'roadmap', NOW, 2);
    expect(state.snoozed).toEqual([{ id: 'roadmap', remindAfter: NOW + 2 * HOUR }]);
    expect(announcementStatus(state, 'roadmap', NOW)).toEqual({ kind: 'snoozed', remindAfter: NOW + 2 * HOUR });
    expect(announcementStatus(state, 'roadmap', NOW + 2 * HOUR)).toEqual({ kind: 'new' });
  });

  it('does not hide other announcements', () => {
    const state = snooze(EMPTY_STATE, 'other', NOW);
    expect(nextAnnouncement(all, state, NOW)?.id).toBe('roadmap');
  });

  it('prunes snoozes that have run out and keeps the rest', () => {
    const state: AnnouncementState = {
      dismissed: ['x'],
      snoozed: [
        { id: 'done', remindAfter: NOW },
        { id: 'pending', remindAfter: NOW + 1 },
      ],
    };
    expect(pruneExpired(state, NOW)).toEqual({ dismissed: ['x'], snoozed: [{ id: 'pending', remindAfter: NOW + 1 }] });
    const fresh = snooze(EMPTY_STATE, 'y', NOW);
    expect(pruneExpired(fresh, NOW)).toBe(fresh);
  });
});

describe('clearing', () => {
  it('removes every dismissal and every snooze', () => {
    const state = snooze(dismiss(EMPTY_STATE, 'first'), 'second', NOW);
    expect(clearAll()).toEqual({ dismissed: [], snoozed: [] });
    const all = [a('first', 'high', '2025-10-10'), a('second', 'high', '2025-10-11')];
    expect(nextAnnouncement(all, state, NOW)).toBeNull();
    expect(nextAnnouncement(all, clearAll(), NOW)?.id).toBe('second');
  });
});

describe('the action button', () => {
  it('opens its URL in a new tab without a handle on this page', () => {
    expect(actionLink('/become-contractor')).toEqual({
      href: '/become-contractor',
      target: '_blank',
      rel: 'noopener noreferrer',
    });
  });

  it('is absent without a URL', () => {
    expect(actionLink(undefined)).toBeNull();
  });
});

describe('stored form', () => {
  it('reads nothing stored as empty', () => {
    expect(parseDismissed(null)).toEqual([]);
    expect(parseSnoozed(null)).toEqual([]);
  });

  it('reads what was written', () => {
    expect(parseDismissed('["a","b","a"]')).toEqual(['a', 'b']);
    expect(parseSnoozed(JSON.stringify([{ id: 'a', remindAfter: NOW, extra: 1 }]))).toEqual([
      { id: 'a', remindAfter: NOW },
    ]);
  });

  it.each(['not json', '{"a":1}', '[1,2]', 'null', '"a"'])('refuses dismissed %s', (raw) => {
    expect(() => parseDismissed(raw)).toThrow(MalformedAnnouncementStorage);
  });

  it.each(['{', '[{"id":"a"}]', '[{"id":1,"remindAfter":2}]', '[{"id":"a","remindAfter":"tomorrow"}]', '[null]'])(
    'refuses snoozed %s',
    (raw) => {
      expect(() => parseSnoozed(raw)).toThrow(MalformedAnnouncementStorage);
    },
  );
});
