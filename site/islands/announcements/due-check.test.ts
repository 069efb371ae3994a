import { describe, expect, it } from 'vitest';
import { ANNOUNCEMENTS } from './catalogue.ts';
import { announcementMayBeDue } from './due-check.ts';
import { DISMISSED_ANNOUNCEMENTS_KEY, SNOOZED_ANNOUNCEMENTS_KEY } from './keys.ts';

const storage = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });
const now = Date.parse('2026-11-26T12:00:00Z');

describe('the plain due check that loads the announcement check', () => {
  it('loads it for a visitor with something new, and not once everything is dismissed', () => {
    expect(announcementMayBeDue(storage({}), now)).toBe(true);
    const all = JSON.stringify(ANNOUNCEMENTS.map((entry) => entry.id));
    expect(announcementMayBeDue(storage({ [DISMISSED_ANNOUNCEMENTS_KEY]: all }), now)).toBe(false);
  });

  it('loads it when a snooze has run out', () => {
    const [first, ...rest] = ANNOUNCEMENTS.map((entry) => entry.id);
    const snoozed = (remindAfter: number) =>
      storage({
        [DISMISSED_ANNOUNCEMENTS_KEY]: JSON.stringify(rest),
        [SNOOZED_ANNOUNCEMENTS_KEY]: JSON.stringify([{ id: first, remindAfter }]),
      });
    expect(announcementMayBeDue(snoozed(now + 60_000), now)).toBe(false);
    expect(announcementMayBeDue(snoozed(now - 60_000), now)).toBe(true);
  });

  it('leaves unreadable or missing storage to the check itself', () => {
    expect(announcementMayBeDue(storage({ [DISMISSED_ANNOUNCEMENTS_KEY]: '{oops' }), now)).toBe(true);
    expect(announcementMayBeDue(null, now)).toBe(true);
  });
});
