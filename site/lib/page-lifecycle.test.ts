import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeWhileAway } from './page-lifecycle.ts';

/** `pagehide` / `pageshow` as the browser sends them; `persisted`: the page is going into, or coming out of, the back/forward cache. */
const pageEvent = (type: 'pagehide' | 'pageshow', persisted: boolean) =>
  window.dispatchEvent(Object.assign(new Event(type), { persisted }));

const stops: (() => void)[] = [];
beforeEach(() => vi.stubGlobal('window', new EventTarget()));
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  vi.unstubAllGlobals();
});

describe('closeWhileAway', () => {
  it('closes on every navigation away and reopens only when the page comes back from the cache', () => {
    const close = vi.fn();
    const reopen = vi.fn();
    stops.push(closeWhileAway({ close, reopen }));

    pageEvent('pagehide', true);
    expect(close).toHaveBeenCalledTimes(1);
    pageEvent('pageshow', true);
    expect(reopen).toHaveBeenCalledTimes(1);

    // A page not kept (a reload or a plain navigation away) is closed too, and never shown again.
    pageEvent('pagehide', false);
    expect(close).toHaveBeenCalledTimes(2);
    // The first show of a page is not a return: nothing to reopen.
    pageEvent('pageshow', false);
    expect(reopen).toHaveBeenCalledTimes(1);
  });

  it('does not reopen what it did not close, and stops listening when stopped', () => {
    const close = vi.fn();
    const reopen = vi.fn();
    const stop = closeWhileAway({ close, reopen });
    pageEvent('pageshow', true);
    expect(reopen).not.toHaveBeenCalled();
    stop();
    pageEvent('pagehide', true);
    pageEvent('pageshow', true);
    expect(close).not.toHaveBeenCalled();
    expect(reopen).not.toHaveBeenCalled();
  });
});
