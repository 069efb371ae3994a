import { atom } from 'nanostores';

export type ToastVariant = 'default' | 'destructive' | 'success';
export type Toast = { id: number; title: string; description?: string; variant: ToastVariant; open: boolean };

/** Spec section 9: one toast at a time; the newest replaces what is shown. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** How long a dismissed toast stays in the list (for its exit animation and screen readers). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;

export const $toasts = atom<Toast[]>([]);
let nextId = 1;

export function toast(input: { title: string; description?: string; variant?: ToastVariant }): number {
  const id = nextId++;
  const entry: Toast = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    open: true,
  };
  $toasts.set([entry, ...$toasts.get()].slice(0, TOAST_LIMIT));
  return id;
}

export function dismissToast(id: number) {
  $toasts.set($toasts.get().map((t) => (t.id === id ? { ...t, open: false } : t)));
  setTimeout(() => $toasts.set($toasts.get().filter((t) => t.id !== id)), TOAST_REMOVE_DELAY_MS);
}
