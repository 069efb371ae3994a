import { atom } from 'nanostores';
import { haptic } from '../lib/haptics.ts';

export type ToastVariant = 'default' | 'destructive' | 'success';
export type Toast = { id: number; title: string; description?: string; variant: ToastVariant; open: boolean };
type ToastInput = { title: string; description?: string; variant?: ToastVariant };

/** One toast at a time; the newest replaces what is shown (docs/product.md#site). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** How long a dismissed toast stays in the list (for its exit animation and screen readers). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** A toast shown just before a page change survives it (for its remaining display time). */
export const CARRY_OVER_KEY = 'marketplace:toast';

/**
 * The toast host (islands/shell/Toaster.tsx) loads on demand (`client:request`): <html> holds
 * `data-toaster` while it runs; until then a toast asks for it with `data-toast-waiting` (its
 * value says why: `toast`, `carried` from the previous page, or `hotkey` for F8).
 */
export const TOASTER_ATTRIBUTE = 'data-toaster';
export const TOAST_WAITING_ATTRIBUTE = 'data-toast-waiting';

export const $toasts = atom<Toast[]>([]);
let nextId = 1;

function askForToaster() {
  const root = typeof document === 'undefined' ? null : document.documentElement;
  if (root && !root.hasAttribute(TOASTER_ATTRIBUTE)) root.setAttribute(TOAST_WAITING_ATTRIBUTE, 'toast');
}

function show(input: ToastInput): number {
  const id = nextId++;
  const entry: Toast = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    open: true,
  };
  $toasts.set([entry, ...$toasts.get()].slice(0, TOAST_LIMIT));
  askForToaster();
  return id;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Privacy modes may refuse access: the toast simply does not carry over.
    return null;
  }
}

export function toast(input: ToastInput): number {
  const id = show(input);
  // A failure is felt as well as seen (a heavy pulse), where the device can.
  if (input.variant === 'destructive') haptic('heavy');
  storage()?.setItem(CARRY_OVER_KEY, JSON.stringify({ ...input, shownAt: Date.now() }));
  return id;
}

/** Called once per page by the toaster: shows the previous page's toast if it was still on screen. */
export function restoreCarriedOverToast(now = Date.now()) {
  const store = storage();
  const saved = store?.getItem(CARRY_OVER_KEY);
  store?.removeItem(CARRY_OVER_KEY);
  if (!saved) return;
  try {
    const { shownAt, ...input } = JSON.parse(saved) as ToastInput & { shownAt: number };
    if (typeof shownAt === 'number' && now - shownAt < TOAST_DURATION_MS && typeof input.title === 'string') {
      show(input);
    }
  } catch {
    // Corrupt storage: nothing to restore.
  }
}

export function dismissToast(id: number) {
  storage()?.removeItem(CARRY_OVER_KEY);
  $toasts.set($toasts.get().map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => $toasts.set($toasts.get().filter((t) => t.id !== id)), TOAST_REMOVE_DELAY_MS);
}
