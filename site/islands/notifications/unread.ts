import { atom } from 'nanostores';
import { getJson } from '../../lib/api.ts';
import { closeWhileAway } from '../../lib/page-lifecycle.ts';

/** The signed-in user's unread count, shown on the bell. */
export const $unreadCount = atom(0);

export const UNREAD_COUNT_URL = '/api/notifications/unread-count';
export const STREAM_URL = '/api/notifications/stream';
/** Refetched every 30 seconds for signed-in users (docs/product.md#notifications). */
export const POLL_INTERVAL_MS = 30_000;

/**
 * How many times the count has risen while the bell follows it: each rise is at least one new
 * notification for this user, so something about their jobs, contracts or money has just changed.
 * Lists that no stream of their own keeps current read again on it (site/islands/contracts/api.ts).
 * The first count the bell learns is a rise only against the count the page was rendered with
 * (`pageRenderedWithCount`), read on the server before the page's data.
 */
export const $notificationsArrived = atom(0);
/** The last count the server gave, or null before the first since the bell started following. */
let lastCount: number | null = null;
/** The count read on the server before the page's data, once the page hands it over. */
let renderedCount: number | null = null;

const arrived = () => $notificationsArrived.set($notificationsArrived.get() + 1);

function countIs(count: number) {
  const before = lastCount ?? renderedCount;
  if (before !== null && count > before) arrived();
  lastCount = count;
  $unreadCount.set(count);
}

/**
 * The unread count the server read before this page's data (site/lib/first-reads.ts, `readBefore`).
 * A notification that came after it is not in the data, though it may be in the bell's first
 * count: that count is then a rise, whichever of the two is known first. The first call counts.
 */
export function pageRenderedWithCount(count: number) {
  if (renderedCount !== null) return;
  renderedCount = count;
  if (lastCount !== null && lastCount > count) arrived();
}

/** Whether the current run of failures was already reported (a success ends the run). */
let failureReported = false;

/**
 * Fetches the count now; a failure keeps the last known count (the next poll tries again) and is
 * reported once, through `onFailure` (docs/product.md#notifications: 'Failed to fetch unread count'), not again on
 * each retry until a fetch has succeeded.
 */
export async function refreshUnreadCount(onFailure?: () => void): Promise<void> {
  try {
    const answer = await getJson<{ count: number }>(UNREAD_COUNT_URL, { on401: 'returnNull' });
    if (answer && typeof answer.count === 'number') countIs(answer.count);
    failureReported = false;
  } catch {
    // Offline or a server error: polling is the fallback, so wait for the next tick.
    if (failureReported) return;
    failureReported = true;
    onFailure?.();
  }
}

/**
 * Follows the count while the bell is mounted (only for signed-in users): the server-sent event
 * stream updates it at once, and polling every 30 s stays as the fallback for when the stream is
 * blocked or down. Returns the function that stops both (sign-out, unmount).
 *
 * The stream is closed when the page is hidden for a navigation (`pagehide`) and opened again if
 * the browser brings the page back from its back/forward cache: a page kept there with its stream
 * open holds one of the six connections a browser allows a server over HTTP/1.1, and a few such
 * pages left the next page's own request waiting (`closeWhileAway`, lib/page-lifecycle.ts).
 */
export function followUnreadCount(onFailure?: () => void): () => void {
  void refreshUnreadCount(onFailure);
  const timer = window.setInterval(() => void refreshUnreadCount(onFailure), POLL_INTERVAL_MS);
  let source: EventSource | null = null;
  const open = () => {
    if (typeof EventSource === 'undefined') return;
    source = new EventSource(STREAM_URL);
    source.addEventListener('unread-count', (event) => {
      try {
        const { count } = JSON.parse((event as MessageEvent<string>).data) as { count?: unknown };
        if (typeof count === 'number') countIs(count);
      } catch {
        // A malformed event: the next one or the next poll corrects the count.
      }
    });
  };
  const close = () => {
    source?.close();
    source = null;
  };
  open();
  const stopClosingWhileAway = closeWhileAway({
    close,
    reopen: () => {
      open();
      // What changed while the page was away reached no stream.
      void refreshUnreadCount(onFailure);
    },
  });
  return () => {
    window.clearInterval(timer);
    stopClosingWhileAway();
    close();
    lastCount = null;
    renderedCount = null;
    $unreadCount.set(0);
  };
}
