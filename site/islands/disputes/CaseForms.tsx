import { useState, type FormEvent } from 'react';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { disputeCaseMessages } from '../../i18n/messages/disputes.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Field, Textarea } from '../../ui/Field.tsx';
import { disputeReasons } from '../../../shared/domain/disputes/events.ts';
import { answerBody, openBody } from '../../../shared/http/disputes.ts';
import { formatWhen } from '../contracts/shared.tsx';
import { answerDispute, EVIDENCE_ACCEPT, openDispute, uploadEvidence, type DisputeView } from './api.ts';
import { precheckMessage, uploadErrorOf } from './CaseView.tsx';

/** The party's forms: opening a dispute and answering one, each with its files. */
type M = (typeof disputeCaseMessages)['en'];
const REASONS = disputeReasons;

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

export function OpenForm({
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
  // The API's own rule for the description (shared/http/disputes.ts).
  const valid = openBody.shape.description.safeParse(description).success;

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

export function AnswerForm({ view, locale }: { view: DisputeView; locale: Locale }) {
  const m = disputeCaseMessages[locale];
  const [statement, setStatement] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const length = [...statement.trim()].length;
  const valid = answerBody.safeParse({ statement }).success;

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
      await answerDispute(view.disputeId, statement);
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
