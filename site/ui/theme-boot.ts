import {
  ACCENT_KEY,
  DEFAULT_ACCENT,
  THEME_KEY,
  THEME_STORE_ATTRIBUTE,
  THEME_TOGGLE_ATTRIBUTE,
  accentTextLightness,
} from '../stores/accent.ts';

/**
 * Runs inline in <head> before first paint: applies the saved theme and accent (no flash of the
 * wrong theme) with the same rules as `accentVariables`, which a unit test holds it to.
 *
 * It also makes the header's theme button work before (and without) React: a press on the
 * `data-theme-toggle` button switches the theme, saves it where the theme store reads it, and
 * goes no further (the early-input script must not replay it). The button's icon and name follow
 * `data-theme` by CSS. Once the store has loaded (it marks <html> with `data-theme-store`), the
 * press is left to it: replayed after hydration like any other, so it toggles exactly once.
 */
export const THEME_BOOT_SCRIPT = `(function () {
  var root = document.documentElement, accent = ${JSON.stringify(DEFAULT_ACCENT)};
  var textLightness = ${accentTextLightness.toString()};
  function apply(theme) {
    root.dataset.theme = theme;
    var textL = textLightness(accent.h, accent.s, accent.l, theme);
    root.style.setProperty('--accent', 'hsl(' + accent.h + ' ' + accent.s + '% ' + accent.l + '%)');
    root.style.setProperty('--accent-foreground', accent.l > 50 ? 'hsl(222 47% 11%)' : 'hsl(0 0% 100%)');
    root.style.setProperty('--accent-text', 'hsl(' + accent.h + ' ' + accent.s + '% ' + textL + '%)');
  }
  function saved() {
    var theme = 'dark';
    try {
      if (localStorage.getItem(${JSON.stringify(THEME_KEY)}) === 'light') theme = 'light';
      var stored = JSON.parse(localStorage.getItem(${JSON.stringify(ACCENT_KEY)}) || 'null');
      if (stored && [stored.h, stored.s, stored.l].every(function (n) { return typeof n === 'number' && isFinite(n); })) {
        accent = {
          h: Math.min(360, Math.max(0, Math.round(stored.h))),
          s: Math.min(100, Math.max(0, Math.round(stored.s))),
          l: Math.min(100, Math.max(0, Math.round(stored.l)))
        };
      }
    } catch (e) {}
    return theme;
  }
  apply(saved());
  if (!document.addEventListener) return;
  document.addEventListener('click', function (event) {
    var target = event.target;
    if (!event.isTrusted || !target || !target.closest || root.hasAttribute(${JSON.stringify(THEME_STORE_ATTRIBUTE)})) return;
    if (!target.closest('[${THEME_TOGGLE_ATTRIBUTE}]')) return;
    var next = saved() === 'dark' ? 'light' : 'dark';
    try { localStorage.setItem(${JSON.stringify(THEME_KEY)}, next); } catch (e) {}
    apply(next);
    event.stopImmediatePropagation();
  }, true);
})();`;
