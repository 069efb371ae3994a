import { locales, type Locale } from '../i18n/locales.ts';
import { LOCALE_STORAGE_KEY, LOCALE_SWITCH_ATTRIBUTE, localeCookie } from '../islands/shell/locale-choice.ts';
import { SESSION_HINT_COOKIE } from '../../shared/http/accounts.ts';
import { SESSION_HINT_ATTRIBUTE } from '../stores/session-hint.ts';
import { CARRY_OVER_KEY, TOASTER_ATTRIBUTE, TOAST_WAITING_ATTRIBUTE } from '../stores/toasts.ts';

const cookies = Object.fromEntries(locales.map((locale) => [locale, localeCookie(locale)])) as Record<Locale, string>;

/**
 * Runs inline in <head>: what the shell needs before (and without) React, in a few hundred bytes.
 *
 * - The session hint: the server sets the readable `signed_in=1` cookie beside its session cookie
 *   (api/plugins/site.ts); with it, <html> gets `data-signed-in`, the header shows its skeletons
 *   instead of the sign-in link (CSS) and hydrates at idle (directives/interaction.ts).
 * - The language switch is a plain link; a press on it remembers the choice (the cookie the server
 *   reads, and local storage) and keeps the page's query and hash, as rememberLocale does.
 * - The toast host loads on demand (`client:request`, directives/request.ts): a toast carried over
 *   from the previous page, or F8 (the hotkey to the notifications region), asks for it.
 */
export const SHELL_BOOT_SCRIPT = `(function () {
  var root = document.documentElement;
  if (/(?:^|;\\s*)${SESSION_HINT_COOKIE}=1(?:;|$)/.test(document.cookie)) root.setAttribute('${SESSION_HINT_ATTRIBUTE}', '');
  var cookies = ${JSON.stringify(cookies)};
  function waitToast(kind) {
    if (!root.hasAttribute('${TOASTER_ATTRIBUTE}')) root.setAttribute('${TOAST_WAITING_ATTRIBUTE}', kind);
  }
  try { if (sessionStorage.getItem(${JSON.stringify(CARRY_OVER_KEY)})) waitToast('carried'); } catch (e) {}
  document.addEventListener('keydown', function (event) {
    if (event.key === 'F8') waitToast('hotkey');
  });
  document.addEventListener('click', function (event) {
    var link = event.target instanceof Element && event.target.closest('a[${LOCALE_SWITCH_ATTRIBUTE}]');
    var locale = link && link.getAttribute('${LOCALE_SWITCH_ATTRIBUTE}');
    if (!link || !cookies[locale]) return;
    document.cookie = cookies[locale];
    try { localStorage.setItem(${JSON.stringify(LOCALE_STORAGE_KEY)}, locale); } catch (e) {}
    var here = location.search + location.hash;
    if (here) link.href = link.href.split(/[?#]/)[0] + here;
  }, true);
})();`;
