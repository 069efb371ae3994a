import { useStore } from '@nanostores/react';
import { useRef, useState, type FormEvent } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { disputeCaseMessages } from '../../i18n/messages/disputes.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { LoadError } from '../contracts/shared.tsx';
import { decisionBody } from '../../../shared/http/disputes.ts';
import { decideDispute, disputeStore, reloadDispute, type DisputeView, type OutcomeId } from './api.ts';
import { CaseView } from './CaseView.tsx';

const OUTCOMES: readonly (OutcomeId | 'custom')[] = [
  'contractor-full-payment',
  'customer-refund',
  'shared-fault',
  'minor-issues',
  'custom',
];

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
export default function CasePanel({ id, locale }: { id: string; locale: Locale }) {
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
