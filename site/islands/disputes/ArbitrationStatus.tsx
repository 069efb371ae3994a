import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { disputeCaseMessages } from '../../i18n/messages/disputes.ts';
import { formatCad } from '../../i18n/money.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { formatWhen, LoadError } from '../contracts/shared.tsx';
import { $myDisputes, disputeStore, reloadDispute, reloadLists, requestReview } from './api.ts';
import { AnswerForm, OpenForm } from './CaseForms.tsx';
import { AddEvidence, CaseView, nameOf } from './CaseView.tsx';
import { StatusBadge } from './StatusBadge.tsx';

function param(name: string): string | null {
  const value = new URLSearchParams(window.location.search).get(name);
  return value && /^[0-9a-f-]{36}$/i.test(value) ? value : null;
}

function setCaseParam(id: string | null) {
  const url = new URL(window.location.href);
  url.searchParams.delete('open');
  if (id) url.searchParams.set('case', id);
  else url.searchParams.delete('case');
  window.history.replaceState(null, '', url);
}

function CaseDetail({ id, locale, onBack }: { id: string; locale: Locale; onBack: () => void }) {
  const m = disputeCaseMessages[locale];
  const read = useStore(disputeStore(id));
  const view = read.data;
  const [busy, setBusy] = useState(false);
  const load = () => reloadDispute(id);

  // While the analysis runs (within 30 s), look again every few seconds.
  useEffect(() => {
    if (view?.status !== 'analysing') return;
    const timer = setInterval(() => reloadDispute(id), 3000);
    return () => clearInterval(timer);
  }, [view?.status, id]);

  if (read.error) return <LoadError message={messageOf(read.error, m.loadFailed)} retry={load} label={m.tryAgain} />;
  if (!view) return <Skeleton className="h-96" />;

  async function appeal() {
    setBusy(true);
    try {
      await requestReview(id);
      toast({ title: m.reviewRequested, variant: 'success' });
    } catch (caught) {
      toast({ title: messageOf(caught, m.loadFailed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <article
      className="space-y-6 rounded-xl border border-border bg-surface p-4 sm:p-6"
      data-testid="dispute-case"
      data-status={view.status}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-xl font-semibold break-words">{view.title || m.job}</h2>
        <button type="button" className={buttonClasses('outline', 'sm')} onClick={onBack}>
          {m.back}
        </button>
      </div>
      <CaseView view={view} locale={locale} />
      {view.actions.answer && <AnswerForm view={view} locale={locale} />}
      {view.actions.addEvidence && !view.actions.answer && (
        <AddEvidence view={view} locale={locale} onAdded={() => toast({ title: m.uploaded, variant: 'success' })} />
      )}
      {view.actions.requestReview && (
        <Button type="button" variant="outline" disabled={busy} onClick={appeal}>
          {m.requestReview}
        </Button>
      )}
    </article>
  );
}

function CaseList({ locale, onSelect }: { locale: Locale; onSelect: (id: string) => void }) {
  const m = disputeCaseMessages[locale];
  const read = useStore($myDisputes);
  const cases = read.data?.disputes;
  if (read.error) {
    return <LoadError message={messageOf(read.error, m.loadFailed)} retry={reloadLists} label={m.tryAgain} />;
  }
  if (!cases) return <Skeleton className="h-40" />;
  if (cases.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border py-12 text-center">
        <h2 className="text-lg font-semibold">{m.emptyTitle}</h2>
        <p className="max-w-md text-sm text-muted">{m.emptyText}</p>
      </div>
    );
  }
  return (
    <section aria-labelledby="my-cases">
      <h2 id="my-cases" className="sr-only">
        {m.yourCases}
      </h2>
      <ul className="divide-y divide-border rounded-xl border border-border bg-surface" data-testid="disputes">
        {cases.map((c) => {
          const other = c.viewerRole === 'customer' ? c.parties.contractor : c.parties.customer;
          return (
            <li
              key={c.disputeId}
              className="flex flex-wrap items-center gap-3 px-4 py-4 sm:px-5"
              data-dispute={c.disputeId}
            >
              <div className="min-w-0 flex-1">
                <button
                  type="button"
                  className="text-left font-semibold break-words hover:underline"
                  onClick={() => onSelect(c.disputeId)}
                >
                  {c.title || m.job}
                </button>
                <p className="text-sm text-muted">
                  {format(m.with, { name: nameOf(m, other.name) })} · {formatCad(c.amountCents, locale)} ·{' '}
                  {format(m.openedOn, { date: formatWhen(c.openedAt, locale, false) })}
                </p>
              </div>
              {c.waitsForViewer && <span className="text-xs font-semibold text-accent-text">{m.waitsForYou}</span>}
              <StatusBadge locale={locale} status={c.status} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** /arbitration-status: my disputes, one case in detail, and the form to open one (?open=<jobId>). */
function ArbitrationStatus({ locale }: { locale: Locale }) {
  const m = disputeCaseMessages[locale];
  const [selected, setSelected] = useState<string | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    setSelected(param('case'));
    setOpening(param('open'));
    setReady(true);
  }, []);

  const select = (id: string | null) => {
    setOpening(null);
    setSelected(id);
    setCaseParam(id);
    window.scrollTo({ top: 0 });
  };

  if (!ready) return <Skeleton className="h-40" />;
  return (
    <div className="mt-4 space-y-6">
      <p className="max-w-prose text-sm text-muted">{m.statusIntro}</p>
      {opening ? (
        <OpenForm locale={locale} jobId={opening} onOpened={(view) => select(view.disputeId)} />
      ) : selected ? (
        <CaseDetail key={selected} id={selected} locale={locale} onBack={() => select(null)} />
      ) : (
        <CaseList locale={locale} onSelect={select} />
      )}
    </div>
  );
}

export default island(ArbitrationStatus);
