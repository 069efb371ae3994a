import { describe, expect, it, vi } from 'vitest';
import { $toasts, dismissToast, toast, TOAST_DURATION_MS, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from './toasts.ts';

describe('toasts', () => {
  it('uses the constants of spec section 9', () => {
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
});
