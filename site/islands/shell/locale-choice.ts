import { LOCALE_COOKIE, type Locale } from '../../i18n/locales.ts';

export const LOCALE_STORAGE_KEY = 'marketplace:locale';
/** On the language switch link, naming its language: the inline script remembers the choice on a press. */
export const LOCALE_SWITCH_ATTRIBUTE = 'data-locale-switch';
const ONE_YEAR_SECONDS = 31_536_000;

/** The cookie the server reads to send a French visitor to /fr/ pages (api/plugins/site.ts). */
export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
}

/** Remembers the visitor's language choice in the cookie and in local storage. */
export function rememberLocale(locale: Locale): void {
  document.cookie = localeCookie(locale);
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Storage can be unavailable (private mode, quota); the cookie is what the server uses.
  }
}

export function otherLocale(locale: Locale): Locale {
  return locale === 'fr' ? 'en' : 'fr';
}
