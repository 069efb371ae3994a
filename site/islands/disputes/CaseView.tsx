import { useState, type FormEvent } from 'react';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { disputeCaseMessages } from '../../i18n/messages/disputes.ts';
import { formatCad } from '../../i18n/money.ts';
import { messageOf } from '../../lib/api.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Input } from '../../ui/Field.tsx';
import { Badge, formatDay, formatWhen, payoutDate } from '../contracts/shared.tsx';
import { EVIDENCE_ACCEPT, precheck, uploadEvidence, type DisputeView, type Shares } from './api.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { numberFormat } from '../../i18n/intl.ts';
import { localizeUploadRefusal, tooLargeRefusal } from '../../lib/upload-refusals.ts';
import { colon } from '../../i18n/punctuation.ts';

type M = (typeof disputeCaseMessages)['en'];

export const nameOf = (m: M, name: string) => (name === 'Former member' ? m.formerMember : name);

export function splitText(m: M, shares: Shares) {
  return format(m.split, {
    customer: shares.customerBps / 100,
    contractor: shares.contractorBps / 100,
    platform: shares.platformBps / 100,
  });
}

function Timeline({ view, locale }: { view: DisputeView; locale: Locale }) {
  const m = disputeCaseMessages[locale];
  return (
    <section aria-labelledby="case-timeline">
      <h3 id="case-timeline" className="font-semibold">
        {m.timeline}
      </h3>
      <ol className="mt-3 space-y-2" data-testid="dispute-timeline">
        {view.timeline.map((entry) => (
          <li key={entry.stage} className="flex gap-3" data-stage={entry.stage} data-state={entry.state}>
            <span
              aria-hidden="true"
              className={`mt-1.5 size-2.5 shrink-0 rounded-full ${
                entry.state === 'done'
                  ? 'bg-success'
                  : entry.state === 'current'
                    ? 'bg-accent'
                    : 'border border-border bg-surface'
              }`}
            />
            <div className="min-w-0 text-sm">
              <p className={entry.state === 'skipped' ? 'text-muted line-through' : 'font-medium'}>
                {m[`stage:${entry.stage}`]}{' '}
                <span className="font-normal text-muted">
                  · {m[`state:${entry.state}`]}
                  {entry.detail ? ` · ${m[`detail:${entry.detail}` as keyof M] ?? entry.detail}` : ''}
                </span>
              </p>
              {entry.at && (
                <p className="text-muted">
                  {entry.state === 'current'
                    ? format(m.dueBy, {
                        date: entry.at.length === 10 ? formatDay(entry.at, locale) : formatWhen(entry.at, locale),
                      })
                    : formatWhen(entry.at, locale)}
                </p>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function AnalysisPanel({ view, locale }: { view: DisputeView; locale: Locale }) {
  const m = disputeCaseMessages[locale];
  const a = view.analysis;
  if (!a) {
    return view.status === 'analysing' ? <p className="text-sm text-muted">{m.analysisPending}</p> : null;
  }
  const { customer, contractor } = a.evidenceScores;
  return (
    <section aria-labelledby="case-analysis" className="space-y-3" data-testid="dispute-analysis">
      <h3 id="case-analysis" className="font-semibold">
        {m.analysis}
      </h3>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {a.explanation.map((line) => (
          <div key={line.category} className="rounded-lg border border-border bg-surface-2 p-2">
            <dt className="text-xs text-muted">{m[`category:${line.category}`]}</dt>
            <dd className="text-lg font-semibold tabular-nums">{format(m.scoreOf, { score: line.score })}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm">
        <span className="font-medium">{format(m.average, { score: a.average })}</span> · {m.recommendation}:{' '}
        <span className="font-medium">{m[`outcome:${a.recommendation.outcome}`]}</span> ·{' '}
        {format(m.confidence, { pct: a.confidencePct })}
        {a.flags.includes('small-job') && (
          <>
            {' '}
            <Badge tone="neutral">{m.smallJob}</Badge>
          </>
        )}
      </p>
      <ul className="list-disc space-y-1 pl-5 text-sm text-muted">
        {a.explanation.map((line) => (
          <li key={line.category}>
            {format(m.explainStart, { category: m[`category:${line.category}`], start: line.start })}{' '}
            {line.adjustments.map((adjustment) =>
              adjustment.cause === 'evidence-balance'
                ? format(m[`explain:evidence-balance:${adjustment.delta > 0 ? 'contractor' : 'customer'}`], {
                    customer,
                    contractor,
                    delta: adjustment.delta,
                  }) + ' '
                : format(m['explain:work-not-complete'], { delta: adjustment.delta }) + ' ',
            )}
            {line.primary && line.adjustments.some((x) => x.cause === 'evidence-balance') ? m.explainPrimary : ''} →{' '}
            {format(m.scoreOf, { score: line.score })}
          </li>
        ))}
        <li>
          {format(m.explainConfidence, {
            balance: a.confidence.fromBalance,
            volume: a.confidence.fromVolume,
            near: a.confidence.nearBoundary !== 0 ? m.explainNear : '',
          })}{' '}
          = {a.confidencePct}%
        </li>
      </ul>
      {a.narrative && (
        <div className="rounded-lg border border-border bg-surface-2 p-3 text-sm">
          <p className="font-medium">{m.narrative}</p>
          <p className="mt-1 whitespace-pre-line">{a.narrative}</p>
        </div>
      )}
    </section>
  );
}

function Outcome({ view, locale }: { view: DisputeView; locale: Locale }) {
  const m = disputeCaseMessages[locale];
  const d = view.decision;
  if (!d) return null;
  const e = view.escrow;
  const money = (cents: number) => formatCad(cents, locale);
  return (
    <section aria-labelledby="case-decision" className="space-y-2" data-testid="dispute-decision">
      <h3 id="case-decision" className="font-semibold">
        {m.decisionTitle}
        {colon(locale)}
        {m[`outcome:${d.outcome}`]}
      </h3>
      <p className="text-sm">{format(m.decidedVia, { via: m[`via:${d.via}`] })}</p>
      <p className="text-sm">{splitText(m, d.shares)}</p>
      <div className="text-sm">
        <p className="font-medium">{m.reasons}</p>
        <p className="whitespace-pre-line text-muted">{d.reasons}</p>
      </div>
      {e && e.status === 'distributed' && (
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
          <dt>{m.refundToCustomer}</dt>
          <dd className="text-right tabular-nums">{money(e.customerRefundCents)}</dd>
          <dt>{m.platformShare}</dt>
          <dd className="text-right tabular-nums">{money(e.platformShareCents)}</dd>
          <dt>{m.contractorGross}</dt>
          <dd className="text-right tabular-nums">{money(e.contractorGrossCents)}</dd>
          <dt>{m.feeAndTax}</dt>
          <dd className="text-right tabular-nums">−{money(e.feeCents + e.taxCents)}</dd>
          <dt className="font-medium">{m.contractorNet}</dt>
          <dd className="text-right font-medium tabular-nums">{money(e.contractorNetCents)}</dd>
        </dl>
      )}
      {view.payouts.length > 0 && (
        <ul className="space-y-1 text-sm" aria-label={m.payouts}>
          {view.payouts.map((p) => (
            <li key={`${p.kind}-${p.amountCents}`} className="flex justify-between gap-2">
              <span>
                {m[`payout:${p.kind}`]} · {payoutDate(p, m, locale)}
              </span>
              <span className="tabular-nums">{money(p.amountCents)}</span>
            </li>
          ))}
        </ul>
      )}
      {d.arbitratorFeeCents !== null && (
        <p className="text-xs text-muted">{format(m.arbitratorFee, { amount: money(d.arbitratorFeeCents) })}</p>
      )}
    </section>
  );
}

/** Why a chosen file cannot be sent, in the page's language (its kind and limit when too large), or null. */
export function precheckMessage(file: File, m: M, locale: Locale): string | null {
  const found = precheck(file);
  if (!found) return null;
  if (found.problem === 'type') return format(m.fileType, { name: file.name });
  return format(m.fileTooLarge, { name: file.name, limit: tooLargeRefusal(found.kind, found.maxBytes, locale) });
}

/** The server's refusal of an upload in the page's language. */
export const uploadErrorOf = (error: unknown, m: M, locale: Locale) =>
  localizeUploadRefusal(messageOf(error, m.loadFailed), locale);

/** Adds one file at a time while the case takes evidence. */
export function AddEvidence({
  view,
  locale,
  onAdded,
}: {
  view: DisputeView;
  locale: Locale;
  onAdded: (view: DisputeView) => void;
}) {
  const m = disputeCaseMessages[locale];
  const [file, setFile] = useState<File | null>(null);
  const [caption, setCaption] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [inputKey, setInputKey] = useState(0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    const problem = precheckMessage(file, m, locale);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      onAdded(await uploadEvidence(view.disputeId, file, caption));
      setFile(null);
      setCaption('');
      setInputKey((k) => k + 1);
    } catch (caught) {
      setError(uploadErrorOf(caught, m, locale));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} aria-label={m.addEvidence} className="space-y-3 rounded-lg border border-border p-3">
      <p className="font-medium">{m.addEvidence}</p>
      <Field label={m.files} hint={m.filesHint} error={error}>
        {(ids) => (
          <input
            key={inputKey}
            id={ids.id}
            aria-describedby={ids.describedBy}
            type="file"
            accept={Object.keys(EVIDENCE_ACCEPT).join(',')}
            className="block w-full text-sm"
            onChange={(event) => {
              setError(null);
              setFile(event.currentTarget.files?.[0] ?? null);
            }}
          />
        )}
      </Field>
      <Field label={m.caption}>
        {(ids) => (
          <Input
            id={ids.id}
            aria-describedby={ids.describedBy}
            value={caption}
            maxLength={500}
            onChange={(event) => setCaption(event.currentTarget.value)}
          />
        )}
      </Field>
      <Button type="submit" size="sm" disabled={!file || busy}>
        {busy && file ? format(m.uploading, { name: file.name }) : m.upload}
      </Button>
    </form>
  );
}

/** Everything about one case that both parties and the arbitrator read. */
/** The size in the reader's language: '12 kB' in English, '12 ko' in French. */
function fileSize(bytes: number, locale: Locale): string {
  return numberFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: 0,
  }).format(Math.max(1, Math.round(bytes / 1024)));
}

export function CaseView({ view, locale }: { view: DisputeView; locale: Locale }) {
  const m = disputeCaseMessages[locale];
  const statement = (role: 'customer' | 'contractor') =>
    role === view.openerRole ? view.description : view.answerStatement;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <StatusBadge locale={locale} status={view.status} />
        <span className="text-sm text-muted">
          {m.amount}
          {colon(locale)}
          <span className="font-medium text-fg">{formatCad(view.amountCents, locale)}</span>
        </span>
        <span className="text-sm text-muted">{m[`reason:${view.reason}` as keyof M] ?? view.reason}</span>
        <a className="text-sm underline" href={localizePath(`/contracts/${view.jobId}`, locale)}>
          {m.viewContract}
        </a>
      </div>
      <Timeline view={view} locale={locale} />
      <section aria-labelledby="case-statements" className="space-y-3">
        <h3 id="case-statements" className="font-semibold">
          {m.statements}
        </h3>
        {(['customer', 'contractor'] as const).map((role) => (
          <div key={role} className="rounded-lg border border-border p-3 text-sm" data-party={role}>
            <p className="font-medium">
              {m[`party:${role}`]} · {nameOf(m, view.parties[role].name)}
            </p>
            <p className="mt-1 whitespace-pre-line">
              {statement(role) ?? <span className="text-muted">{m.noAnswerYet}</span>}
            </p>
          </div>
        ))}
      </section>
      <section aria-labelledby="case-evidence">
        <h3 id="case-evidence" className="font-semibold">
          {m.evidence}
        </h3>
        {view.evidence.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{m.noEvidence}</p>
        ) : (
          <ul className="mt-2 grid gap-3 sm:grid-cols-2" data-testid="dispute-evidence">
            {view.evidence.map((item) => (
              <li key={item.evidenceId} className="flex gap-3 rounded-lg border border-border p-2 text-sm">
                {item.kind === 'photo' ? (
                  <img
                    src={item.url}
                    alt={item.caption || m['kind:photo']}
                    className="size-16 shrink-0 rounded object-cover"
                    loading="lazy"
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className="flex size-16 shrink-0 items-center justify-center rounded bg-surface-2 text-xs"
                  >
                    {m[`kind:${item.kind}`]}
                  </span>
                )}
                <div className="min-w-0">
                  <p className="font-medium">
                    {m[`kind:${item.kind}`]} · {m[`party:${item.partyRole}`]}
                  </p>
                  {item.caption && <p className="break-words text-muted">{item.caption}</p>}
                  <a className="underline" href={item.url} target="_blank" rel="noopener">
                    {m.openFile} ({fileSize(item.sizeBytes, locale)})
                  </a>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <AnalysisPanel view={view} locale={locale} />
      {view.proposal && view.status === 'proposed' && (
        <section className="rounded-lg border border-accent/40 bg-accent/10 p-3 text-sm" data-testid="dispute-proposal">
          <p className="font-semibold">
            {m.proposalTitle}
            {colon(locale)}
            {m[`outcome:${view.proposal.outcome}`]}
          </p>
          <p className="mt-1">{format(m.proposalText, { date: formatWhen(view.proposal.appealBy, locale) })}</p>
        </section>
      )}
      <Outcome view={view} locale={locale} />
    </div>
  );
}
