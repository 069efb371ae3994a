import type { ClientDirective } from 'astro';

/** The first sign that someone is about to use the island: hover, touch, focus or a key. */
const INTENT_EVENTS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * `client:interaction` hydrates an island at the first sign of use instead of at load. For a
 * server-rendered form that works without script (the landing search card), the page stays usable
 * before the code arrives, and the code costs nothing for a visitor who never touches it. A press
 * on a script-only button while the code loads is not lost: the page's early-input script
 * (ui/early-input.ts) keeps it and carries it out once the island has hydrated, as for every island.
 */
const interaction: ClientDirective = (load, _options, element) => {
  let started = false;
  const hydrate = async () => {
    if (started) return;
    started = true;
    for (const name of INTENT_EVENTS) element.removeEventListener(name, hydrate);
    const run = await load();
    await run();
  };
  for (const name of INTENT_EVENTS) element.addEventListener(name, hydrate, { passive: true });
};

export default interaction;
