import { Award, ShieldCheck } from 'lucide-react';
import type { Locale } from '../../i18n/locales.ts';
import { badgeGroups } from './content.ts';
import { Heading, type HeadingLevel } from './Heading.tsx';

/** Performance badges (free) and verified credential badges (paid subscribers), docs/product.md#plans. */
export function BadgeList({ locale, level }: { locale: Locale; level: HeadingLevel }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {badgeGroups(locale).map((group) => {
        const Icon = group.kind === 'performance' ? Award : ShieldCheck;
        return (
          <section key={group.kind} className="rounded-2xl border border-border bg-surface p-5">
            <Heading level={level} className="font-semibold">
              {group.title}
            </Heading>
            <p className="mt-1 text-sm text-muted">{group.note}</p>
            <ul className="mt-4 space-y-3">
              {group.badges.map((badge) => (
                <li key={badge.id} className="flex gap-3">
                  <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-accent-text" />
                  <p className="text-sm">
                    <span className="font-medium">{badge.name}</span>
                    <span className="block text-muted">{badge.about}</span>
                  </p>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
