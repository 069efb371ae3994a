import { describe, expect, it } from 'vitest';
import { THEME_BOOT_SCRIPT } from '../ui/theme-boot.ts';
import {
  ACCENT_KEY,
  ACCENT_PRESETS,
  DEFAULT_ACCENT,
  THEME_KEY,
  accentForeground,
  accentTextLightness,
  accentVariables,
  normaliseAccent,
  type Accent,
  type Theme,
} from './accent.ts';

describe('accent rules', () => {
  it('defaults to hue 180, saturation 85, lightness 55', () => {
    expect(DEFAULT_ACCENT).toMatchObject({ h: 180, s: 85, l: 55 });
  });

  it('has the eight presets with their exact values', () => {
    expect(ACCENT_PRESETS.map(({ preset, h, s, l }) => [preset, h, s, l])).toEqual([
      ['Bright Teal', 180, 85, 55],
      ['Blue', 220, 85, 55],
      ['Red', 0, 85, 55],
      ['Green', 140, 65, 50],
      ['Purple', 270, 85, 55],
      ['Orange', 25, 85, 60],
      ['Pink', 330, 85, 55],
      ['Yellow', 60, 85, 55],
    ]);
  });

  it('puts dark text on an accent lighter than 50 %, white otherwise', () => {
    expect(accentForeground({ h: 0, s: 0, l: 51 })).toBe('hsl(222 47% 11%)');
    expect(accentForeground({ h: 0, s: 0, l: 50 })).toBe('hsl(0 0% 100%)');
  });

  it('gives accent text at least 4.5:1 contrast on every surface of each theme, changing it no more than needed', () => {
    const luminance = (h: number, s: number, l: number) => {
      const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
      return [0, 8, 4].reduce((sum, n, i) => {
        const k = (n + h / 30) % 12;
        const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
        const linear = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        return sum + linear * [0.2126, 0.7152, 0.0722][i]!;
      }, 0);
    };
    const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    // The surfaces of site/styles/global.css.
    const surfaces = {
      light: [luminance(210, 40, 98), luminance(0, 0, 100), luminance(210, 40, 94)],
      dark: [luminance(222, 47, 7), luminance(222, 40, 11), luminance(222, 32, 16)],
    };
    for (const theme of ['light', 'dark'] as const) {
      for (const accent of [...ACCENT_PRESETS, { h: 200, s: 100, l: 20 }, { h: 50, s: 100, l: 95 }]) {
        const l = accentTextLightness(accent.h, accent.s, accent.l, theme);
        const text = luminance(accent.h, accent.s, l);
        for (const surface of surfaces[theme])
          expect(contrast(text, surface), `${theme} ${accent.h}`).toBeGreaterThanOrEqual(4.5);
        // Already readable colours are left alone.
        if (l !== accent.l) {
          const lessChanged = l + (theme === 'light' ? 1 : -1);
          expect(
            Math.min(...surfaces[theme].map((s) => contrast(luminance(accent.h, accent.s, lessChanged), s))),
          ).toBeLessThan(4.5);
        }
      }
    }
    expect(accentTextLightness(200, 100, 20, 'light')).toBe(20);
    expect(accentVariables({ h: 180, s: 85, l: 55 }, 'dark')['--accent-text']).toBe('hsl(180 85% 55%)');
  });

  it('clamps and rounds stored values, and falls back to the default for garbage', () => {
    expect(normaliseAccent({ h: 400.4, s: -3, l: 55.6 })).toEqual({ h: 360, s: 0, l: 56 });
    expect(normaliseAccent('purple')).toEqual(DEFAULT_ACCENT);
    expect(normaliseAccent({ h: 'x', s: 1, l: 1 })).toEqual(DEFAULT_ACCENT);
  });
});

/** Runs the inline boot script against a fake page with the given local storage. */
function boot(storage: Record<string, string>) {
  const properties: Record<string, string> = {};
  const root = {
    dataset: {} as Record<string, string>,
    style: { setProperty: (k: string, v: string) => (properties[k] = v) },
  };
  const localStorage = { getItem: (key: string) => storage[key] ?? null };
  new Function('document', 'localStorage', THEME_BOOT_SCRIPT)({ documentElement: root }, localStorage);
  return { theme: root.dataset.theme, properties };
}

describe('theme boot script (applied before first paint)', () => {
  it('is dark with the default accent when nothing is saved', () => {
    expect(boot({})).toEqual({ theme: 'dark', properties: accentVariables(DEFAULT_ACCENT, 'dark') });
  });

  it.each<[Theme, Accent]>([
    ['light', { h: 60, s: 85, l: 55 }],
    ['dark', { h: 220, s: 85, l: 30 }],
    ['light', { h: 140, s: 65, l: 50 }],
    ['dark', { h: 0, s: 100, l: 100 }],
  ])('applies the saved %s theme and accent exactly as the stores do', (theme, accent) => {
    const result = boot({ [THEME_KEY]: theme, [ACCENT_KEY]: JSON.stringify(accent) });
    expect(result).toEqual({ theme, properties: accentVariables(accent, theme) });
  });

  it('survives corrupt storage', () => {
    expect(boot({ [THEME_KEY]: 'neon', [ACCENT_KEY]: '{not json' }).theme).toBe('dark');
  });
});
