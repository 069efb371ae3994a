import { afterEach, describe, expect, it, vi } from 'vitest';
import { seedQueryCache } from '../../lib/query.ts';
import { $notificationsArrived, $unreadCount, followUnreadCount, UNREAD_COUNT_URL } from '../notifications/unread.ts';
import { $contract, $contracts, SECOND_READ_MS } from './api.ts';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => {
  fetchMock.mockReset();
  vi.useRealTimers();
});

const readsOf = (url: string) => fetchMock.mock.calls.filter(([input]) => String(input).endsWith(url)).length;
const arrives = () => $notificationsArrived.set($notificationsArrived.get() + 1);

describe('the contract and escrow lists', () => {
  it('are read again when a notification arrives while they are on screen, at once and a moment later', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => new Response('{"contracts":[]}', { status: 200 }));
    // Nobody shows a list yet: a notification reads nothing.
    arrives();
    await vi.advanceTimersByTimeAsync(SECOND_READ_MS);
    expect(fetchMock).not.toHaveBeenCalled();

    const stopList = $contracts.listen(() => {});
    await vi.waitFor(() => expect($contracts.get().data).toBeDefined());
    expect(readsOf('/api/contracts')).toBe(1);
    arrives();
    await vi.advanceTimersByTimeAsync(0);
    expect(readsOf('/api/contracts')).toBe(2);
    // Only what is on screen is read.
    expect(readsOf('/api/earnings')).toBe(0);
    await vi.waitFor(() => expect($contracts.get().loading).toBe(false));
    await vi.advanceTimersByTimeAsync(SECOND_READ_MS);
    expect(readsOf('/api/contracts')).toBe(3);

    // Off screen (past the stores' own unmount delay): nothing is read any more.
    stopList();
    await vi.advanceTimersByTimeAsync(5_000);
    const reads = fetchMock.mock.calls.length;
    arrives();
    await vi.advanceTimersByTimeAsync(SECOND_READ_MS);
    expect(fetchMock.mock.calls.length).toBe(reads);
  });

  it('include a contract’s own page: the other party’s signature shows there without a reload', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async () => new Response('{"jobId":"job-1"}', { status: 200 }));
    const stop = $contract('job-1').listen(() => {});
    await vi.waitFor(() => expect($contract('job-1').get().data).toBeDefined());
    expect(readsOf('/api/contracts/job-1')).toBe(1);
    arrives();
    await vi.advanceTimersByTimeAsync(0);
    expect(readsOf('/api/contracts/job-1')).toBe(2);
    // Another job's contract, not on screen, is not read.
    expect(readsOf('/api/contracts/job-2')).toBe(0);
    stop();
    await vi.advanceTimersByTimeAsync(5_000);
  });

  it('read a contract again when the bell’s first count is above the count the page was rendered with', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('window', Object.assign(new EventTarget(), { setInterval: () => 1, clearInterval: () => {} }));
    vi.stubGlobal('EventSource', undefined);
    // The server read the count (1), then the contract; a signature came in before the bell's first count (2).
    seedQueryCache({ [UNREAD_COUNT_URL]: { count: 1 }, '/api/contracts/job-3': { jobId: 'job-3' } });
    fetchMock.mockImplementation(
      async (input) =>
        new Response(String(input).endsWith(UNREAD_COUNT_URL) ? '{"count":2}' : '{"jobId":"job-3"}', { status: 200 }),
    );
    const stopBell = followUnreadCount();
    await vi.waitFor(() => expect($unreadCount.get()).toBe(2));
    const stop = $contract('job-3').listen(() => {});
    await vi.advanceTimersByTimeAsync(0);
    // Rendered with the page, so not fetched on mount: this read is the rise's.
    expect(readsOf('/api/contracts/job-3')).toBe(1);
    stop();
    stopBell();
    await vi.advanceTimersByTimeAsync(5_000);
    vi.unstubAllGlobals();
    vi.stubGlobal('fetch', fetchMock);
  });
});
