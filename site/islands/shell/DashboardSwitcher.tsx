import { useState } from 'react';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { useShellMessages } from './messages.tsx';
import type { Role } from '../../stores/session.ts';
import { dashboardEntries, isCurrentPath, type DashboardEntry } from './dashboards.ts';
import { DASHBOARD_ICONS, DashboardMenuIcon } from './dashboard-icons.tsx';
import { Hint, iconButtonBase, iconButtonClass } from './Hint.tsx';
import { useOnDemand } from '../../ui/on-demand.ts';

export { dashboardEntries } from './dashboards.ts';

type Props = { locale: Locale; role: Role | null; path: string };

/**
 * Dashboard switcher (docs/product.md#site): hidden without entries; one entry is a direct icon link with
 * a tooltip; several are a dropdown titled 'Your Dashboards' behind a 'Switch Dashboard' tooltip.
 */
export function DashboardSwitcher({ locale, role, path }: Props) {
  const m = useShellMessages();
  const entries = dashboardEntries(role);
  const [only] = entries;
  if (!only) return null;

  if (entries.length === 1) {
    const Icon = DASHBOARD_ICONS[only.key];
    const current = isCurrentPath(path, only.path);
    return (
      <Hint label={m[only.key]}>
        <a
          href={localizePath(only.path, locale)}
          aria-label={m[only.key]}
          aria-current={current ? 'page' : undefined}
          className={`${iconButtonClass} aria-[current=page]:bg-surface-2`}
        >
          <Icon aria-hidden="true" className="h-5 w-5" />
        </a>
      </Hint>
    );
  }

  return <DashboardMenuButton locale={locale} entries={entries} path={path} />;
}

/** The several-entries dropdown: Radix DropdownMenu is fetched on first hover, focus or press. */
function DashboardMenuButton({ locale, entries, path }: { locale: Locale; entries: DashboardEntry[]; path: string }) {
  const m = useShellMessages();
  const menu = useOnDemand(() => import('./DashboardMenu.tsx'));
  const [used, setUsed] = useState(false);
  if (menu.loaded && used) return <menu.loaded.DashboardMenu locale={locale} entries={entries} path={path} />;
  return (
    <Hint label={m.switchDashboard}>
      <button
        type="button"
        aria-label={m.switchDashboard}
        aria-haspopup="menu"
        aria-expanded={false}
        aria-busy={menu.pending || undefined}
        className={`${iconButtonBase} gap-0.5 px-2`}
        onPointerEnter={menu.warm}
        onFocus={menu.warm}
        onClick={() => {
          setUsed(true);
          void menu.activate();
        }}
      >
        <DashboardMenuIcon />
      </button>
    </Hint>
  );
}

/** The mobile variant (docs/product.md#site): every matching entry under the heading 'Dashboards'. */
export function MobileDashboardList({ locale, role, path, onNavigate }: Props & { onNavigate?: () => void }) {
  const m = useShellMessages();
  const entries = dashboardEntries(role);
  if (entries.length === 0) return null;
  const headingId = `mobile-dashboards-${locale}`;
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted uppercase">
        {m.dashboards}
      </h3>
      <ul className="space-y-0.5">
        {entries.map((entry) => {
          const Icon = DASHBOARD_ICONS[entry.key];
          return (
            <li key={entry.key}>
              <a
                href={localizePath(entry.path, locale)}
                onClick={onNavigate}
                aria-current={isCurrentPath(path, entry.path) ? 'page' : undefined}
                className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors hover:bg-surface-2 focus-visible:outline-2 aria-[current=page]:bg-surface-2 aria-[current=page]:font-semibold"
              >
                <Icon aria-hidden="true" className="h-4 w-4 shrink-0 text-muted" />
                {m[entry.key]}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
