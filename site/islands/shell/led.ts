import type { Accent } from '../../stores/accent.ts';

/** The LED panel is always dark; its text is the accent lit to at least 70 % for contrast on it. */
export const LED_MIN_LIGHTNESS = 70;

export function ledColour(accent: Accent): string {
  return `hsl(${accent.h} ${accent.s}% ${Math.max(accent.l, LED_MIN_LIGHTNESS)}%)`;
}
