import type { ClientDirective } from 'astro';
import { afterFirstPaint } from './after-first-paint.ts';
import { hydrateKeepingEntries } from './entered-values.ts';

/**
 * `client:painted` hydrates an island right after the browser has painted the page's first
 * content, instead of at load (`client:load`). A signed-in page is rendered on the server with its
 * first data in it, so what the visitor needs first is that paint. With `client:load` the island's
 * code often arrives before the first frame (from the cache, or on a fast link) and the browser
 * runs React's hydration first: on a slow phone the page's data then shows a few hundred
 * milliseconds later than its HTML allows. The code is fetched only once the paint is reported
 * (`afterFirstPaint`), so it does not share the link with the paint either. A press before
 * hydration is kept by the early-input script (ui/early-input.ts), as for every island, and what
 * was typed, ticked or chosen in its fields meanwhile is handed to React (`hydrateKeepingEntries`).
 */
const painted: ClientDirective = (load, _options, element) => {
  afterFirstPaint(() => void hydrateKeepingEntries(load, element));
};

export default painted;
