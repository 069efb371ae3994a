import { ACCENT_KEY, DEFAULT_ACCENT, THEME_KEY, accentTextLightness } from '../stores/accent.ts';

/**
 * Runs inline in <head> before first paint: applies the saved theme and accent (no flash of the
 * wrong theme) with the same rules as `accentVariables`, which a unit test holds it to.
 */
export const THEME_BOOT_SCRIPT = `(function () {
  var root = document.documentElement, theme = 'dark', accent = ${JSON.stringify(DEFAULT_ACCENT)};
  try {
    if (localStorage.getItem(${JSON.stringify(THEME_KEY)}) === 'light') theme = 'light';
    var saved = JSON.parse(localStorage.getItem(${JSON.stringify(ACCENT_KEY)}) || 'null');
    if (saved && [saved.h, saved.s, saved.l].every(function (n) { return typeof n === 'number' && isFinite(n); })) {
      accent = {
        h: Math.min(360, Math.max(0, Math.round(saved.h))),
        s: Math.min(100, Math.max(0, Math.round(saved.s))),
        l: Math.min(100, Math.max(0, Math.round(saved.l)))
      };
    }
  } catch (e) {}
  root.dataset.theme = theme;
  var textLightness = ${accentTextLightness.toString()};
  var textL = textLightness(accent.h, accent.s, accent.l, theme);
  root.style.setProperty('--accent', 'hsl(' + accent.h + ' ' + accent.s + '% ' + accent.l + '%)');
  root.style.setProperty('--accent-foreground', accent.l > 50 ? 'hsl(222 47% 11%)' : 'hsl(0 0% 100%)');
  root.style.setProperty('--accent-text', 'hsl(' + accent.h + ' ' + accent.s + '% ' + textL + '%)');
})();`;
