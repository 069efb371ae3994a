import { afterAll, vi } from 'vitest';

/**
 * The unit project's setup file. Its files share their worker thread (vitest.config.ts, isolate:
 * false), so what a file stubs ends with the file: its stubbed globals (fetch, window,
 * sessionStorage…), its fake timers and its spies. Without it, a file that stubs `fetch` at its top
 * answered the next file's HTTP calls.
 */
afterAll(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});
