import type { Locale } from '../../i18n/locales.ts';
import type { Role } from '../../stores/session.ts';
import { destinationAfterSignIn, isSafeReturnTo, RETURN_TO_KEY } from '../guard/destination.ts';

export type ReturnToStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Session storage, or null where the browser refuses it (private modes, disabled storage). */
export function sessionStorageOrNull(): ReturnToStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The `returnTo` query value of a location search string ('?returnTo=%2Fcontracts'). */
export function queryReturnTo(search: string): string | null {
  return new URLSearchParams(search).get('returnTo');
}

/** On arrival at /signin: a safe `returnTo` in the query is kept in session storage. */
export function rememberReturnTo(search: string, storage: ReturnToStorage | null): void {
  const value = queryReturnTo(search);
  if (!isSafeReturnTo(value) || !storage) return;
  try {
    storage.setItem(RETURN_TO_KEY, value);
  } catch {
    // Storage full or refused: the query value still applies on this page.
  }
}

/**
 * Where a signed-in user goes from /signin (docs/product.md#site, guards). The stored returnTo is used up, so
 * a later sign-in does not go back there.
 */
export function takeDestination(role: Role, search: string, storage: ReturnToStorage | null, locale: Locale): string {
  let stored: string | null = null;
  try {
    stored = storage?.getItem(RETURN_TO_KEY) ?? null;
    storage?.removeItem(RETURN_TO_KEY);
  } catch {
    stored = null;
  }
  return destinationAfterSignIn(role, { queryReturnTo: queryReturnTo(search), storedReturnTo: stored, locale });
}

/** After a success toast, how long the page waits before it changes, so the toast can be read. */
export const REDIRECT_DELAY_MS = 1200;
