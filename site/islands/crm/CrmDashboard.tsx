import { Tabs } from 'radix-ui';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { format } from '../../i18n/index.ts';
import { htmlLang, localizePath, type Locale } from '../../i18n/locales.ts';
import { crmMessages } from '../../i18n/messages/crm.ts';
import { Button } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { useQuery } from '../../lib/first-reads.ts';
import { $crm, leadHref, reloadCrm, stages, type Crm } from './api.ts';
import { dateTimeFormat } from '../../i18n/intl.ts';
import { clientName, Empty, JobAmount, money, pill, dateTime } from './parts.tsx';

/**
 * The tabs behind the first (leads): their code, the earnings chart's uPlot among it, loads when
 * the tab is first shown (Radix mounts a tab's content only while it is active).
 */
const Clients = lazy(() => import('./Clients.tsx').then((module) => ({ default: module.Clients })));
const Earnings = lazy(() => import('./Earnings.tsx').then((module) => ({ default: module.Earnings })));
const PlanTab = lazy(() => import('./PlanTab.tsx').then((module) => ({ default: module.PlanTab })));

const tabs = ['leads', 'pipeline', 'calendar', 'clients', 'earnings', 'plan'] as const;
type Tab = (typeof tabs)[number];

/**
 * The contractor dashboard's CRM (issue 10): leads, the pipeline, the calendar, clients with
 * private notes, earnings by month with the payouts, and the plan with its usage, badges and
 * rating. Tabs follow the WAI-ARIA pattern (arrow keys move between them).
 */
function CrmDashboard({ locale }: { locale: Locale }) {
  const m = crmMessages[locale];
  const crm = useQuery($crm);
  const [tab, setTab] = useState<Tab>('leads');
  const openLeads = crm.data?.leads.filter((lead) => lead.status === 'open').length ?? 0;
  return (
    <section
      id="crm"
      aria-labelledby="crm-title"
      // Until its data is in, it keeps the room a list takes, so the panels under it stay below the
      // fold and load their code when scrolled to, not at once (and nothing jumps when the data comes).
      className={`mt-8 scroll-mt-20 rounded-xl border border-border bg-surface p-4 sm:p-6 ${crm.data || crm.error ? '' : 'min-h-[36rem]'}`}
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
              <Button variant="outline" size="sm" onClick={() => void reloadCrm()}>
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
                <TabLoading label={m.loading}>
                  <Clients crm={crm.data} locale={locale} />
                </TabLoading>
              </Tabs.Content>
              <Tabs.Content value="earnings">
                <TabLoading label={m.loading}>
                  <Earnings crm={crm.data} locale={locale} />
                </TabLoading>
              </Tabs.Content>
            </>
          )}
          <Tabs.Content value="plan">
            <TabLoading label={m.loading}>
              <PlanTab locale={locale} />
            </TabLoading>
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </section>
  );
}

/** A tab whose code is still on its way says it is loading, as the CRM does while its data is. */
function TabLoading({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p role="status" className="text-sm text-muted">
          {label}
        </p>
      }
    >
      {children}
    </Suspense>
  );
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

export default island(CrmDashboard);
