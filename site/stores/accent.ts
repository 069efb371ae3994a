/**
 * Accent colour rules of spec section 9, as pure functions shared by the theme store, the
 * accent popover and the inline script that applies the theme before first paint.
 */
export type Accent = { h: number; s: number; l: number; preset?: string };
export type Theme = 'light' | 'dark';

export const DEFAULT_ACCENT: Accent = { h: 180, s: 85, l: 55, preset: 'Bright Teal' };

export const ACCENT_PRESETS: readonly (Accent & { preset: string })[] = [
  { preset: 'Bright Teal', h: 180, s: 85, l: 55 },
  { preset: 'Blue', h: 220, s: 85, l: 55 },
  { preset: 'Red', h: 0, s: 85, l: 55 },
  { preset: 'Green', h: 140, s: 65, l: 50 },
  { preset: 'Purple', h: 270, s: 85, l: 55 },
  { preset: 'Orange', h: 25, s: 85, l: 60 },
  { preset: 'Pink', h: 330, s: 85, l: 55 },
  { preset: 'Yellow', h: 60, s: 85, l: 55 },
];

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));

/** Hue 0-360, saturation and lightness 0-100, whole steps; anything else falls back to the default. */
export function normaliseAccent(value: unknown): Accent {
  if (!value || typeof value !== 'object') return DEFAULT_ACCENT;
  const { h, s, l, preset } = value as Record<string, unknown>;
  if (![h, s, l].every((n) => typeof n === 'number' && Number.isFinite(n))) return DEFAULT_ACCENT;
  return {
    h: clamp(h as number, 0, 360),
    s: clamp(s as number, 0, 100),
    l: clamp(l as number, 0, 100),
    ...(typeof preset === 'string' ? { preset } : {}),
  };
}

/** Spec: above 50 % lightness the text on the accent is dark, otherwise white. */
export function accentForeground(accent: Accent): string {
  return accent.l > 50 ? 'hsl(222 47% 11%)' : 'hsl(0 0% 100%)';
}

/**
 * The accent used as text and borders on the page background, nudged for contrast: never
 * lighter than 45 % on the light theme, never darker than 60 % on the dark one.
 */
export function accentOnBackground(accent: Accent, theme: Theme): string {
  const l = theme === 'light' ? Math.min(accent.l, 45) : Math.max(accent.l, 60);
  return `hsl(${accent.h} ${accent.s}% ${l}%)`;
}

export function accentVariables(accent: Accent, theme: Theme): Record<string, string> {
  return {
    '--accent': `hsl(${accent.h} ${accent.s}% ${accent.l}%)`,
    '--accent-foreground': accentForeground(accent),
    '--accent-text': accentOnBackground(accent, theme),
  };
}

export const THEME_KEY = 'marketplace:theme';
export const ACCENT_KEY = 'marketplace:accent';
