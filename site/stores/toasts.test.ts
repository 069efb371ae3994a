import { describe, expect, it, vi } from 'vitest';
import {
  $toasts,
  CARRY_OVER_KEY,
  dismissToast,
  restoreCarriedOverToast,
  toast,
  TOAST_DURATION_MS,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
} from './toasts.ts';

const storage = new Map<string, string>();
vi.stubGlobal('sessionStorage', {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => void storage.set(k, v),
  removeItem: (k: string) => void storage.delete(k),
});

describe('toasts', () => {
  it('uses the constants of the product rules', () => {
    expect([TOAST_LIMIT, TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS]).toEqual([1, 5000, 1_000_000]);
  });

  it('shows at most one toast: the newest replaces the one shown', () => {
    toast({ title: 'Message Sent' });
    const id = toast({
      title: 'Setup failed',
      description: 'Please try again or contact support.',
      variant: 'destructive',
    });
    expect($toasts.get()).toEqual([
      {
        id,
        title: 'Setup failed',
        description: 'Please try again or contact support.',
        variant: 'destructive',
        open: true,
      },
    ]);
  });

  it('closes a dismissed toast at once and removes it after the delay', () => {
    vi.useFakeTimers();
    try {
      const id = toast({ title: 'All notifications marked as read' });
      dismissToast(id);
      expect($toasts.get()[0]).toMatchObject({ id, open: false });
      vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
      expect($toasts.get().find((t) => t.id === id)).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it('carries a toast still on screen over to the next page, but not an old or dismissed one', () => {
    toast({
      title: 'Account Created Successfully!',
      description: 'You will be redirected shortly.',
      variant: 'success',
    });
    const saved = JSON.parse(storage.get(CARRY_OVER_KEY)!) as { shownAt: number };
    $toasts.set([]);
    restoreCarriedOverToast(saved.shownAt + 1000);
    expect($toasts.get()[0]).toMatchObject({ title: 'Account Created Successfully!', variant: 'success', open: true });

    $toasts.set([]);
    storage.set(CARRY_OVER_KEY, JSON.stringify({ title: 'Old', shownAt: Date.now() - TOAST_DURATION_MS - 1 }));
    restoreCarriedOverToast();
    expect($toasts.get()).toEqual([]);
    expect(storage.has(CARRY_OVER_KEY)).toBe(false);

    const id = toast({ title: 'Message Sent' });
    dismissToast(id);
    expect(storage.has(CARRY_OVER_KEY)).toBe(false);
  });
});
