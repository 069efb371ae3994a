import { useStore } from '@nanostores/react';
import { useId, useState, type FormEvent } from 'react';
import { LEGAL_COPY_LIMITS, LEGAL_COPY_MESSAGES } from '../../../shared/domain/legal-copies/messages.ts';
import { legalCopyJobParams, legalCopyReadBody, type LegalCopyRead } from '../../../shared/http/legal-copies.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { legalCopiesMessages } from '../../i18n/messages/legal-copies.ts';
import { ApiError } from '../../lib/api.ts';
import { $session } from '../../stores/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { formatWhen } from '../contracts/shared.tsx';
import { readLegalCopies } from '../legal-copies/stores.ts';

type Reading = LegalCopyRead;
type Load =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'empty' }
  | { status: 'error'; message: string }
  | { status: 'ready'; reading: Reading };

/** The server's messages for this screen, in the page's language (anything else as the server wrote it). */
function localized(message: string, m: { reasonInvalid: string; empty: string }): string {
  if (message === LEGAL_COPY_MESSAGES.reason) return m.reasonInvalid;
  if (message === LEGAL_COPY_MESSAGES.notFound) return m.empty;
  return message;
}

/**
 * The admin dashboard's legal copies: the names kept with a contract's signatures, read only with a
 * reason, which the server records as an event (api/modules/legal-copies).
 */
function LegalCopies({ locale }: { locale: Locale }) {
  const m = legalCopiesMessages[locale];
  const id = useId();
  const session = useStore($session);
  const isAdmin = session.status === 'authenticated' && session.user.role === 'admin';
  const [jobId, setJobId] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ jobId?: string; reason?: string }>({});
  const [load, setLoad] = useState<Load>({ status: 'idle' });
  if (!isAdmin) return null;

  async function read() {
    const found: { jobId?: string; reason?: string } = {};
    const job = legalCopyJobParams.safeParse({ jobId: jobId.trim() });
    if (!job.success) found.jobId = m.jobIdInvalid;
    const body = legalCopyReadBody.parse({ reason });
    // The reason's length is the decider's rule, in characters (LEGAL_COPY_LIMITS), as the server counts it.
    const length = [...body.reason].length;
    if (length < LEGAL_COPY_LIMITS.reasonMin || length > LEGAL_COPY_LIMITS.reasonMax) found.reason = m.reasonInvalid;
    setErrors(found);
    if (!job.success || found.reason) return;
    setLoad({ status: 'loading' });
    try {
      setLoad({ status: 'ready', reading: await readLegalCopies(job.data.jobId, body.reason) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        setLoad({ status: 'empty' });
        return;
      }
      const server = error instanceof ApiError ? error.serverMessage : null;
      setLoad({ status: 'error', message: server ? localized(server, m) : m.failed });
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void read();
  };

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-8 space-y-4 rounded-xl border border-border bg-surface p-4 sm:p-6"
      data-testid="legal-copies"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {m.title}
      </h2>
      <p className="max-w-prose text-sm text-muted">{m.intro}</p>
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <Field label={m.jobId} error={errors.jobId}>
          {(f) => (
            <Input
              id={f.id}
              aria-describedby={f.describedBy}
              aria-invalid={f.invalid || undefined}
              value={jobId}
              spellCheck={false}
              autoComplete="off"
              maxLength={36}
              onChange={(event) => setJobId(event.currentTarget.value)}
            />
          )}
        </Field>
        <Field label={m.reason} hint={m.reasonHint} error={errors.reason}>
          {(f) => (
            <Textarea
              id={f.id}
              aria-describedby={f.describedBy}
              aria-invalid={f.invalid || undefined}
              rows={2}
              maxLength={LEGAL_COPY_LIMITS.reasonMax}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
          )}
        </Field>
        <div>
          <Button type="submit" disabled={load.status === 'loading'}>
            {load.status === 'loading' ? m.loading : m.read}
          </Button>
        </div>
      </form>
      {load.status === 'loading' && (
        <p role="status" className="text-sm text-muted">
          {m.loading}
        </p>
      )}
      {load.status === 'empty' && (
        <p
          role="status"
          className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted"
        >
          {m.empty}
        </p>
      )}
      {load.status === 'error' && (
        <p role="alert" className="text-sm text-danger">
          {load.message}{' '}
          <button type="button" className="underline" onClick={() => void read()}>
            {m.tryAgain}
          </button>
        </p>
      )}
      {load.status === 'ready' && (
        <div className="space-y-3" data-testid="legal-copies-result">
          <p className="text-sm font-medium">
            {format(m.contract, {
              version: load.reading.contract.version,
              template: load.reading.contract.templateVersion,
              status: m[`status:${load.reading.contract.status}`],
            })}
          </p>
          <ul className="space-y-3">
            {load.reading.copies.map((copy) => (
              <li key={copy.copyId} className="rounded-xl border border-border p-3 text-sm" data-copy={copy.role}>
                <p className="font-semibold">
                  {m[`role:${copy.role}`]}
                  {!copy.current && <span className="ml-2 text-xs font-normal text-muted">({m.voided})</span>}
                </p>
                <dl className="mt-2 grid gap-x-3 gap-y-1 sm:grid-cols-[10rem_1fr]">
                  <dt className="text-muted">{m.nameAtSigning}</dt>
                  <dd className="break-words">{copy.nameAtSigning}</dd>
                  <dt className="text-muted">{m.typedName}</dt>
                  <dd className="break-words">{copy.typedName}</dd>
                  <dt className="text-muted">{m.account}</dt>
                  <dd className="font-mono text-xs break-all">
                    {copy.accountId}
                    {!copy.accountExists && <span className="ml-2 font-sans text-danger">({m.accountDeleted})</span>}
                  </dd>
                  <dt className="text-muted">{m.signedAt}</dt>
                  <dd>{formatWhen(copy.signedAt, locale)}</dd>
                  <dt className="text-muted">{m.version}</dt>
                  <dd>
                    {copy.version} ({copy.templateVersion})
                  </dd>
                  <dt className="text-muted">{m.textHash}</dt>
                  <dd className="text-xs break-all">
                    <span className="font-mono">{copy.textHash}</span>{' '}
                    <span className={copy.matchesSignature ? 'text-success' : 'text-danger'}>
                      ({copy.matchesSignature ? m.hashMatches : m.hashMismatch})
                    </span>
                  </dd>
                  <dt className="text-muted">{m.userAgent}</dt>
                  <dd className="text-xs break-all">{copy.userAgent}</dd>
                  <dt className="text-muted">{m.retainUntil}</dt>
                  <dd>{formatWhen(copy.retainUntil, locale)}</dd>
                </dl>
              </li>
            ))}
          </ul>
          <p className="text-xs text-muted">{format(m.recorded, { when: formatWhen(load.reading.readAt, locale) })}</p>
        </div>
      )}
    </section>
  );
}

export default island(LegalCopies);
