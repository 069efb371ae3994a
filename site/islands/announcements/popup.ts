import { haptic, type Haptic } from '../../lib/haptics.ts';
import { ANNOUNCEMENTS } from './catalogue.ts';
import { announcementMayBeDue } from './due-check.ts';
import { DISMISSED_ANNOUNCEMENTS_KEY, SNOOZED_ANNOUNCEMENTS_KEY } from './keys.ts';
import {
  CLOSE_DELAY_MS,
  RECHECK_MS,
  dismiss,
  isDue,
  nextAnnouncement,
  parseDismissed,
  parseSnoozed,
  pruneExpired,
  snooze,
  type AnnouncementState,
} from './rules.ts';

/** On each announcement's <template> (components/AnnouncementPopups.astro): the announcement's id. */
export const ANNOUNCEMENT_TEMPLATE_ATTRIBUTE = 'data-announcement-template';
/** On the popup's controls: what pressing one does (`dismissed` or `snoozed`). */
export const ANNOUNCEMENT_CLOSE_ATTRIBUTE = 'data-announcement-close';
/** On Got it and Remind later: the press's haptic, as the site's buttons have (ui/Button.tsx). */
export const ANNOUNCEMENT_HAPTIC_ATTRIBUTE = 'data-haptic';
/** The dialog's classes; the fade while closing adds FADING_CLASSES in place of `opacity-100`. */
export const POPUP_CLASSES =
  'm-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-2xl flex-col overflow-hidden rounded-2xl border border-border bg-surface p-0 text-fg shadow-2xl outline-none backdrop:bg-black/60 backdrop:backdrop-blur-sm backdrop:transition-opacity backdrop:duration-300 open:flex transition-opacity duration-300';
const FADING_CLASSES = ['opacity-0', 'backdrop:opacity-0'];

type Outcome = 'dismissed' | 'snoozed';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

function storage(): Storage | null {
  try {
    return localStorage;
  } catch (error) {
    console.warn('announcements: browser storage is not available', error);
    return null;
  }
}

function readKey<T>(store: Storage, key: string, parse: (raw: string | null) => T[]): T[] {
  try {
    return parse(store.getItem(key));
  } catch (error) {
    console.warn(`announcements: could not read ${key}; treated as empty`, error);
    return [];
  }
}

function writeKey(store: Storage, key: string, values: readonly unknown[]) {
  try {
    if (values.length) store.setItem(key, JSON.stringify(values));
    else store.removeItem(key);
  } catch (error) {
    console.warn(`announcements: could not save ${key}`, error);
  }
}

/**
 * The announcement state in local storage, as the islands' store keeps it (store.ts, which the
 * Updates dialog uses): read again at each check (another tab may have changed it), spent snoozes
 * dropped from storage, and a state that could not be saved still held for this page.
 */
function createState() {
  let held: AnnouncementState = { dismissed: [], snoozed: [] };
  const save = (next: AnnouncementState, previous: AnnouncementState) => {
    held = next;
    const store = storage();
    if (!store) return next;
    if (next.dismissed !== previous.dismissed) writeKey(store, DISMISSED_ANNOUNCEMENTS_KEY, next.dismissed);
    if (next.snoozed !== previous.snoozed) writeKey(store, SNOOZED_ANNOUNCEMENTS_KEY, next.snoozed);
    return next;
  };
  const refresh = (now: number): AnnouncementState => {
    const store = storage();
    const read: AnnouncementState = store
      ? {
          dismissed: readKey(store, DISMISSED_ANNOUNCEMENTS_KEY, parseDismissed),
          snoozed: readKey(store, SNOOZED_ANNOUNCEMENTS_KEY, parseSnoozed),
        }
      : held;
    const pruned = pruneExpired(read, now);
    if (pruned !== read) return save(pruned, read);
    held = read;
    return read;
  };
  return {
    refresh,
    close: (id: string, outcome: Outcome, now: number) => {
      const state = refresh(now);
      return save(outcome === 'dismissed' ? dismiss(state, id) : snooze(state, id, now), state);
    },
  };
}

/**
 * The announcement popup (docs/product.md#announcements) without React, on every page with
 * announcements (Base.astro). Once the page is idle, every 30 minutes and when another tab changes
 * the stored state, it looks whether one is due; if so it copies that announcement's server HTML
 * into the page as a native modal <dialog> (top layer, the page behind it inert, Escape as
 * `cancel`) and moves focus to it, so it is read as a whole (title, then message).
 *
 * × and Escape (the keyboard's close button) dismiss for good, like Got it; the action link opens
 * its page in a new tab and dismisses too; Remind later snoozes for 24 hours. The choice is saved
 * at once (a reload during the fade keeps it); the popup fades and leaves 300 ms later, gives focus
 * back to what had it, and the next one in line, if any, follows. A click outside does nothing: a
 * stray click should not permanently hide news the visitor has not read. One that is open closes
 * without a word when another tab dismissed or snoozed it.
 */
export function watchForDueAnnouncements() {
  const state = createState();
  let shown: { id: string; dialog: HTMLDialogElement } | null = null;

  const remove = () => {
    shown?.dialog.remove();
    shown = null;
  };

  const show = (id: string) => {
    const template = document.querySelector<HTMLTemplateElement>(
      `template[${ANNOUNCEMENT_TEMPLATE_ATTRIBUTE}="${id}"]`,
    );
    const dialog = template?.content.firstElementChild?.cloneNode(true);
    if (!(dialog instanceof HTMLDialogElement)) return;
    const active = document.activeElement;
    const origin = active instanceof HTMLElement && active !== document.body ? active : null;
    let closing = false;
    const finish = (outcome: Outcome) => {
      if (closing) return;
      closing = true;
      state.close(id, outcome, Date.now());
      dialog.classList.remove('opacity-100');
      dialog.classList.add(...FADING_CLASSES);
      window.setTimeout(() => {
        dialog.close();
        if (shown?.dialog === dialog) remove();
        if (origin?.isConnected) origin.focus();
        check();
      }, CLOSE_DELAY_MS);
    };
    dialog.addEventListener('cancel', (event) => {
      event.preventDefault();
      finish('dismissed');
    });
    dialog.addEventListener('click', (event) => {
      const control =
        event.target instanceof Element ? event.target.closest(`[${ANNOUNCEMENT_CLOSE_ATTRIBUTE}]`) : null;
      const outcome = control?.getAttribute(ANNOUNCEMENT_CLOSE_ATTRIBUTE);
      if (outcome !== 'dismissed' && outcome !== 'snoozed') return;
      const kind = control?.getAttribute(ANNOUNCEMENT_HAPTIC_ATTRIBUTE);
      if (kind) haptic(kind as Haptic);
      finish(outcome);
    });
    document.body.append(dialog);
    shown = { id, dialog };
    dialog.showModal();
    dialog.focus();
  };

  const check = () => {
    const now = Date.now();
    if (!shown && !announcementMayBeDue(storage(), now)) return;
    const current = state.refresh(now);
    if (shown) {
      if (isDue(current, shown.id, now)) return;
      remove(); // dismissed or snoozed in another tab
    }
    const next = nextAnnouncement(ANNOUNCEMENTS, current, now);
    if (next) show(next.id);
  };

  const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
  idle(check);
  window.setInterval(check, RECHECK_MS);
  window.addEventListener('storage', (event) => {
    // key null: the other tab cleared its whole storage.
    if (event.key === null || event.key === DISMISSED_ANNOUNCEMENTS_KEY || event.key === SNOOZED_ANNOUNCEMENTS_KEY)
      check();
  });
}
