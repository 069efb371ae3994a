import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { disputeCaseMessages } from '../../i18n/messages/dispute-cases.ts';
import { formatCad } from '../../i18n/money.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Field, Textarea } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { disputeReasons } from '../../../shared/domain/disputes/events.ts';
import { formatWhen, LoadError } from '../contracts/shared.tsx';
import {
  answerDispute,
  EVIDENCE_ACCEPT,
  fetchDispute,
  fetchMyDisputes,
  openDispute,
  requestReview,
  uploadEvidence,
  type DisputeSummary,
  type DisputeView,
} from './api.ts';
import { AddEvidence, CaseView, nameOf, precheckMessage, StatusBadge, uploadErrorOf } from './CaseView.tsx';

type M = (typeof disputeCaseMessages)['en'];
const REASONS = disputeReasons;

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

/** Several files chosen at once, checked against the server's limits before anything is sent. */
function FilePicker({
  m,
  locale,
  files,
  onChange,
}: {
  m: M;
  locale: Locale;
  files: File[];
  onChange: (files: File[], error: string | null) => void;
}) {
  return (
    <Field label={m.files} hint={m.filesHint}>
      {(ids) => (
        <>
          <input
            id={ids.id}
            aria-describedby={ids.describedBy}
            type="file"
            multiple
            accept={Object.keys(EVIDENCE_ACCEPT).join(',')}
            className="block w-full text-sm"
            onChange={(event) => {
              const chosen = [...(event.currentTarget.files ?? [])];
              const problem = chosen.map((file) => precheckMessage(file, m, locale)).find(Boolean) ?? null;
              onChange(chosen, problem);
            }}
          />
          {files.length > 0 && (
            <ul className="text-xs text-muted">
              {files.map((file) => (
                <li key={`${file.name}-${file.size}`}>{file.name}</li>
              ))}
            </ul>
          )}
        </>
      )}
    </Field>
  );
}

/** Uploads the files one by one; answers the last view and the messages of the files that failed. */
async function uploadAll(m: M, locale: Locale, id: string, files: File[], onProgress: (text: string) => void) {
  let last: DisputeView | null = null;
  const failures: string[] = [];
  for (const file of files) {
    onProgress(format(m.uploading, { name: file.name }));
    try {
      last = await uploadEvidence(id, file, '');
    } catch (error) {
      failures.push(format(m.uploadFailed, { name: file.name, error: uploadErrorOf(error, m, locale) }));
    }
  }
  return { last, failures };
}

