/**
 * English at the plain routes, Canadian French under /fr/ (same pages, prerendered twice). The
 * visitor's choice is kept in the `lang` cookie (the server redirects unprefixed pages to /fr/ when
 * it says fr) and in local storage.
 */
export const locales = ['en', 'fr'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';
export const LOCALE_COOKIE = 'lang';

export const htmlLang: Record<Locale, string> = { en: 'en-CA', fr: 'fr-CA' };

export function isLocale(value: unknown): value is Locale {
  return value === 'en' || value === 'fr';
}

export function localeFromPath(pathname: string): Locale {
  return pathname === '/fr' || pathname.startsWith('/fr/') ? 'fr' : 'en';
}

/** The path without its locale prefix: '/fr/signin' → '/signin', '/fr' → '/'. */
export function stripLocale(pathname: string): string {
  if (pathname === '/fr' || pathname === '/fr/') return '/';
  return pathname.startsWith('/fr/') ? pathname.slice(3) : pathname;
}

/** The same page in `locale`: ('/signin', 'fr') → '/fr/signin'. Query and hash are kept. */
export function localizePath(path: string, locale: Locale): string {
  const match = /^([^?#]*)(.*)$/.exec(path)!;
  const bare = stripLocale(match[1] || '/');
  const localized = locale === 'fr' ? (bare === '/' ? '/fr/' : `/fr${bare}`) : bare;
  return localized + match[2];
}

/** Static paths for pages under `site/pages/[...lang]/`. */
export function localeStaticPaths() {
  return [{ params: { lang: undefined } }, { params: { lang: 'fr' } }];
}

export function localeFromParam(param: string | undefined): Locale {
  return param === 'fr' ? 'fr' : 'en';
}
