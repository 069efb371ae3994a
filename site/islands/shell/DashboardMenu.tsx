import { ArrowRightLeft } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { useShellMessages } from './messages.tsx';
import { isCurrentPath, type DashboardEntry } from './dashboards.ts';
import { DASHBOARD_ICONS, DashboardMenuIcon } from './dashboard-icons.tsx';
import { Hint, iconButtonBase } from './Hint.tsx';

/** The 'Your Dashboards' dropdown (docs/product.md#site), mounted open by the first press of its button. */
export function DashboardMenu({ locale, entries, path }: { locale: Locale; entries: DashboardEntry[]; path: string }) {
  const m = useShellMessages();
  return (
    <DropdownMenu.Root defaultOpen>
      <Hint label={m.switchDashboard}>
        <DropdownMenu.Trigger aria-label={m.switchDashboard} className={`${iconButtonBase} gap-0.5 px-2`}>
          <DashboardMenuIcon />
        </DropdownMenu.Trigger>
      </Hint>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 min-w-60 rounded-xl border border-border bg-surface p-1.5 text-fg shadow-xl outline-none"
        >
          <DropdownMenu.Label className="flex items-center gap-2 px-2.5 pt-1.5 pb-2 text-xs font-semibold tracking-wide text-muted uppercase">
            <ArrowRightLeft aria-hidden="true" className="h-3.5 w-3.5" />
            {m.yourDashboards}
          </DropdownMenu.Label>
          {entries.map((entry) => {
            const Icon = DASHBOARD_ICONS[entry.key];
            const current = isCurrentPath(path, entry.path);
            return (
              <DropdownMenu.Item key={entry.key} asChild>
                <a
                  href={localizePath(entry.path, locale)}
                  aria-current={current ? 'page' : undefined}
                  className="flex cursor-pointer items-center gap-3 rounded-lg px-2.5 py-2 text-sm outline-none data-[highlighted]:bg-surface-2 aria-[current=page]:bg-surface-2 aria-[current=page]:font-semibold"
                >
                  <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
                  {m[entry.key]}
                </a>
              </DropdownMenu.Item>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
