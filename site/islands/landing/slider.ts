/** Slider defaults (docs/product.md#site): Page Up and Page Down move 10 steps. */
export const SLIDER_PAGE_STEPS = 10;

export type SliderRange = { min: number; max: number; step: number };

/**
 * The value after Page Up or Page Down (10 steps, kept in range), or null for any other key so the
 * native range input handles it. Native browsers page by a tenth of the range instead.
 */
export function pagedValue(key: string, value: number, range: SliderRange): number | null {
  const direction = key === 'PageUp' ? 1 : key === 'PageDown' ? -1 : 0;
  if (direction === 0) return null;
  const next = value + direction * range.step * SLIDER_PAGE_STEPS;
  return Math.min(range.max, Math.max(range.min, next));
}
