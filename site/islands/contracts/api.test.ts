import { afterEach, describe, expect, it, vi } from 'vitest';
import { $notificationsArrived } from '../notifications/unread.ts';
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
});
