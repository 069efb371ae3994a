import { useStore } from '@nanostores/react';
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { disputeCaseMessages } from '../../i18n/messages/disputes.ts';
import { formatCad } from '../../i18n/money.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { LoadError } from '../contracts/shared.tsx';
import { decisionBody } from '../../../shared/http/disputes.ts';
import {
  $queue,
  $queueSort,
  $queueState,
  decideDispute,
  disputeStore,
  reloadDispute,
  reloadLists,
  type DisputeView,
  type OutcomeId,
  type QueueSort,
  type QueueState,
} from './api.ts';
import { CaseView, StatusBadge } from './CaseView.tsx';

const OUTCOMES: readonly (OutcomeId | 'custom')[] = [
  'contractor-full-payment',
  'customer-refund',
  'shared-fault',
  'minor-issues',
  'custom',
];
const DAY_MS = 86_400_000;

function DecisionForm({ view, locale }: { view: DisputeView; locale: Locale }) {
  const m = disputeCaseMessages[locale];
  const [outcome, setOutcome] = useState<OutcomeId | 'custom'>(view.analysis?.recommendation.outcome ?? 'minor-issues');
  const [split, setSplit] = useState({ customer: 50, contractor: 40, platform: 10 });
  const [reasons, setReasons] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per attempt: a retry after a network error replays it, a new attempt makes a new one.
  const attemptKey = useRef<string | null>(null);
  const total = split.customer + split.contractor + split.platform;
  const length = [...reasons.trim()].length;
  const body = { outcome, ...(outcome === 'custom' ? { split } : {}), reasons };
  // The API's own body schema (shared/http/disputes.ts); the split's total is the decider's rule.
  const valid = decisionBody.safeParse(body).success && (outcome !== 'custom' || total === 100);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || busy) return;
    if (!confirming) {
      setConfirming(true);
      return;
    }
    setBusy(true);
    setError(null);
    attemptKey.current ??= crypto.randomUUID();
    try {
      await decideDispute(view.disputeId, body, attemptKey.current);
      attemptKey.current = null;
      toast({ title: m.decided, variant: 'success' });
    } catch (caught) {
      setError(messageOf(caught, m.loadFailed));
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  }

  const percentInput = (party: 'customer' | 'contractor' | 'platform', label: string) => (
    <Field label={format(m.customPercent, { party: label })}>
      {(ids) => (
        <Input
          id={ids.id}
          type="number"
          inputMode="numeric"
          min={0}
          max={100}
          step={1}
          value={split[party]}
          onChange={(event) => {
            const value = Math.max(0, Math.min(100, Math.round(Number(event.currentTarget.value) || 0)));
            setSplit((s) => ({ ...s, [party]: value }));
            setConfirming(false);
          }}
        />
      )}
    </Field>
  );

  return (
    <form
      onSubmit={submit}
      aria-labelledby="decide-case"
      className="space-y-4 rounded-xl border border-accent/40 p-4"
      data-testid="decision-form"
    >
      <h3 id="decide-case" className="font-semibold">
        {m.decideTitle}
      </h3>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">{m.outcome}</legend>
        {OUTCOMES.map((id) => (
          <label key={id} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="outcome"
              value={id}
              checked={outcome === id}
              onChange={() => {
                setOutcome(id);
                setConfirming(false);
              }}
              className="mt-1"
            />
            <span>{m[`outcome:${id}`]}</span>
          </label>
        ))}
      </fieldset>
      {outcome === 'custom' && (
        <div className="space-y-2">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            {percentInput('customer', m['party:customer'])}
            {percentInput('contractor', m['party:contractor'])}
            {percentInput('platform', m.platformShare)}
          </div>
          <p className={`text-sm ${total === 100 ? 'text-muted' : 'text-danger'}`} aria-live="polite">
            {format(m.customTotal, { total })}
          </p>
        </div>
      )}
      <Field label={m.reasonsLabel} hint={`${m.reasonsHint} ${format(m.charCount, { count: length })}`}>
        {(ids) => (
          <Textarea
            id={ids.id}
            aria-describedby={ids.describedBy}
            rows={5}
            maxLength={4000}
            value={reasons}
            onChange={(event) => {
              setReasons(event.currentTarget.value);
              setConfirming(false);
            }}
          />
        )}
      </Field>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      {confirming && (
        <p role="alert" className="rounded-lg border border-danger/40 bg-danger/10 p-3 text-sm">
          {m.confirmText}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!valid || busy} variant={confirming ? 'destructive' : 'primary'}>
          {busy ? m.deciding : confirming ? m.confirmDecision : m.reviewDecision}
        </Button>
        {confirming && (
          <button type="button" className={buttonClasses('outline')} onClick={() => setConfirming(false)}>
            {m.cancel}
          </button>
        )}
      </div>
    </form>
  );
}

/** One case to review; a decision updates it and the queue (api.ts). */
function CasePanel({ id, locale }: { id: string; locale: Locale }) {
  const m = disputeCaseMessages[locale];
  const read = useStore(disputeStore(id));
  const view = read.data;
  if (read.error) {
    return (
      <LoadError message={messageOf(read.error, m.loadFailed)} retry={() => reloadDispute(id)} label={m.tryAgain} />
    );
  }
  if (!view) return <Skeleton className="h-96" />;
  return (
    <article
      className="space-y-6 rounded-xl border border-border bg-surface p-4 sm:p-6"
      data-testid="dispute-case"
      data-status={view.status}
    >
      <h2 className="text-xl font-semibold break-words">{view.title || m.job}</h2>
      <CaseView view={view} locale={locale} />
      {view.actions.decide && <DecisionForm view={view} locale={locale} />}
    </article>
  );
}

/** /arbitration-dashboard (admins): the queue, and one case to review and decide. */
function ArbitrationDashboard({ locale }: { locale: Locale }) {
  const m = disputeCaseMessages[locale];
  const sort = useStore($queueSort);
  const state = useStore($queueState);
  const queue = useStore($queue);
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
      {selected && <CasePanel key={selected} id={selected} locale={locale} />}
    </div>
  );
}

export default island(ArbitrationDashboard);
