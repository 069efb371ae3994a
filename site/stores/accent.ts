/**
 * Accent colour rules of docs/product.md#site, as pure functions shared by the theme store, the
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

/** Above 50 % lightness the text on the accent is dark, otherwise white (docs/product.md#site). */
export function accentForeground(accent: Accent): string {
  return accent.l > 50 ? 'hsl(222 47% 11%)' : 'hsl(0 0% 100%)';
}

/**
 * The lightness at which the accent, used as text or a border on the page, reaches WCAG's 4.5:1
 * contrast against the theme's surfaces (darkened on the light theme, lightened on the dark one).
 * Self-contained on purpose: the inline boot script embeds this function's source.
 */
export function accentTextLightness(h: number, s: number, l: number, theme: string): number {
  // Relative luminance of the theme's least favourable surface (surface-2 in global.css):
  // the light theme's darkest, the dark theme's lightest.
  const surface = theme === 'light' ? 0.862 : 0.0175;
  const step = theme === 'light' ? -1 : 1;
  for (let lightness = l; lightness >= 0 && lightness <= 100; lightness += step) {
    const a = (s / 100) * Math.min(lightness / 100, 1 - lightness / 100);
    const channels = [0, 8, 4];
    let luminance = 0;
    for (let i = 0; i < 3; i++) {
      const k = (channels[i]! + h / 30) % 12;
      const c = lightness / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
      const linear = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
      luminance += linear * [0.2126, 0.7152, 0.0722][i]!;
    }
    const contrast = theme === 'light' ? (surface + 0.05) / (luminance + 0.05) : (luminance + 0.05) / (surface + 0.05);
    if (contrast >= 4.5) return lightness;
  }
  return theme === 'light' ? 0 : 100;
}

export function accentOnBackground(accent: Accent, theme: Theme): string {
  return `hsl(${accent.h} ${accent.s}% ${accentTextLightness(accent.h, accent.s, accent.l, theme)}%)`;
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

/** Set on <html> by the theme store (./theme.ts) once it runs: from then on it owns the theme button. */
export const THEME_STORE_ATTRIBUTE = 'data-theme-store';
/** The header's theme button: a press toggles the theme in ui/theme-boot.ts before the header has code. */
export const THEME_TOGGLE_ATTRIBUTE = 'data-theme-toggle';
