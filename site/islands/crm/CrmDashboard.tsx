import { useStore } from '@nanostores/react';
import { Tabs } from 'radix-ui';
import { useMemo, useState } from 'react';
import type { PlanId } from '../../../shared/domain/plans/catalogue.ts';
import { format } from '../../i18n/index.ts';
import { htmlLang, localizePath, type Locale } from '../../i18n/locales.ts';
import { crmMessages } from '../../i18n/messages/crm.ts';
import { pricingMessages } from '../../i18n/messages/pricing.ts';
import { formatPrice } from '../../i18n/money.ts';
import { messageOf } from '../../lib/api.ts';
import { $session } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Textarea } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { useMyPlan } from '../plans/api.ts';
import { useJson } from '../work/api.ts';
import { crmApi, crmUrl, leadHref, stages, type Crm } from './api.ts';
import { MonthlyBarChart, MonthlyTable } from '../../ui/MonthlyBarChart.tsx';
import { dateTimeFormat, numberFormat } from '../../i18n/intl.ts';
import { FORMER_MEMBER } from '../contracts/shared.tsx';

/** A client's name, or "Former member" in the page's language once their account is deleted. */
const clientName = (m: { formerMember: string }, name: string) => (name === FORMER_MEMBER ? m.formerMember : name);

const tabs = ['leads', 'pipeline', 'calendar', 'clients', 'earnings', 'plan'] as const;
type Tab = (typeof tabs)[number];

