import { Briefcase, ChevronDown, LayoutDashboard, Repeat, Scale, ShieldCheck } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { DashboardEntry } from './dashboards.ts';

// The dashboards' icons, shared by the switcher (DashboardSwitcher.tsx) and the menu it loads on
// first use (DashboardMenu.tsx), so the menu does not import the switcher back.

export const DASHBOARD_ICONS: Record<DashboardEntry['key'], LucideIcon> = {
  mySubscriptions: Repeat,
  contractorDashboard: Briefcase,
  arbitrationStatus: Scale,
  adminDashboard: ShieldCheck,
};

export function DashboardMenuIcon() {
  return (
    <>
      <LayoutDashboard aria-hidden="true" className="h-5 w-5" />
      <ChevronDown aria-hidden="true" className="h-3.5 w-3.5 text-muted" />
    </>
  );
}
