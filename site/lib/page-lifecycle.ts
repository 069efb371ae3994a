/**
 * Closes a long-lived connection (a server-sent event stream) while the page is away, and opens
 * it again if the browser brings the page back from its back/forward cache.
 *
 * `pagehide` comes before every navigation away; a page the browser keeps for a later "back" is
 * frozen with what it had open. An open stream there still holds its connection, and a browser
 * allows a server six at once over HTTP/1.1 (what `npm start` serves): a few such pages (two streams
 * each on a booking) left the next page's own request waiting for a free one, 30 s and more. This is
 * also what the back/forward cache asks of a page. `pageshow` with `persisted` is the page coming
 * back from that cache: the stream opens again and `reopen` fetches what it missed meanwhile.
 * Returns the function that stops listening.
 */
export function closeWhileAway({ close, reopen }: { close: () => void; reopen: () => void }): () => void {
  let away = false;
  const onPageHide = () => {
    away = true;
    close();
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (!event.persisted || !away) return;
    away = false;
    reopen();
  };
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);
  return () => {
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('pageshow', onPageShow);
  };
}
