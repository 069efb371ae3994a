import type { ClientDirective } from 'astro';
import { afterFirstPaint } from './after-first-paint.ts';
import { hydrateKeepingEntries } from './entered-values.ts';

/** The first sign that someone is about to use the island: hover, touch, focus or a key. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;
/**
 * `press`: only a use of the island itself. A pointer that moves over it or presses it (not a
 * finger: a swipe that scrolls the page starts with a touch too), a click, focus or a key. No
 * `pointerover`: a wheel moves the page under a still mouse, and Chrome then reports the elements
 * that came under it as hovered.
 */
const PRESS_EVENTS = ['pointermove', 'pointerdown', 'click', 'focusin', 'keydown'] as const;

/** Mirrors SESSION_HINT_ATTRIBUTE (stores/session-hint.ts): directives are inlined, self-contained. */
const SIGNED_IN = 'data-signed-in';
/** Set on an island that will hydrate at idle without waiting for use (the browser tests wait for it). */
const HYDRATE_SOON_ATTRIBUTE = 'data-hydrate-soon';

/**
 * `client:interaction` hydrates an island at the first sign of use instead of at load. For a
 * server-rendered form that works without script (the landing search card), the page stays usable
 * before the code arrives, and the code costs nothing for a visitor who never touches it. A press
 * on a script-only button while the code loads is not lost: the page's early-input script
 * (ui/early-input.ts) keeps it and carries it out once the island has hydrated, as for every island.
 *
 * The value holds words:
 * - `signed-in` (the header): when the session hint says someone is signed in (`data-signed-in` on
 *   <html>, ui/shell-boot.ts) it hydrates once the page is idle, as their header has their own
 *   controls (dashboards, notifications, sign out) to show.
 * - `press` (the footer, the landing's cards, the pricing calculator): only a use of the island
 *   itself wakes it (PRESS_EVENTS), so scrolling past it runs nothing.
 * - `signed-in-visible` (the footer): for a signed-in visitor, it hydrates when scrolled into view,
 *   as its links of their role need their session.
 */
const interaction: ClientDirective = (load, options, element) => {
  const words = String(options.value ?? '').split(/\s+/);
  const events = words.includes('press') ? PRESS_EVENTS : INTENT_EVENTS;
  let started = false;
  let observer: IntersectionObserver | undefined;
  const hydrate = async (event?: Event) => {
    if (started) return;
    if (event instanceof PointerEvent && event.pointerType === 'touch' && events === PRESS_EVENTS) return;
    started = true;
    observer?.disconnect();
    for (const name of events) element.removeEventListener(name, hydrate, true);
    await hydrateKeepingEntries(load, element);
  };
  for (const name of events) element.addEventListener(name, hydrate, { passive: true, capture: true });
  const signedIn = document.documentElement.hasAttribute(SIGNED_IN);
  if (signedIn && words.includes('signed-in')) {
    element.setAttribute(HYDRATE_SOON_ATTRIBUTE, '');
    const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
    // Not before the page's first paint: an idle moment can come before it (see afterFirstPaint).
    afterFirstPaint(() => idle(() => void hydrate()));
  } else if (signedIn && words.includes('signed-in-visible') && typeof IntersectionObserver === 'function') {
    observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void hydrate();
    });
    for (const child of element.children) observer.observe(child);
  }
};

export default interaction;
