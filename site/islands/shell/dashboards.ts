import type { Role } from '../../stores/session.ts';

/** A dashboard the switcher and the footer link to; `key` names its label in shellMessages. */
export type DashboardEntry = {
  key: 'mySubscriptions' | 'contractorDashboard' | 'arbitrationStatus' | 'adminDashboard';
  path: string;
  roles: readonly Role[];
};

/** The dashboard switcher's entries, in display order, with who sees them (docs/product.md#roles). */
export const DASHBOARDS: readonly DashboardEntry[] = [
  { key: 'mySubscriptions', path: '/subscriptions', roles: ['customer', 'contractor'] },
  { key: 'contractorDashboard', path: '/contractor-dashboard', roles: ['contractor'] },
  { key: 'arbitrationStatus', path: '/arbitration-status', roles: ['customer', 'contractor'] },
  { key: 'adminDashboard', path: '/admin-dashboard', roles: ['admin'] },
];

/** The switcher's entries for a role; none when signed out (null), so the switcher hides. */
export function dashboardEntries(role: Role | null | undefined): DashboardEntry[] {
  if (!role) return [];
  return DASHBOARDS.filter((entry) => entry.roles.includes(role));
}

const byKey = (key: DashboardEntry['key']) => DASHBOARDS.find((entry) => entry.key === key)!;

/**
 * Footer links by role (docs/product.md#roles): a customer gets My Subscriptions; a contractor Contractor
 * Dashboard and My Subscriptions; an admin Admin Dashboard; a signed-out visitor none.
 */
export function footerDashboardLinks(role: Role | null | undefined): DashboardEntry[] {
  switch (role) {
    case 'customer':
      return [byKey('mySubscriptions')];
    case 'contractor':
      return [byKey('contractorDashboard'), byKey('mySubscriptions')];
    case 'admin':
      return [byKey('adminDashboard')];
    default:
      return [];
  }
}

/** Whether `path` (without locale prefix) is the page of `entryPath`, for aria-current. */
export function isCurrentPath(path: string, entryPath: string): boolean {
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  return trim(path) === trim(entryPath);
}
