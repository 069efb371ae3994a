import type { ClientDirective } from 'astro';

/** The first sign that someone is about to use the island: hover, touch, focus or a key. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

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
 * `client:interaction="signed-in"` (the header): the same, but when the session hint says someone
 * is signed in (`data-signed-in` on <html>, ui/shell-boot.ts) it hydrates once the page is idle, as
 * their header has their own controls (dashboards, notifications, sign out) to show.
 */
const interaction: ClientDirective = (load, options, element) => {
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    for (const name of INTENT_EVENTS) element.removeEventListener(name, hydrate);
    const run = await load();
    await run();
  };
  for (const name of INTENT_EVENTS) element.addEventListener(name, hydrate, { passive: true });
  if (options.value === 'signed-in' && document.documentElement.hasAttribute(SIGNED_IN)) {
    element.setAttribute(HYDRATE_SOON_ATTRIBUTE, '');
    const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 200));
    idle(() => void hydrate());
  }
};

export default interaction;