const dateTime = (iso: string, locale: Locale) =>
  dateTimeFormat(htmlLang[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
const day = (iso: string, locale: Locale) =>
  dateTimeFormat(htmlLang[locale], {
    dateStyle: 'medium',
    timeZone: iso.length === 10 ? 'UTC' : undefined,
  }).format(new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso));
const money = (cents: number, locale: Locale) => formatPrice(cents, locale);

const pill = (tone: 'open' | 'good' | 'bad' | 'neutral') =>
  `inline-block rounded-full border px-2.5 py-0.5 text-xs font-medium ${
    tone === 'open'
      ? 'border-accent/40 bg-accent/10 text-accent-text'
      : tone === 'good'
        ? 'border-success/40 bg-success/10 text-success'
        : tone === 'bad'
          ? 'border-danger/40 bg-danger/10 text-danger'
          : 'border-border bg-surface-2 text-muted'
  }`;

/**
 * The contractor dashboard's CRM (issue 10): leads, the pipeline, the calendar, clients with
 * private notes, earnings by month with the payouts, and the plan with its usage, badges and
 * rating. Tabs follow the WAI-ARIA pattern (arrow keys move between them).
 */
function CrmDashboard({ locale }: { locale: Locale }) {
  const m = crmMessages[locale];
  const crm = useJson<Crm>(crmUrl);
  const [tab, setTab] = useState<Tab>('leads');
  const openLeads = crm.data?.leads.filter((lead) => lead.status === 'open').length ?? 0;
  return (
    <section
      id="crm"
      aria-labelledby="crm-title"
      className="mt-8 scroll-mt-20 rounded-xl border border-border bg-surface p-4 sm:p-6"
    >
      <h2 id="crm-title" className="text-lg font-semibold">
        {m.title}
      </h2>
      <p className="mt-1 text-sm text-muted">{m.intro}</p>
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)} className="mt-4">
        <Tabs.List aria-label={m.title} className="-mx-1 flex gap-1 overflow-x-auto border-b border-border px-1 pb-px">
          {tabs.map((key) => (
            <Tabs.Trigger
              key={key}
              value={key}
              className="shrink-0 rounded-t-lg border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted hover:text-fg focus-visible:outline-2 data-[state=active]:border-accent data-[state=active]:text-fg"
            >
              {m[`tab:${key}`]}
              {key === 'leads' && openLeads > 0 && (
                <span className="ml-1.5 rounded-full bg-accent px-1.5 text-xs text-accent-fg">{openLeads}</span>
              )}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div className="pt-4">
          {crm.error && !crm.data ? (
            <div role="alert" className="space-y-2">
              <p className="text-sm text-danger">{m.loadFailed}</p>
              <Button variant="outline" size="sm" onClick={() => void crm.reload()}>
                {m.tryAgain}
              </Button>
            </div>
          ) : !crm.data ? (
            <p role="status" className="text-sm text-muted">
              {m.loading}
            </p>
          ) : (
            <>
              <Tabs.Content value="leads">
                <Leads crm={crm.data} locale={locale} />
              </Tabs.Content>
              <Tabs.Content value="pipeline">
                <Pipeline crm={crm.data} locale={locale} />
              </Tabs.Content>
              <Tabs.Content value="calendar">
                <Calendar crm={crm.data} locale={locale} />
              </Tabs.Content>
              <Tabs.Content value="clients">
                <Clients crm={crm.data} locale={locale} onSaved={() => void crm.reload()} />
              </Tabs.Content>
              <Tabs.Content value="earnings">
                <Earnings crm={crm.data} locale={locale} />
              </Tabs.Content>
            </>
          )}
          <Tabs.Content value="plan">
            <PlanTab locale={locale} />
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </section>
  );
}

function Empty({ children }: { children: string }) {
  return <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted">{children}</p>;
}

function Leads({ crm, locale }: { crm: Crm; locale: Locale }) {
  const m = crmMessages[locale];
  if (crm.leads.length === 0) return <Empty>{m.leadsEmpty}</Empty>;
  return (
    <ul className="divide-y divide-border rounded-lg border border-border" data-testid="crm-leads">
      {crm.leads.map((lead) => (
        <li key={lead.id} className="flex flex-wrap items-start justify-between gap-2 p-3 text-sm">
          <div className="min-w-0">
            <p className="text-xs font-medium tracking-wide text-muted uppercase">{m[`kind:${lead.kind}`]}</p>
            <a
              href={localizePath(leadHref(lead.kind, lead.sourceId), locale)}
              className="font-medium break-words hover:underline"
            >
              {lead.title || m[`kind:${lead.kind}`]}
            </a>
            <p className="text-muted">
              {format(m.from, { name: clientName(m, lead.customer.name) })} · {dateTime(lead.at, locale)}
            </p>
          </div>
          <div className="flex items-center gap-2">
            {lead.amountCents !== null && <span className="tabular-nums">{money(lead.amountCents, locale)}</span>}
            <span
              className={pill(
                lead.status === 'open'
                  ? 'open'
                  : lead.status === 'won'
                    ? 'good'
                    : lead.status === 'lost'
                      ? 'bad'
                      : 'neutral',
              )}
            >
              {m[`lead:${lead.status}`]}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * A job's money on the line: its price, and once paid what was actually paid. After an arbitration
 * the contractor may have received a share only: that share is the figure, with the price beside it.
 */
function JobAmount({
  job,
  locale,
}: {
  job: Pick<Crm['pipeline']['items'][number], 'amountCents' | 'paidCents' | 'stage'>;
  locale: Locale;
}) {
  const m = crmMessages[locale];
  const share = job.stage === 'paid' && job.paidCents !== null && job.paidCents !== job.amountCents;
  if (share) {
    return (
      <span className="tabular-nums" data-paid-cents={job.paidCents}>
        {money(job.paidCents!, locale)}{' '}
        <span className="text-xs text-muted">
          {format(m.shareOfPrice, { price: job.amountCents === null ? '—' : money(job.amountCents, locale) })}
        </span>
      </span>
    );
  }
  return job.amountCents !== null ? <span className="tabular-nums">{money(job.amountCents, locale)}</span> : null;
}

function Pipeline({ crm, locale }: { crm: Crm; locale: Locale }) {
  const m = crmMessages[locale];
  if (crm.pipeline.items.length === 0) return <Empty>{m.pipelineEmpty}</Empty>;
  return (
    <div className="space-y-4">
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" data-testid="crm-pipeline">
        {stages.map((stage) => (
          <li key={stage} className="rounded-lg border border-border bg-surface-2 p-3" data-stage={stage}>
            <p className="text-xs font-medium text-muted">{m[`stage:${stage}`]}</p>
            <p className="text-xl font-semibold tabular-nums">{crm.pipeline.counts[stage] ?? 0}</p>
            <p className="text-xs text-muted tabular-nums">{money(crm.pipeline.valueCents[stage] ?? 0, locale)}</p>
          </li>
        ))}
      </ol>
      <ul className="divide-y divide-border rounded-lg border border-border">
        {crm.pipeline.items.map((item) => (
          <li key={item.jobId} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium break-words">{item.title || '—'}</p>
              <p className="text-muted">
                {clientName(m, item.customer.name)}
                {item.startsAt ? ` · ${format(m.starts, { when: dateTime(item.startsAt, locale) })}` : ''}
              </p>
            </div>
            <div className="flex items-center gap-2">
              <JobAmount job={item} locale={locale} />
              <span className={pill(item.stage === 'lost' ? 'bad' : item.stage === 'paid' ? 'good' : 'open')}>
                {m[`stage:${item.stage}`]}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Calendar({ crm, locale }: { crm: Crm; locale: Locale }) {
  const m = crmMessages[locale];
  const days = useMemo(() => {
    const grouped = new Map<string, Crm['calendar']>();
    const key = (iso: string) =>
      dateTimeFormat(htmlLang[locale], { weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(iso));
    for (const item of crm.calendar) {
      const k = key(item.startsAt);
      grouped.set(k, [...(grouped.get(k) ?? []), item]);
    }
    return [...grouped];
  }, [crm.calendar, locale]);
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">{m.calendarIntro}</p>
      {days.length === 0 ? (
        <Empty>{m.calendarEmpty}</Empty>
      ) : (
        <ol className="space-y-4" data-testid="crm-calendar">
          {days.map(([label, items]) => (
            <li key={label}>
              <h3 className="text-sm font-semibold">{label}</h3>
              <ul className="mt-2 space-y-2">
                {items.map((item) => (
                  <li
                    key={item.jobId}
                    className="flex flex-wrap items-center gap-3 rounded-lg border border-border p-3 text-sm"
                  >
                    <span className="font-medium tabular-nums">
                      {dateTimeFormat(htmlLang[locale], { timeStyle: 'short' }).format(new Date(item.startsAt))}
                    </span>
                    <span className="min-w-0 flex-1 break-words">
                      {item.title || '—'} · {clientName(m, item.customer.name)}
                    </span>
                    <span className={pill('open')}>{m[`stage:${item.stage}`]}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

function Clients({ crm, locale, onSaved }: { crm: Crm; locale: Locale; onSaved: () => void }) {
  const m = crmMessages[locale];
  if (crm.clients.length === 0) return <Empty>{m.clientsEmpty}</Empty>;
  return (
    <ul className="space-y-3" data-testid="crm-clients">
      {crm.clients.map((client) => (
        <ClientCard
          key={client.customer.id}
          client={client}
          jobs={crm.pipeline.items.filter((item) => item.customer.id === client.customer.id)}
          locale={locale}
          onSaved={onSaved}
        />
      ))}
    </ul>
  );
}

function ClientCard({
  client,
  jobs,
  locale,
  onSaved,
}: {
  client: Crm['clients'][number];
  /** This client's jobs on the pipeline, the most recent first: the history with them. */
  jobs: Crm['pipeline']['items'];
  locale: Locale;
  onSaved: () => void;
}) {
  const m = crmMessages[locale];
  const [note, setNote] = useState(client.note ?? '');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changed = (note.trim() || null) !== client.note;
  async function save() {
    if (note.trim().length > 2000) {
      setError(m.noteTooLong);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await crmApi.saveNote(client.customer.id, note.trim() || null);
      toast({ title: m.noteSaved, variant: 'success' });
      onSaved();
    } catch (failure) {
      setError(messageOf(failure, m.noteFailed));
    } finally {
      setPending(false);
    }
  }
  return (
    <li className="rounded-lg border border-border p-4" data-testid="crm-client">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold break-words">{clientName(m, client.customer.name)}</h3>
        <p className="text-xs text-muted">
          {m.lastContact}: {day(client.lastAt, locale)}
        </p>
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted">{m.jobs}</dt>
          <dd className="font-medium tabular-nums">{client.jobs}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{m.completed}</dt>
          <dd className="font-medium tabular-nums">{client.completedJobs}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{m.earned}</dt>
          <dd className="font-medium tabular-nums">{money(client.earnedCents, locale)}</dd>
        </div>
      </dl>
      {jobs.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-accent-text">{format(m.history, { count: jobs.length })}</summary>
          <ul className="mt-2 space-y-1">
            {jobs.map((job) => (
              <li key={job.jobId} className="flex flex-wrap justify-between gap-2">
                <span className="min-w-0 break-words">
                  {job.title || '—'} · {day(job.updatedAt, locale)}
                </span>
                <span className="flex items-center gap-2">
                  <JobAmount job={job} locale={locale} />
                  <span className={pill(job.stage === 'lost' ? 'bad' : job.stage === 'paid' ? 'good' : 'open')}>
                    {m[`stage:${job.stage}`]}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <form
        className="mt-3 space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Field label={format(m.noteFor, { name: clientName(m, client.customer.name) })} hint={m.noteHint} error={error}>
          {({ id, describedBy, invalid }) => (
            <Textarea
              id={id}
              rows={2}
              maxLength={2000}
              value={note}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onChange={(event) => setNote(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" size="sm" variant="outline" disabled={!changed || pending}>
          {pending ? m.saving : m.saveNote}
        </Button>
      </form>
    </li>
  );
}

function Earnings({ crm, locale }: { crm: Crm; locale: Locale }) {
  const m = crmMessages[locale];
  const { months, totals } = crm.earnings;
  // Gross first, net over it: what shows above the net is the fee and its tax.
  const series = useMemo(
    () => [
      { label: m.fee, color: '--accent', values: months.map((month) => month.grossCents / 100) },
      { label: m.net, color: '--success', values: months.map((month) => month.netCents / 100) },
    ],
    [m, months],
  );
  const monthKeys = useMemo(() => months.map((month) => month.month), [months]);
  const withMoney = months.filter((month) => month.grossCents > 0);
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted">{m.earningsIntro}</p>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="crm-earnings-totals">
        {(
          [
            ['gross', totals.grossCents],
            ['fee', totals.feeCents],
            ['tax', totals.taxCents],
            ['net', totals.netCents],
          ] as const
        ).map(([key, cents]) => (
          <div key={key} className="rounded-lg border border-border bg-surface-2 p-3">
            <dt className="text-xs text-muted">{m[key]}</dt>
            <dd className="text-lg font-semibold tabular-nums">{money(cents, locale)}</dd>
          </div>
        ))}
      </dl>
      {withMoney.length === 0 ? (
        <Empty>{m.earningsEmpty}</Empty>
      ) : (
        <figure className="space-y-2">
          <figcaption className="flex flex-wrap gap-4 text-xs text-muted">
            <span className="flex items-center gap-1.5">
              <span aria-hidden="true" className="h-3 w-3 rounded-sm bg-success" />
              {m.net}
            </span>
            <span className="flex items-center gap-1.5">
              <span aria-hidden="true" className="h-3 w-3 rounded-sm bg-accent" />
              {m.fee} + {m.tax.toLowerCase()}
            </span>
            <span className="sr-only">{m.chartLabel}</span>
          </figcaption>
          <MonthlyBarChart months={monthKeys} series={series} locale={locale} testId="earnings-chart" />
        </figure>
      )}
      {withMoney.length > 0 && (
        <MonthlyTable
          rows={withMoney}
          locale={locale}
          caption={m.chartLabel}
          monthLabel={m.month}
          testId="crm-earnings-table"
          columns={[
            { label: m.gross, value: (row) => money(row.grossCents, locale) },
            { label: m.fee, value: (row) => money(row.feeCents, locale) },
            { label: m.tax, value: (row) => money(row.taxCents, locale) },
            { label: m.net, value: (row) => money(row.netCents, locale), strong: true },
          ]}
        />
      )}
      <section aria-labelledby="crm-payouts">
        <h3 id="crm-payouts" className="text-base font-semibold">
          {m.payoutsTitle}
        </h3>
        {crm.payouts.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{m.payoutsEmpty}</p>
        ) : (
          <ul className="mt-2 divide-y divide-border rounded-lg border border-border" data-testid="crm-payouts">
            {crm.payouts.map((payout) => (
              <li key={payout.payoutId} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <span className="font-medium tabular-nums">{money(payout.amountCents, locale)}</span>
                <span className={pill(payout.status === 'sent' ? 'good' : 'open')}>
                  {payout.status === 'sent'
                    ? format(m['payout:sent'], { date: day(payout.sentAt ?? payout.dueOn, locale) })
                    : format(m['payout:scheduled'], { date: day(payout.dueOn, locale) })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

type Profile = { badges: string[]; rating: { average: number | null; count: number }; boostedUntil: string | null };

function PlanTab({ locale }: { locale: Locale }) {
  const m = crmMessages[locale];
  const p = pricingMessages[locale] as Record<string, string>;
  const session = useStore($session);
  const userId = session.status === 'authenticated' ? session.user.id : null;
  const plan = useMyPlan();
  const profile = useJson<Profile>(userId ? `/api/contractors/${userId}` : null);
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

export default island(CrmDashboard);
