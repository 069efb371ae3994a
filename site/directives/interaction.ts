import type { ClientDirective } from 'astro';
import { afterFirstPaint } from './after-first-paint.ts';

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

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * Text typed or a slider moved in the server HTML while the code loaded: React keeps what the field
 * shows but its state does not know it. Each such field goes back to its server value before
 * hydration and gets what was entered again after it, as an input event React hears. (Checkboxes
 * and buttons are left to the early-input script, which presses them again.)
 */
function keepEnteredValues(element: HTMLElement): () => void {
  const entered: [Field, string][] = [];
  for (const field of element.querySelectorAll<Field>('input, textarea')) {
    if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) continue;
    if (field.value === field.defaultValue) continue;
    entered.push([field, field.value]);
    field.value = field.defaultValue;
  }
  // React hydrates in a transition, after `astro:hydrate`: wait until it has claimed the fields.
  const claimed = () => entered.every(([field]) => Object.keys(field).some((key) => key.startsWith('__reactProps$')));
  const replay = (tries: number) => {
    if (!claimed() && tries > 0) return void requestAnimationFrame(() => replay(tries - 1));
    for (const [field, value] of entered) {
      const prototype = field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };
  return () => {
    if (entered.length > 0) replay(120);
  };
}

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
    const run = await load();
    const restore = keepEnteredValues(element);
    element.addEventListener('astro:hydrate', restore, { once: true });
    await run();
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
