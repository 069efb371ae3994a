import type { ClientDirective } from 'astro';

/** The first sign that someone is about to use the island: hover, touch, focus or a key. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * `client:interaction` hydrates an island at the first sign of use instead of at load. For a
 * server-rendered form that works without script (the landing search card), the page stays usable
 * before the code arrives, and the code costs nothing for a visitor who never touches it. A press
 * on a script-only button (`type="button"`) while the code loads is replayed once it is running.
 */
const interaction: ClientDirective = (load, _options, element) => {
  let started = false;
  let pressed: HTMLElement | null = null;
  const rememberPress = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.('button[type="button"]');
    if (button instanceof HTMLElement) pressed = button;
  };
  const hydrate = async () => {
    if (started) return;
    started = true;
    for (const name of INTENT_EVENTS) element.removeEventListener(name, hydrate);
    element.addEventListener('click', rememberPress, true);
    try {
      const run = await load();
      await run();
    } finally {
      element.removeEventListener('click', rememberPress, true);
    }
    if (pressed?.isConnected) pressed.click();
  };
  for (const name of INTENT_EVENTS) element.addEventListener(name, hydrate, { passive: true });
};

export default interaction;
