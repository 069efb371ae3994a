import { describe, expect, it } from 'vitest';
import { THEME_BOOT_SCRIPT } from '../ui/theme-boot.ts';
import {
  ACCENT_KEY,
  ACCENT_PRESETS,
  DEFAULT_ACCENT,
  THEME_KEY,
  accentForeground,
  accentVariables,
  normaliseAccent,
  type Accent,
  type Theme,
} from './accent.ts';

describe('accent rules (spec section 9)', () => {
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

  it('adjusts accent text for contrast on each theme', () => {
    const yellow = { h: 60, s: 85, l: 55 };
    expect(accentVariables(yellow, 'light')['--accent-text']).toBe('hsl(60 85% 45%)');
    expect(accentVariables({ h: 220, s: 85, l: 30 }, 'dark')['--accent-text']).toBe('hsl(220 85% 60%)');
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
