import { atom, computed } from 'nanostores';
import { apiRequest } from '../../lib/api.ts';
import { createFetcherStore, revalidateKeys } from '../../lib/query.ts';
import { $session } from '../../stores/session.ts';

/**
 * The admin dashboard's account reads (GET /api/admin/users and /api/admin/user-switches,
 * api/modules/accounts/admin-routes.ts) as cached reads, fetched once the session is an
 * administrator's; suspending or restoring an account reads the user list again. The shapes are
 * the accounts module's (its routes still declare them), so they are written here as the routes
 * answer them.
 */
export type UserStatus = 'active' | 'suspended' | 'closed';
export type UserRow = {
  id: string;
  name: string;
  email: string;
  role: 'customer' | 'contractor' | 'admin';
  status: UserStatus;
  registeredAt: string;
  suspensionReason: string | null;
};

type Person = { id: string; name: string };
export type SwitchRecord = { id: string; actor: Person; target: Person; mode: 'admin' | 'demo'; switchedAt: string };
export type SwitchesPage = { total: number; switches: SwitchRecord[] };

const $isAdmin = computed($session, (session) => session.status === 'authenticated' && session.user.role === 'admin');

const USERS = '/api/admin/users?';
/** The search last submitted. */
export const $userSearch = atom<{ q: string; status: '' | UserStatus }>({ q: '', status: '' });
const $usersUrl = computed([$isAdmin, $userSearch], (admin, query) =>
  admin ? `${USERS}${new URLSearchParams({ q: query.q, ...(query.status ? { status: query.status } : {}) })}` : null,
);
export const $users = createFetcherStore<{ users: UserRow[] }>([$usersUrl]);

export async function suspendOrRestore(user: UserRow, action: 'suspend' | 'restore', reason: string) {
  await apiRequest(
    'POST',
    `/api/admin/users/${encodeURIComponent(user.id)}/${action}`,
    action === 'suspend' ? { reason } : {},
  );
  revalidateKeys((key) => key.startsWith(USERS));
  await $users.get().promise?.catch(() => null);
}

export const SWITCHES_PAGE_SIZE = 20;
/** The first record of the page shown. */
export const $switchesOffset = atom(0);
const $switchesUrl = computed([$isAdmin, $switchesOffset], (admin, offset) =>
  admin ? `/api/admin/user-switches?limit=${SWITCHES_PAGE_SIZE}&offset=${offset}` : null,
);
export const $userSwitches = createFetcherStore<SwitchesPage>([$switchesUrl]);
