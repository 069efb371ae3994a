import { persistentAtom } from '@nanostores/persistent';
import {
  ACCENT_KEY,
  DEFAULT_ACCENT,
  THEME_KEY,
  THEME_STORE_ATTRIBUTE,
  accentVariables,
  normaliseAccent,
  type Accent,
  type Theme,
} from './accent.ts';

export * from './accent.ts';

/** Dark by default; kept in local storage (docs/product.md#site). Guarded for server rendering by the library. */
export const $theme = persistentAtom<Theme>(THEME_KEY, 'dark', {
  encode: (value) => value,
  decode: (value) => (value === 'light' ? 'light' : 'dark'),
});

export const $accent = persistentAtom<Accent>(ACCENT_KEY, DEFAULT_ACCENT, {
  encode: JSON.stringify,
  decode: (value) => {
    try {
      return normaliseAccent(JSON.parse(value));
    } catch {
      return DEFAULT_ACCENT;
    }
  },
});

export function applyTheme(theme: Theme, accent: Accent) {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.dataset.theme = theme;
  for (const [name, value] of Object.entries(accentVariables(accent, theme))) root.style.setProperty(name, value);
}

export function toggleTheme() {
  $theme.set($theme.get() === 'dark' ? 'light' : 'dark');
}

export function setAccent(accent: Accent) {
  $accent.set(normaliseAccent(accent));
}

export function resetAccent() {
  $accent.set(DEFAULT_ACCENT);
}

if (typeof document !== 'undefined') {
  // From now on the theme button's presses are this store's (see ui/theme-boot.ts).
  document.documentElement.setAttribute(THEME_STORE_ATTRIBUTE, '');
  $theme.subscribe((theme) => applyTheme(theme, $accent.get()));
  $accent.subscribe((accent) => applyTheme($theme.get(), accent));
}
