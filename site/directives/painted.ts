import type { ClientDirective } from 'astro';

/**
 * `client:painted` hydrates an island right after the browser has painted the page once, instead of
 * at load (`client:load`). A signed-in page is rendered on the server with its first data in it, so
 * what the visitor needs first is that paint. With `client:load` the island's code often arrives
 * before the first frame (from the cache, or on a fast link) and the browser runs React's hydration
 * first: on a slow phone the page's data then shows a few hundred milliseconds later than its HTML
 * allows. A task queued from an animation frame callback runs after that frame is painted. A hidden
 * tab paints no frames, so it hydrates at once. A press before hydration is kept by the early-input
 * script (ui/early-input.ts), as for every island.
 */
const painted: ClientDirective = (load) => {
  const hydrate = async () => {
    const run = await load();
    await run();
  };
  if (document.visibilityState === 'hidden') void hydrate();
  else requestAnimationFrame(() => setTimeout(() => void hydrate(), 0));
};

export default painted;
