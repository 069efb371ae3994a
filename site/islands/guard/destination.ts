import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { Role } from '../../stores/session.ts';

export const RETURN_TO_KEY = 'returnTo';

const PROBE_ORIGIN = 'https://return-to.invalid';

/**
 * A safe return path (docs/product.md#site) is relative and starts with a single '/'. It must also stay on
 * this site once a browser parses it: the URL parser drops tabs and newlines, so '/\t/evil.example'
 * would become '//evil.example'. Control characters are refused outright, and the parsed URL must
 * keep our origin.
 */
export function isSafeReturnTo(value: unknown): value is string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/** Where a signed-out visitor is sent, remembering where they were going. */
export function signInUrlFor(returnTo: string, locale: Locale): string {
  return `${localizePath('/signin', locale)}?returnTo=${encodeURIComponent(returnTo)}`;
}

/**
 * In order (docs/product.md#site): a safe returnTo from the query, else from session storage; else a
 * customer goes to /platform and a contractor to /contractor-dashboard. An admin goes to
 * /admin-dashboard (our decision: nothing required otherwise).
 */
export function destinationAfterSignIn(
  role: Role,
  options: { queryReturnTo?: string | null; storedReturnTo?: string | null; locale: Locale },
): string {
  if (isSafeReturnTo(options.queryReturnTo)) return options.queryReturnTo;
  if (isSafeReturnTo(options.storedReturnTo)) return options.storedReturnTo;
  const home = { customer: '/platform', contractor: '/contractor-dashboard', admin: '/admin-dashboard' }[role];
  return localizePath(home, options.locale);
}
