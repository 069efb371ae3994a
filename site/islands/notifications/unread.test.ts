import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationBellMessages } from '../../i18n/messages/notification-bell.ts';
import { $unreadCount, refreshUnreadCount } from './unread.ts';

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
