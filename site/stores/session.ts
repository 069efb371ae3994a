import { computed } from 'nanostores';
import { apiRequest, getJson, messageOf } from '../lib/api.ts';
import { createFetcherStore, invalidateKeys, revalidateKeys } from '../lib/query.ts';

export type Role = 'customer' | 'contractor' | 'admin';
export type CurrentUser = { id: string; role: Role; name: string; email: string; authenticated: true };

export const ME_KEY = '/api/auth/me';

/** The current user: null when signed out (a 401 is an answer here, not an error). */
export const $me = createFetcherStore<CurrentUser | null>([ME_KEY], {
  fetcher: () => getJson<CurrentUser>(ME_KEY, { on401: 'returnNull' }),
});

export type SessionState =
  { status: 'loading' } | { status: 'authenticated'; user: CurrentUser } | { status: 'unauthenticated' };

/** Loading, authenticated (the call returned data without error), unauthenticated (docs/product.md#api). */
export const $session = computed($me, (me): SessionState => {
  if (me.data) return { status: 'authenticated', user: me.data };
  if (me.loading) return { status: 'loading' };
  return { status: 'unauthenticated' };
});

/** After a sign-in or a user switch the session is fetched again. */
export function refreshSession() {
  revalidateKeys(ME_KEY);
}

export async function login(credentials: { email: string; password: string }): Promise<CurrentUser> {
  try {
    const response = await apiRequest('POST', '/api/auth/login', credentials);
    const { user } = (await response.json()) as { user: CurrentUser };
    $me.mutate(user);
    refreshSession();
    return user;
  } catch (error) {
    throw new Error(messageOf(error, 'Login failed'), { cause: error });
  }
}

export type Registration = {
  name: string;
  email: string;
  password: string;
  role: 'customer' | 'contractor';
  dateOfBirth: string;
  /** The page's language: the e-mail that follows is written in it. */
  language: 'en' | 'fr';
};

/**
 * Sign-up (docs/decisions.md, "Sign-up by e-mail confirmation"): the server e-mails a confirmation
 * link and answers the same whether or not the address has an account, so nothing comes back.
 */
export async function register(registration: Registration): Promise<void> {
  await apiRequest('POST', '/api/auth/register', registration);
}

/**
 * Opens a sign-up confirmation link: in the browser that signed up the token is enough; anywhere
 * else the server answers 401 until the password chosen at sign-up comes with it.
 */
export async function confirmRegistration(token: string, password?: string): Promise<CurrentUser> {
  const response = await apiRequest(
    'POST',
    '/api/auth/confirm-registration',
    password === undefined ? { token } : { token, password },
  );
  const { user } = (await response.json()) as { user: CurrentUser };
  $me.mutate(user);
  refreshSession();
  return user;
}

export async function switchUser(userId: string): Promise<CurrentUser> {
  try {
    const response = await apiRequest('POST', '/api/auth/switch-user', { userId });
    const { user } = (await response.json()) as { user: CurrentUser };
    invalidateKeys(() => true);
    $me.mutate(user);
    refreshSession();
    return user;
  } catch (error) {
    throw new Error(messageOf(error, 'Switch user failed'), { cause: error });
  }
}

/**
 * Logout (docs/product.md#api): the third-party sign-out path first, then the API's; afterwards every
 * cached read is cleared and the user is marked signed out. The server answers that GET with 405
 * (a GET must not sign anyone out: any site could send it), so the POST is what signs out.
 */
export async function logout(): Promise<void> {
  let done = false;
  try {
    const response = await fetch('/auth/logout', { credentials: 'include', redirect: 'manual' });
    done = response.ok || response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
  } catch {
    done = false;
  }
  if (!done) {
    try {
      await apiRequest('POST', '/api/auth/logout');
    } catch (error) {
      throw new Error(messageOf(error, 'Logout failed'), { cause: error });
    }
  }
  invalidateKeys(() => true);
  $me.mutate(null);
}
