import { useStore } from '@nanostores/react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { disputeCaseMessages } from '../../i18n/messages/disputes.ts';
import { formatCad } from '../../i18n/money.ts';
import { messageOf } from '../../lib/api.ts';
import { Field } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { LoadError } from '../contracts/shared.tsx';
import { useQuery } from '../../lib/first-reads.ts';
import { $queue, $queueSort, $queueState, disputeUrls, reloadLists, type QueueSort, type QueueState } from './api.ts';
import { StatusBadge } from './StatusBadge.tsx';

/**
 * The case under review, with the decision form and the API's body schema it checks with (zod):
 * loaded when a case is first opened, so the queue shows without them.
 */
const CasePanel = lazy(() => import('./CasePanel.tsx'));

const DAY_MS = 86_400_000;

/** /arbitration-dashboard (admins): the queue, and one case to review and decide. */
function ArbitrationDashboard({ locale }: { locale: Locale }) {
  const m = disputeCaseMessages[locale];
  const sort = useStore($queueSort);
  const state = useStore($queueState);
  const queue = useQuery($queue, disputeUrls.queue(sort, state));
  const cases = queue.data?.disputes;
  const [selected, setSelected] = useState<string | null>(null);
  // The cases' ages are counted from when the queue was read.
  const now = useMemo(() => (cases ? Date.now() : 0), [cases]);

  return (
    <div className="mt-4 space-y-6">
      <p className="max-w-prose text-sm text-muted">{m.dashboardIntro}</p>
      <div className="flex flex-wrap gap-4">
        <Field label={m.sortBy}>
          {(ids) => (
            <select
              id={ids.id}
              value={sort}
              onChange={(event) => $queueSort.set(event.currentTarget.value as QueueSort)}
              className="rounded-lg border border-border bg-surface px-3 py-2"
            >
              <option value="age">{m['sort:age']}</option>
              <option value="amount">{m['sort:amount']}</option>
            </select>
          )}
        </Field>
        <Field label={m.show}>
          {(ids) => (
            <select
              id={ids.id}
              value={state}
              onChange={(event) => $queueState.set(event.currentTarget.value as QueueState)}
              className="rounded-lg border border-border bg-surface px-3 py-2"
            >
              <option value="open">{m['state:open']}</option>
              <option value="decided">{m['state:decided']}</option>
              <option value="all">{m['state:all']}</option>
            </select>
          )}
        </Field>
      </div>
      {queue.error ? (
        <LoadError message={messageOf(queue.error, m.loadFailed)} retry={reloadLists} label={m.tryAgain} />
      ) : !cases ? (
        <Skeleton className="h-40" />
      ) : cases.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border py-10 text-center text-sm text-muted">
          {m.queueEmpty}
        </p>
      ) : (
        <ul
          className="divide-y divide-border rounded-xl border border-border bg-surface"
          data-testid="arbitration-queue"
        >
          {cases.map((c) => (
            <li key={c.disputeId} data-dispute={c.disputeId} className={selected === c.disputeId ? 'bg-surface-2' : ''}>
              <button
                type="button"
                aria-expanded={selected === c.disputeId}
                onClick={() => setSelected((current) => (current === c.disputeId ? null : c.disputeId))}
                className="flex w-full flex-wrap items-center gap-3 px-4 py-3 text-left sm:px-5"
              >
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold break-words">{c.title || m.job}</span>
                  <span className="block text-sm text-muted">
                    {formatCad(c.amountCents, locale)} ·{' '}
                    {format(m.ageDays, { days: Math.max(0, Math.floor((now - Date.parse(c.openedAt)) / DAY_MS)) })}
                    {c.confidencePct !== null ? ` · ${format(m.confidence, { pct: c.confidencePct })}` : ''}
                    {c.flags.includes('small-job') ? ` · ${m.smallJob}` : ''}
                  </span>
                </span>
                <StatusBadge locale={locale} status={c.status} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {selected && (
        <Suspense fallback={<Skeleton className="h-96" />}>
          <CasePanel key={selected} id={selected} locale={locale} />
        </Suspense>
      )}
    </div>
  );
}

export default island(ArbitrationDashboard);