function OpenForm({
  locale,
  jobId,
  onOpened,
}: {
  locale: Locale;
  jobId: string;
  onOpened: (view: DisputeView) => void;
}) {
  const m = disputeCaseMessages[locale];
  const [reason, setReason] = useState<(typeof REASONS)[number]>('poor-quality');
  const [description, setDescription] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const length = [...description.trim()].length;
  const valid = length >= 20 && length <= 4000;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || progress) return;
    setError(null);
    setProgress(m.opening);
    try {
      let view = await openDispute({ jobId, reason, description });
      const { last, failures } = await uploadAll(m, locale, view.disputeId, files, setProgress);
      if (last) view = last;
      for (const failure of failures) toast({ title: failure, variant: 'destructive' });
      onOpened(view);
    } catch (caught) {
      setError(messageOf(caught, m.loadFailed));
    } finally {
      setProgress(null);
    }
  }

  return (
    <form
      onSubmit={submit}
      aria-labelledby="open-dispute"
      className="space-y-4 rounded-xl border border-border bg-surface p-4 sm:p-6"
    >
      <h2 id="open-dispute" className="text-lg font-semibold">
        {m.openTitle}
      </h2>
      <p className="text-sm text-muted">{m.openIntro}</p>
      <Field label={m.reason}>
        {(ids) => (
          <select
            id={ids.id}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value as (typeof REASONS)[number])}
            className="w-full rounded-lg border border-border bg-surface px-3 py-2"
          >
            {REASONS.map((r) => (
              <option key={r} value={r}>
                {m[`reason:${r}`]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={m.description} hint={`${m.descriptionHint} ${format(m.charCount, { count: length })}`}>
        {(ids) => (
          <Textarea
            id={ids.id}
            aria-describedby={ids.describedBy}
            rows={6}
            maxLength={4000}
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
        )}
      </Field>
      <FilePicker
        m={m}
        locale={locale}
        files={files}
        onChange={(chosen, problem) => {
          setFiles(problem ? [] : chosen);
          setError(problem);
        }}
      />
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={!valid || progress !== null}>
          {progress ?? m.submitOpen}
        </Button>
        <a className={buttonClasses('outline')} href={localizePath(`/contracts/${jobId}`, locale)}>
          {m.cancel}
        </a>
      </div>
    </form>
  );
}

function AnswerForm({
  view,
  locale,
  onDone,
}: {
  view: DisputeView;
  locale: Locale;
  onDone: (view: DisputeView) => void;
}) {
  const m = disputeCaseMessages[locale];
  const [statement, setStatement] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const length = [...statement.trim()].length;
  const valid = length >= 20 && length <= 4000;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!valid || progress) return;
    setError(null);
    setProgress(m.opening);
    try {
      // Files first: once answered, the case is closed to new evidence.
      const { failures } = await uploadAll(m, locale, view.disputeId, files, setProgress);
      if (failures.length > 0) {
        setError(failures.join(' '));
        return;
      }
      onDone(await answerDispute(view.disputeId, statement));
      toast({ title: m.answered, variant: 'success' });
    } catch (caught) {
      setError(messageOf(caught, m.loadFailed));
    } finally {
      setProgress(null);
    }
  }

  return (
    <form
      onSubmit={submit}
      aria-labelledby="answer-dispute"
      className="space-y-4 rounded-xl border border-accent/40 p-4"
    >
      <h3 id="answer-dispute" className="font-semibold">
        {m.answerTitle}
      </h3>
      <p className="text-sm text-muted">
        {m.answerIntro} {format(m.answerBy, { date: formatWhen(view.respondBy, locale) })}
      </p>
      <Field label={m.description} hint={`${m.descriptionHint} ${format(m.charCount, { count: length })}`}>
        {(ids) => (
          <Textarea
            id={ids.id}
            aria-describedby={ids.describedBy}
            rows={5}
            maxLength={4000}
            value={statement}
            onChange={(event) => setStatement(event.currentTarget.value)}
          />
        )}
      </Field>
      <FilePicker
        m={m}
        locale={locale}
        files={files}
        onChange={(chosen, problem) => {
          setFiles(problem ? [] : chosen);
          setError(problem);
        }}
      />
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <Button type="submit" disabled={!valid || progress !== null}>
        {progress ?? m.sendAnswer}
      </Button>
    </form>
  );
}

function CaseDetail({ id, locale, onBack }: { id: string; locale: Locale; onBack: () => void }) {
  const m = disputeCaseMessages[locale];
  const [view, setView] = useState<DisputeView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    setError(null);
    fetchDispute(id).then(setView, (caught) => setError(messageOf(caught, m.loadFailed)));
  }, [id, m.loadFailed]);
  useEffect(load, [load]);
  // While the analysis runs (within 30 s), look again every few seconds.
  useEffect(() => {
    if (view?.status !== 'analysing') return;
    const timer = setInterval(load, 3000);
    return () => clearInterval(timer);
  }, [view?.status, load]);

  if (error) return <LoadError message={error} retry={load} label={m.tryAgain} />;
  if (!view) return <Skeleton className="h-96" />;

  async function appeal() {
    setBusy(true);
    try {
      setView(await requestReview(id));
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
      {view.actions.answer && <AnswerForm view={view} locale={locale} onDone={setView} />}
      {view.actions.addEvidence && !view.actions.answer && (
        <AddEvidence
          view={view}
          locale={locale}
          onAdded={(next) => {
            setView(next);
            toast({ title: m.uploaded, variant: 'success' });
          }}
        />
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
  const [cases, setCases] = useState<DisputeSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    setError(null);
    fetchMyDisputes().then(setCases, (caught) => setError(messageOf(caught, m.loadFailed)));
  }, [m.loadFailed]);
  useEffect(load, [load]);

  if (error) return <LoadError message={error} retry={load} label={m.tryAgain} />;
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
