import { useStore } from '@nanostores/react';
import type { PlanId } from '../../../shared/domain/plans/catalogue.ts';
import { format } from '../../i18n/index.ts';
import { htmlLang, localizePath, type Locale } from '../../i18n/locales.ts';
import { crmMessages } from '../../i18n/messages/crm.ts';
import { pricingMessages } from '../../i18n/messages/pricing.ts';
import { Button } from '../../ui/Button.tsx';
import { useMyPlan } from '../plans/api.ts';
import { $myPublicProfile } from './api.ts';
import { numberFormat } from '../../i18n/intl.ts';
import { day, pill } from './parts.tsx';

export function PlanTab({ locale }: { locale: Locale }) {
  const m = crmMessages[locale];
  const p = pricingMessages[locale] as Record<string, string>;
  const plan = useMyPlan();
  const profile = useStore($myPublicProfile);
  if (plan.error && !plan.data) {
    return (
      <div role="alert" className="space-y-2">
        <p className="text-sm text-danger">{m.loadFailed}</p>
        <Button variant="outline" size="sm" onClick={() => void plan.reload()}>
          {m.tryAgain}
        </Button>
      </div>
    );
  }
  if (!plan.data) {
    return (
      <p role="status" className="text-sm text-muted">
        {m.loading}
      </p>
    );
  }
  const planId: PlanId = plan.data.planId;
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="crm-plan">
      <div className="rounded-lg border border-border p-4">
        <h3 className="font-semibold">{m.planTitle}</h3>
        <p className="mt-1 text-2xl font-bold">{p[`plan:${planId}`]}</p>
        <p className="text-sm text-muted">{format(m.planStatus, { status: m[`status:${plan.data.status}`] })}</p>
        <ul className="mt-3 space-y-1.5 text-sm">
          {plan.data.usage.map((line) => (
            <li key={line.key} className="flex justify-between gap-2">
              <span>{p[`limit:${line.key}`]}</span>
              <span className="tabular-nums">
                {line.limit === null ? m.unlimited : format(m.usageLine, { used: line.used ?? 0, limit: line.limit })}
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm">
          {plan.data.boost.activeUntil
            ? format(m.boostActive, { date: day(plan.data.boost.activeUntil, locale) })
            : m.boostNone}
        </p>
        <a
          href={localizePath('/subscriptions', locale)}
          className="mt-3 inline-block text-sm font-medium text-accent-text underline underline-offset-2"
        >
          {m.managePlan}
        </a>
      </div>
      <div className="rounded-lg border border-border p-4">
        <h3 className="font-semibold">{m.badgesTitle}</h3>
        {profile.data && profile.data.badges.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {profile.data.badges.map((badge) => (
              <li key={badge} className={pill('good')}>
                {p[`badge:${badge}`] ?? badge}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-muted">{m.badgesEmpty}</p>
        )}
        <h3 className="mt-4 font-semibold">{m.ratingTitle}</h3>
        <p className="mt-1 text-sm">
          {profile.data?.rating.average != null
            ? format(m.rating, {
                average: numberFormat(htmlLang[locale], { maximumFractionDigits: 1 }).format(
                  profile.data.rating.average,
                ),
                count: profile.data.rating.count,
              })
            : m.noRating}
        </p>
        <a
          href={localizePath('/reviews', locale)}
          className="mt-3 inline-block text-sm font-medium text-accent-text underline underline-offset-2"
        >
          {m.seeReviews}
        </a>
      </div>
    </div>
  );
}
