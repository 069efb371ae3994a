import { ANNOUNCEMENTS } from './catalogue.ts';
import { DISMISSED_ANNOUNCEMENTS_KEY, SNOOZED_ANNOUNCEMENTS_KEY } from './keys.ts';
import { RECHECK_MS, nextAnnouncement, parseDismissed, parseSnoozed } from './rules.ts';

/** Set on <html> when an announcement is due: the announcement check (`client:request`) then loads. */
export const ANNOUNCEMENT_DUE_ATTRIBUTE = 'data-announcement-due';

/** Whether the check must run: an announcement is due, or the stored state is unreadable (it decides then). */
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

/**
 * The plain script on every page with announcements (Base.astro): the rules and the catalogue's ids
 * and dates, no React. Once the page is idle, then every 30 minutes and when another tab changes
 * the stored state (docs/product.md#announcements), it looks whether one is due; only then does the
 * announcement check island (and React) load, which shows it and takes over from there. A returning
 * visitor with nothing due never loads either.
 */
export function watchForDueAnnouncements() {
  const root = document.documentElement;
  const storage = () => {
    try {
      return localStorage;
    } catch {
      return null;
    }
  };
  const check = () => {
    if (root.hasAttribute(ANNOUNCEMENT_DUE_ATTRIBUTE)) return;
    if (announcementMayBeDue(storage(), Date.now())) root.setAttribute(ANNOUNCEMENT_DUE_ATTRIBUTE, '');
  };
  const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
  idle(check);
  window.setInterval(check, RECHECK_MS);
  window.addEventListener('storage', check);
}
