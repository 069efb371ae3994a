/**
 * Calls `then` once the browser reports the page's first contentful paint: after the server HTML,
 * with a signed-in page's data, is on screen, not only once a frame has been produced. A frame's
 * `requestAnimationFrame` callback runs before that frame is presented, so island code loaded from
 * there was fetched and run before the paint was recorded: on a slow link it shared the bandwidth
 * with the page's first paint, and Lighthouse counted its download in the first paint (about 1 s
 * on its mobile profile, against 0.2 s for the public pages, which load no island code).
 *
 * Bundled into each directive that imports it (directives are inlined in the page).
 */
export function afterFirstPaint(then: () => void): void {
  // A hidden tab paints nothing, and nothing waits for a paint there.
  if (document.visibilityState === 'hidden') return then();
  if (performance.getEntriesByName('first-contentful-paint').length > 0) return then();
  let done = false;
  let observer: PerformanceObserver | undefined;
  const onHidden = () => document.visibilityState === 'hidden' && run();
  const run = () => {
    if (done) return;
    done = true;
    observer?.disconnect();
    document.removeEventListener('visibilitychange', onHidden);
    then();
  };
  const paintTiming =
    typeof PerformanceObserver === 'function' && !!PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (paintTiming) {
    observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) run();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  // Without paint timing, a second after the first frame; with it, a safety net for a paint that is
  // never reported, long enough not to run ahead of a slow one. Hidden before its paint: now.
  requestAnimationFrame(() => setTimeout(run, paintTiming ? UNREPORTED_PAINT_DELAY_MS : NO_PAINT_TIMING_DELAY_MS));
  document.addEventListener('visibilitychange', onHidden);
}

const NO_PAINT_TIMING_DELAY_MS = 1_000;
const UNREPORTED_PAINT_DELAY_MS = 5_000;
