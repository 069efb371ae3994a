import type { AstroGlobal } from 'astro';
import type { Locale } from '../i18n/locales.ts';

/**
 * Pages rendered per request under `[...lang]` (the dashboards, and the pages whose URL carries an
 * id): which language the `[...lang]` part asks for, or null for an address that is not a page (a 404).
 */
export function pageLocale(lang: string | undefined): Locale | null {
  if (lang === undefined) return 'en';
  return lang === 'fr' ? 'fr' : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isId = (value: string | undefined): value is string => value !== undefined && UUID.test(value);

/** Job ids as the work module makes them; kept loose (the server checks the job itself). */
export const isJobId = (value: string | undefined): value is string =>
  value !== undefined && /^[A-Za-z0-9_-]{1,100}$/.test(value);

/**
 * A visitor who chose French (the `lang` cookie) gets the French page for an English address, as
 * the server does for prerendered pages (api/plugins/site.ts).
 */
export function frenchRedirect(url: URL, lang: string | undefined, cookie: string | undefined): string | null {
  return lang === undefined && cookie === 'fr' ? `/fr${url.pathname}${url.search}` : null;
}

/**
 * The language of a page rendered per request under `[...lang]`: a redirect to its French address
 * for a visitor who chose French, else its locale, or null (and a 404 status) for an address that is
 * not a page.
 */
export function requestedPageLocale(
  astro: Pick<AstroGlobal, 'params' | 'url' | 'cookies' | 'response'>,
): { redirect: string } | { locale: Locale | null } {
  const { lang } = astro.params;
  const redirect = frenchRedirect(astro.url, lang, astro.cookies.get('lang')?.value);
  if (redirect) return { redirect };
  const locale = pageLocale(lang);
  if (locale === null) astro.response.status = 404;
  return { locale };
}
