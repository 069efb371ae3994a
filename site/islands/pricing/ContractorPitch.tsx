import { Award, BriefcaseBusiness, PiggyBank, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { Locale } from '../../i18n/locales.ts';
import { howItWorksSteps, whyJoin, type WhyJoinKey } from './content.ts';
import { Heading, type HeadingLevel } from './Heading.tsx';

const whyIcons: Record<WhyJoinKey, LucideIcon> = {
  fees: PiggyBank,
  escrow: ShieldCheck,
  work: BriefcaseBusiness,
  reputation: Award,
};

/** The reasons to join, shared by the contractor-signup dialog and /become-contractor. */
export function WhyJoin({ locale, level }: { locale: Locale; level: HeadingLevel }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {whyJoin(locale).map((reason) => {
        const Icon = whyIcons[reason.key];
        return (
          <li key={reason.key} className="flex gap-3 rounded-2xl border border-border bg-surface p-4">
            <span
              aria-hidden="true"
              className="grid h-10 w-10 shrink-0 place-items-center rounded-xl bg-accent text-accent-fg"
            >
              <Icon className="h-5 w-5" />
            </span>
            <div>
              <Heading level={level} className="font-semibold">
                {reason.title}
              </Heading>
              <p className="mt-1 text-sm text-muted">{reason.about}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The three steps from application to earning (docs/product.md#plans). */
export function HowItWorksSteps({ locale, level }: { locale: Locale; level: HeadingLevel }) {
  return (
    <ol className="grid gap-4 sm:grid-cols-3">
      {howItWorksSteps(locale).map((step, index) => (
        <li key={step.key} className="rounded-2xl border border-border bg-surface p-4">
          <p className="flex items-center gap-2 text-sm font-semibold text-accent-text">
            <span aria-hidden="true" className="grid h-7 w-7 place-items-center rounded-full bg-accent text-accent-fg">
              {index + 1}
            </span>
            {step.label}
          </p>
          <Heading level={level} className="mt-2 font-semibold">
            {step.title}
          </Heading>
          <p className="mt-1 text-sm text-muted">{step.about}</p>
        </li>
      ))}
    </ol>
  );
}
