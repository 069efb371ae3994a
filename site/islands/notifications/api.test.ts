import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationList, notificationsUrl, safeActionPath, type ListState } from './api.ts';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const item = (id: string) => ({
  id,
  type: 'system',
  priority: 'normal',
  title: id,
  message: id,
  isRead: false,
  createdAt: '2026-05-04T14:00:00.000Z',
});

/** The list's states until it settles (not loading, and no page still coming). */
async function settled(list: ReturnType<typeof notificationList>): Promise<ListState> {
  return new Promise((resolve) => {
    const stop = list.subscribe((state) => {
      if (state.status === 'loading' || (state.status === 'ready' && state.loadingMore)) return;
      queueMicrotask(() => stop());
      resolve(state);
    });
  });
}

describe('the notification list’s pages', () => {
  it('asks for each page by filter, language and place', () => {
    expect(notificationsUrl('unread', 'fr', { limit: 20, offset: 40 })).toBe(
      '/api/notifications?unreadOnly=true&locale=fr&limit=20&offset=40',
    );
  });

  it('shows the pages in order, with more to load while the last page is full', async () => {
    fetchMock.mockImplementation(async (input) => {
      const offset = Number(new URL(String(input), 'http://x').searchParams.get('offset'));
      const page = offset === 0 ? [item('a'), item('b')] : [item('c')];
      return new Response(JSON.stringify(page), { status: 200 });
    });
    const first = await settled(notificationList('all', 'en', 2, 1));
    expect(first).toMatchObject({ status: 'ready', hasMore: true, loadingMore: false });
    const both = await settled(notificationList('all', 'en', 2, 2));
    expect(both.status === 'ready' && both.items.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(both).toMatchObject({ hasMore: false });
  });

  it('is an error when the first page cannot be read', async () => {
    fetchMock.mockResolvedValue(new Response('{"error":"down"}', { status: 503 }));
    expect(await settled(notificationList('unread', 'en', 5, 1))).toEqual({ status: 'error' });
  });

  it('follows only our own relative paths', () => {
    expect(safeActionPath('/bookings/1')).toBe('/bookings/1');
    expect(safeActionPath('//evil.example')).toBeNull();
    expect(safeActionPath(undefined)).toBeNull();
  });
});
