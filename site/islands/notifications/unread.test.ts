import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationBellMessages } from '../../i18n/messages/notification-bell.ts';
import {
  $notificationsArrived,
  $unreadCount,
  followUnreadCount,
  pageRenderedWithCount,
  refreshUnreadCount,
} from './unread.ts';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const answers = (status: number, body = '') => fetchMock.mockResolvedValueOnce(new Response(body || null, { status }));

describe('the unread count poll', () => {
  it('reports a failure once, not on every retry, and again after the count came back', async () => {
    const onFailure = vi.fn();
    answers(200, '{"count":4}');
    await refreshUnreadCount(onFailure);
    expect($unreadCount.get()).toBe(4);

    answers(503, '{"error":"The service is temporarily unavailable. Please try again shortly."}');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    answers(500);
    for (let poll = 0; poll < 3; poll++) await refreshUnreadCount(onFailure);
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect($unreadCount.get()).toBe(4);

    answers(200, '{"count":2}');
    await refreshUnreadCount(onFailure);
    expect($unreadCount.get()).toBe(2);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await refreshUnreadCount(onFailure);
    expect(onFailure).toHaveBeenCalledTimes(2);
  });

  it('does not call a signed-out answer a failure', async () => {
    const onFailure = vi.fn();
    answers(401, '{"error":"You must be signed in to do that."}');
    await refreshUnreadCount(onFailure);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('says the spec’s words, in both languages', () => {
    expect(notificationBellMessages.en.unreadFailed).toBe('Failed to fetch unread count');
    expect(notificationBellMessages.fr.unreadFailed).toBe(
      'Impossible de récupérer le nombre de notifications non lues',
    );
  });
});

/** EventSource as the browser has it: the streams opened, and which of them were closed. */
class FakeEventSource extends EventTarget {
  static opened: FakeEventSource[] = [];
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
}

/** The streams' tests put a page and an EventSource in place: each test starts without them. */
afterEach(() => {
  FakeEventSource.opened = [];
  vi.unstubAllGlobals();
  vi.stubGlobal('fetch', fetchMock);
});

describe('the unread count stream', () => {
  it('is closed while the page is away and opened again, with a fresh count, when it comes back', async () => {
    const page = Object.assign(new EventTarget(), { setInterval: () => 1, clearInterval: () => {} });
    vi.stubGlobal('window', page);
    vi.stubGlobal('EventSource', FakeEventSource);
    fetchMock.mockImplementation(async () => new Response('{"count":1}', { status: 200 }));
    const stop = followUnreadCount();
    expect(FakeEventSource.opened.map((source) => source.url)).toEqual(['/api/notifications/stream']);

    page.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: true }));
    expect(FakeEventSource.opened[0]!.closed).toBe(true);

    const fetchesBefore = fetchMock.mock.calls.length;
    page.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1]!.closed).toBe(false);
    expect(fetchMock.mock.calls.length).toBe(fetchesBefore + 1);

    stop();
    expect(FakeEventSource.opened[1]!.closed).toBe(true);
    // Stopped: a later return from the cache opens nothing.
    page.dispatchEvent(Object.assign(new Event('pagehide'), { persisted: true }));
    page.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    expect(FakeEventSource.opened).toHaveLength(2);
  });
});

describe('new notifications', () => {
  it('are the rises of the count the bell follows, not the count it starts from nor a fall', async () => {
    vi.stubGlobal('window', Object.assign(new EventTarget(), { setInterval: () => 1, clearInterval: () => {} }));
    vi.stubGlobal('EventSource', FakeEventSource);
    const unreadCount = (count: number) =>
      FakeEventSource.opened
        .at(-1)!
        .dispatchEvent(new MessageEvent('unread-count', { data: JSON.stringify({ count }) }));
    answers(200, '{"count":3}');
    const stop = followUnreadCount();
    await vi.waitFor(() => expect($unreadCount.get()).toBe(3));
    const before = $notificationsArrived.get();
    // The stream's first event repeats the count the page started with.
    unreadCount(3);
    expect($notificationsArrived.get()).toBe(before);
    unreadCount(4);
    expect($notificationsArrived.get()).toBe(before + 1);
    // Read on another tab: not new.
    unreadCount(1);
    expect($notificationsArrived.get()).toBe(before + 1);
    unreadCount(2);
    expect($notificationsArrived.get()).toBe(before + 2);
    stop();

    // Followed again (another page, another user): its first count is again where it starts.
    answers(200, '{"count":9}');
    const again = followUnreadCount();
    await vi.waitFor(() => expect($unreadCount.get()).toBe(9));
    expect($notificationsArrived.get()).toBe(before + 2);
    again();
  });

  it('counts a first count above the one the page was rendered with, whichever is known first', async () => {
    vi.stubGlobal('window', Object.assign(new EventTarget(), { setInterval: () => 1, clearInterval: () => {} }));
    vi.stubGlobal('EventSource', FakeEventSource);
    const start = $notificationsArrived.get();

    // The page was rendered with 2; the bell's first count is 3: one came in between.
    pageRenderedWithCount(2);
    answers(200, '{"count":3}');
    let stop = followUnreadCount();
    await vi.waitFor(() => expect($unreadCount.get()).toBe(3));
    expect($notificationsArrived.get()).toBe(start + 1);
    // Only the first rendered count counts (a later island hands over the same page's).
    pageRenderedWithCount(1);
    expect($notificationsArrived.get()).toBe(start + 1);
    stop();

    // The bell learned 5 before the page handed over its 4.
    answers(200, '{"count":5}');
    stop = followUnreadCount();
    await vi.waitFor(() => expect($unreadCount.get()).toBe(5));
    expect($notificationsArrived.get()).toBe(start + 1);
    pageRenderedWithCount(4);
    expect($notificationsArrived.get()).toBe(start + 2);
    stop();

    // Rendered with the count the bell then learns, or more (one was read since): nothing new.
    answers(200, '{"count":6}');
    stop = followUnreadCount();
    await vi.waitFor(() => expect($unreadCount.get()).toBe(6));
    pageRenderedWithCount(6);
    stop();
    pageRenderedWithCount(7);
    answers(200, '{"count":6}');
    stop = followUnreadCount();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    await vi.waitFor(() => expect($unreadCount.get()).toBe(6));
    expect($notificationsArrived.get()).toBe(start + 2);
    stop();
  });
});
