import { useCallback, useRef, useState } from 'react';

export type OnDemand<T> = {
  /** The loaded module once `activate` has finished; null before. */
  loaded: T | null;
  /** True while `activate` waits for the chunk. */
  pending: boolean;
  /** Starts fetching the chunk (on hover or focus), so a click right after finds it ready. */
  warm: () => void;
  /** Fetches the chunk if needed, then renders with it. A failure is logged and can be retried. */
  activate: () => Promise<void>;
};

/**
 * Code a person may never use (a popover, a menu, a sheet) stays out of the first load: the island
 * renders a light stand-in and swaps in the real component on first use.
 */
export function useOnDemand<T>(load: () => Promise<T>, onError?: (error: unknown) => void): OnDemand<T> {
  const [loaded, setLoaded] = useState<T | null>(null);
  const [pending, setPending] = useState(false);
  const request = useRef<Promise<T> | null>(null);
  const loadRef = useRef(load);
  loadRef.current = load;
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  const fetchOnce = useCallback(() => {
    if (!request.current) {
      const attempt = loadRef.current();
      request.current = attempt;
      // A failed fetch (offline, a deploy replaced the chunk) may be retried by the next use.
      attempt.catch(() => {
        if (request.current === attempt) request.current = null;
      });
    }
    return request.current;
  }, []);

  const warm = useCallback(() => {
    fetchOnce().catch(() => {});
  }, [fetchOnce]);

  const activate = useCallback(async () => {
    setPending(true);
    try {
      const module = await fetchOnce();
      setLoaded(() => module);
    } catch (error) {
      console.error('a part of the page failed to load', error);
      onErrorRef.current?.(error);
    } finally {
      setPending(false);
    }
  }, [fetchOnce]);

  return { loaded, pending, warm, activate };
}
