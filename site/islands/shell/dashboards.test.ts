import { describe, expect, it } from 'vitest';
import { dashboardEntries, footerDashboardLinks, isCurrentPath } from './dashboards.ts';

const paths = (entries: { path: string }[]) => entries.map((entry) => entry.path);

describe('dashboardEntries (switcher entries by role)', () => {
  it('gives a customer My Subscriptions and Arbitration Status', () => {
    expect(paths(dashboardEntries('customer'))).toEqual(['/subscriptions', '/arbitration-status']);
  });

  it('gives a contractor My Subscriptions, Contractor Dashboard and Arbitration Status', () => {
    expect(paths(dashboardEntries('contractor'))).toEqual([
      '/subscriptions',
      '/contractor-dashboard',
      '/arbitration-status',
    ]);
  });

  it('gives an admin the Admin Dashboard alone (a direct link, not a dropdown)', () => {
    expect(paths(dashboardEntries('admin'))).toEqual(['/admin-dashboard']);
  });

  it('gives a signed-out visitor nothing, so the switcher hides', () => {
    expect(dashboardEntries(null)).toEqual([]);
    expect(dashboardEntries(undefined)).toEqual([]);
  });

  it('names each entry with its message key', () => {
    expect(dashboardEntries('contractor').map((entry) => entry.key)).toEqual([
      'mySubscriptions',
      'contractorDashboard',
      'arbitrationStatus',
    ]);
  });
});

describe('footerDashboardLinks (footer links by role)', () => {
  it('follows the spec for every role', () => {
    expect(paths(footerDashboardLinks('customer'))).toEqual(['/subscriptions']);
    expect(paths(footerDashboardLinks('contractor'))).toEqual(['/contractor-dashboard', '/subscriptions']);
    expect(paths(footerDashboardLinks('admin'))).toEqual(['/admin-dashboard']);
    expect(footerDashboardLinks(null)).toEqual([]);
  });
});

describe('isCurrentPath', () => {
  it('ignores a trailing slash', () => {
    expect(isCurrentPath('/subscriptions/', '/subscriptions')).toBe(true);
    expect(isCurrentPath('/subscriptions', '/subscriptions')).toBe(true);
    expect(isCurrentPath('/', '/subscriptions')).toBe(false);
    expect(isCurrentPath('/subscriptions-old', '/subscriptions')).toBe(false);
  });
});
