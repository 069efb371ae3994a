import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { Role } from '../../stores/session.ts';

export const RETURN_TO_KEY = 'returnTo';

/** Spec section 5: a safe return path is relative and starts with a single '/'. */
export function isSafeReturnTo(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
}

/** Where a signed-out visitor is sent, remembering where they were going. */
export function signInUrlFor(returnTo: string, locale: Locale): string {
  return `${localizePath('/signin', locale)}?returnTo=${encodeURIComponent(returnTo)}`;
}

/**
 * Spec section 2, in order: a safe returnTo from the query, else from session storage; else a
 * customer goes to /platform and a contractor to /contractor-dashboard. An admin goes to
 * /admin-dashboard (our decision: the spec leaves it open).
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
