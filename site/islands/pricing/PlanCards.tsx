import { Check } from 'lucide-react';
import type { PlanId } from '../../../shared/domain/plans/catalogue.ts';
import type { Locale } from '../../i18n/locales.ts';
import { pricingMessages } from '../../i18n/messages/pricing.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { planCards } from './content.ts';
import { Heading, type HeadingLevel } from './Heading.tsx';

export type PlanAction = { href: string; label: string };

type Props = {
  locale: Locale;
  level: HeadingLevel;
  /** A call to action per plan that can be chosen today (the pricing page); none in the dialogs. */
  actions?: Partial<Record<PlanId, PlanAction>>;
  /** Four columns on wide screens (pages); at most two in a dialog. */
  wide?: boolean;
};

/** One card per plan of the matrix (docs/product.md#plans); Pro and Enterprise are marked as coming soon. */
export function PlanCards({ locale, level, actions = {}, wide = true }: Props) {
  const m = pricingMessages[locale];
  return (
    <ul className={`grid gap-4 sm:grid-cols-2 ${wide ? 'xl:grid-cols-4' : ''}`}>
      {planCards(locale).map((plan) => {
        const action = actions[plan.id];
        return (
          <li
            key={plan.id}
            data-plan={plan.id}
            className={`flex flex-col rounded-2xl border bg-surface p-5 ${plan.available ? 'border-border' : 'border-dashed border-border'}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Heading level={level} className="text-lg font-semibold">
                {plan.name}
              </Heading>
              {plan.available ? null : (
                <span className="rounded-full border border-border bg-surface-2 px-2.5 py-0.5 text-xs font-medium">
                  {m.comingSoon}
                </span>
              )}
            </div>
            <p className="mt-2 text-2xl font-bold tracking-tight">{plan.price}</p>
            <p className="mt-1 text-sm text-muted">{plan.about}</p>
            <dl className="mt-4 space-y-1 border-t border-border pt-3 text-sm">
              {plan.limits.map((limit) => (
                <div key={limit.key} className="flex justify-between gap-3">
                  <dt className="text-muted">{limit.label}</dt>
                  <dd className="text-right font-medium">{limit.value}</dd>
                </div>
              ))}
            </dl>
            <ul className="mt-3 mb-4 space-y-1.5 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-accent-text" />
                  {feature}
                </li>
              ))}
            </ul>
            {action ? (
              <a href={action.href} className={buttonClasses(plan.free ? 'outline' : 'primary', 'md', 'mt-auto')}>
                {action.label}
              </a>
            ) : plan.available ? null : (
              <p className="mt-auto text-sm font-medium text-muted">{m.notYetOffered}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
