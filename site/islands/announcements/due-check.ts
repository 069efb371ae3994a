import { ANNOUNCEMENTS } from './catalogue.ts';
import { DISMISSED_ANNOUNCEMENTS_KEY, SNOOZED_ANNOUNCEMENTS_KEY } from './keys.ts';
import { nextAnnouncement, parseDismissed, parseSnoozed } from './rules.ts';

/**
 * Whether the popup script (popup.ts) must look closer: an announcement is due, or the stored state
 * is unreadable (it decides then). A returning visitor with nothing due stops here.
 */
export function announcementMayBeDue(storage: Pick<Storage, 'getItem'> | null, now: number): boolean {
  if (!storage) return true;
  try {
    const state = {
      dismissed: parseDismissed(storage.getItem(DISMISSED_ANNOUNCEMENTS_KEY)),
      snoozed: parseSnoozed(storage.getItem(SNOOZED_ANNOUNCEMENTS_KEY)),
    };
    return nextAnnouncement(ANNOUNCEMENTS, state, now) !== null;
  } catch {
    return true;
  }
}
