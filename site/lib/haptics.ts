/**
 * Haptics (docs/product.md#site): a light 10 ms, medium 20 ms or heavy 30 ms vibration, and a warning
 * pattern for destructive buttons (two heavy pulses around a pause: docs/decisions.md). Only where
 * the browser can vibrate, and never when the visitor asks for reduced motion.
 */
export const HAPTIC_PATTERNS = {
  light: 10,
  medium: 20,
  heavy: 30,
  warning: [30, 60, 30],
} as const satisfies Record<string, number | readonly number[]>;

export type Haptic = keyof typeof HAPTIC_PATTERNS;

export function haptic(kind: Haptic): void {
  if (typeof navigator === 'undefined' || typeof navigator.vibrate !== 'function') return;
  if (typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const pattern = HAPTIC_PATTERNS[kind];
  try {
    navigator.vibrate(typeof pattern === 'number' ? pattern : [...pattern]);
  } catch {
    // Some browsers refuse vibration without a user gesture: the press still works.
  }
}
