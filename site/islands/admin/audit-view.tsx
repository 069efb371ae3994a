import { CircleCheck, CircleX, Download } from 'lucide-react';
import { Fragment, useId, type ReactNode } from 'react';
import { format } from '../../i18n/index.ts';
import { dateTimeFormat } from '../../i18n/intl.ts';
import { htmlLang, type Locale } from '../../i18n/locales.ts';
import { auditTrailMessages } from '../../i18n/messages/audit-trail.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { auditUrls, type AuditHistory, type AuditJob, type FoundJobs, type StreamAuditView } from './audit-stores.ts';
import { plural } from '../../i18n/plural.ts';

/**
 * The auditor view's pieces, drawn from what the audit API answered (no fetching here, so they
 * render on the server and in tests): the job list, a stream's history with roles and times, its
 * state at an instant, its verification, and the offline bundle.
 */
type M = (typeof auditTrailMessages)['en'];
const messagesOf = (locale: Locale): M => auditTrailMessages[locale];

/** A read's state as the pieces need it (a nanoquery store's value). */
export type Read<T> = { data?: T; loading: boolean; error?: unknown };

/** An instant with its seconds, in the reader's zone and language. */
export function instantText(iso: string, locale: Locale): string {
  return dateTimeFormat(htmlLang[locale], { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso));
}

function dateText(iso: string, locale: Locale): string {
  return dateTimeFormat(htmlLang[locale], { dateStyle: 'medium' }).format(new Date(iso));
}

/** An instant as a `datetime-local` value (local time, to the second). */
export function localInputValue(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** A message with React nodes in its `{placeholders}`. */
function fill(template: string, parts: Record<string, ReactNode>): ReactNode {
  return template
    .split(/\{(\w+)\}/)
    .map((piece, i) => (i % 2 === 1 ? <Fragment key={i}>{parts[piece] ?? `{${piece}}`}</Fragment> : piece));
}

/** How an auditor checks a bundle with the log's public key, without the site (scripts/audit-trail.ts). */
export const offlineCommand = (file: string) => `npm run audit -- check ${file} --key audit-key.pem`;

const shortHash = (hash: string) => (hash.length > 16 ? `${hash.slice(0, 12)}…` : hash);

function label(m: M, key: string, fallback: string): string {
  return (m as Record<string, string>)[key] ?? fallback;
}

export type RoleKey = AuditHistory['roles'][string] | 'system' | 'unknown';

/** What the actor was to the history: a scheduled job (no actor) is the system. */
export function roleOf(actorId: string | null, roles: AuditHistory['roles']): RoleKey {
  if (actorId === null) return 'system';
  return roles[actorId] ?? 'unknown';
}

function Alert({ children, onRetry, retry }: { children: ReactNode; onRetry: () => void; retry: string }) {
  return (
    <div role="alert" className="space-y-2">
      <p className="text-sm text-danger">{children}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {retry}
      </Button>
    </div>
  );
}

export function JobResults({
  locale,
  query,
  jobs,
  openJobId,
  onOpen,
  onRetry,
}: {
  locale: Locale;
  query: string;
  jobs: Read<FoundJobs>;
  openJobId: string | null;
  onOpen: (job: AuditJob) => void;
  onRetry: () => void;
}) {
  const m = messagesOf(locale);
  const id = useId();
  const list = jobs.data?.jobs;
  const answered = jobs.data?.q ?? query;
  const searching = jobs.loading || answered !== query || (!list && !jobs.error);
  const failed = !list && Boolean(jobs.error) && !jobs.loading;
  const empty = !searching && list?.length === 0;
  // One live region for the search's progress and its empty answer, kept on the page so both are read out.
  const status = searching ? m.searching : !empty ? '' : answered ? format(m.noMatch, { q: answered }) : m.noJobs;
  return (
    <div className="space-y-2" data-testid="audit-jobs">
      {list && (
        <h3 id={`${id}-jobs`} className="text-sm font-medium [overflow-wrap:anywhere]">
          {answered ? format(m.matching, { q: answered }) : m.newest}
        </h3>
      )}
      <p
        role="status"
        className={
          empty
            ? 'rounded-lg border border-dashed border-border p-4 text-sm text-muted [overflow-wrap:anywhere]'
            : 'text-sm text-muted'
        }
      >
        {status}
      </p>
      {failed && <Alert {...{ onRetry, retry: m.tryAgain }}>{m.jobsFailed}</Alert>}
      {list && list.length > 0 && (
        <ul aria-labelledby={`${id}-jobs`} className="divide-y divide-border rounded-xl border border-border">
          {list.map((job) => {
            const open = job.jobId === openJobId;
            return (
              <li key={job.jobId}>
                <button
                  type="button"
                  aria-current={open ? 'true' : undefined}
                  onClick={() => onOpen(job)}
                  className={`block w-full px-4 py-3 text-left text-sm hover:bg-surface-2 focus-visible:outline-2 focus-visible:-outline-offset-2 ${open ? 'bg-surface-2' : ''}`}
                >
                  <span className="flex flex-wrap items-baseline justify-between gap-x-2">
                    <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{job.title}</span>
                    {open && (
                      <span className="rounded-full border border-accent px-2 text-xs font-medium">{m.selected}</span>
                    )}
                  </span>
                  <span className="mt-0.5 block text-muted">
                    {label(m, `kind:${job.kind}`, job.kind)} ·{' '}
                    {label(m, `contract:${job.contractStatus}`, job.contractStatus)} ·{' '}
                    {format(m.contractOf, { date: dateText(job.createdAt, locale) })}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export function VerificationResult({
  locale,
  verification,
  onCheckAgain,
}: {
  locale: Locale;
  verification: Read<StreamAuditView>;
  onCheckAgain: () => void;
}) {
  const m = messagesOf(locale);
  const v = verification.data;
  const head = v?.log.latestHead ?? null;
  return (
    <div className="space-y-3" data-testid="audit-verification" data-verified={v ? String(v.ok) : undefined}>
      {/* Kept on the page so that the result replacing "Checking…" is read out; a failure is an alert. */}
      <div role="status">
        {v?.ok && (
          <div className="flex gap-3 rounded-lg border border-success/40 bg-success/10 p-3 text-sm">
            <CircleCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-success" />
            <div>
              <p className="font-semibold">{m.verified}</p>
              <p>{m.verifiedDetail}</p>
            </div>
          </div>
        )}
        {verification.loading && <p className="mt-2 text-sm text-muted">{m.verifying}</p>}
      </div>
      {v && !v.ok && (
        <div role="alert" className="flex gap-3 rounded-lg border-2 border-danger bg-danger/10 p-3 text-sm">
          <CircleX aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-danger" />
          <div className="min-w-0 [overflow-wrap:anywhere]">
            <p className="font-semibold uppercase">{m.failed}</p>
            {v.firstBadRevision !== null && (
              <p>{format(m.failedAt, { revision: v.firstBadRevision, type: v.type ?? '?' })}</p>
            )}
            {v.reason && <p>{format(m.failedReason, { reason: v.reason })}</p>}
          </div>
        </div>
      )}
      {verification.error && !verification.loading ? (
        <Alert {...{ onRetry: onCheckAgain, retry: m.tryAgain }}>{m.verifyFailedToLoad}</Alert>
      ) : null}
      {v && (
        <>
          <ul className="list-disc space-y-1 pl-5 text-sm [overflow-wrap:anywhere]">
            <li>
              {!v.chain.ok
                ? m.chainBroken
                : plural(locale, v.length, { one: m.chainOkOne, other: m.chainOk }, { length: v.length })}
            </li>
            {v.chain.legacyRuleEvents > 0 && <li>{format(m.legacyNote, { count: v.chain.legacyRuleEvents })}</li>}
            <li data-testid="audit-head">
              {head
                ? format(m.latestHead, {
                    size: head.size,
                    when: instantText(head.timestamp, locale),
                    root: shortHash(head.rootHash),
                  })
                : m.noHead}
            </li>
            <li data-testid="audit-covered" data-count={v.log.covered}>
              {format(m.covered, { count: v.log.covered })}
            </li>
            <li data-testid="audit-pending" data-count={v.log.pending}>
              {format(m.pending, { count: v.log.pending })}
            </li>
          </ul>
          <Button variant="outline" size="sm" onClick={onCheckAgain} disabled={verification.loading}>
            {m.checkAgain}
          </Button>
        </>
      )}
    </div>
  );
}

export function HistoryTable({ locale, history }: { locale: Locale; history: AuditHistory }) {
  const m = messagesOf(locale);
  const cut = history.asOf ? history.eventsUpTo : history.events.length;
  return (
    <table className="w-full text-left text-sm" data-testid="audit-history">
      <thead className="text-muted">
        <tr>
          <th scope="col" className="py-1 pr-2 font-medium">
            {m.revision}
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            {m.event}
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            {m.role}
          </th>
          <th scope="col" className="py-1 pr-2 font-medium">
            {m.time}
          </th>
          <th scope="col" className="hidden py-1 font-medium sm:table-cell">
            {m.hash}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-border">
        {history.events.map((event, index) => {
          const later = index >= cut;
          return (
            <tr key={event.revision} data-type={event.type} data-later={later ? 'true' : undefined}>
              <td className="py-1.5 pr-2 align-top tabular-nums">{event.revision}</td>
              <td className="py-1.5 pr-2 align-top font-medium [overflow-wrap:anywhere]">
                {event.type}
                {later && <span className="block text-xs font-normal text-muted italic">{m.later}</span>}
              </td>
              <td className="py-1.5 pr-2 align-top" data-role={roleOf(event.actorId, history.roles)}>
                {m[`role:${roleOf(event.actorId, history.roles)}`]}
              </td>
              <td className="py-1.5 pr-2 align-top">
                {event.occurredAt && <time dateTime={event.occurredAt}>{instantText(event.occurredAt, locale)}</time>}
              </td>
              <td className="hidden py-1.5 align-top font-mono text-xs sm:table-cell">
                {event.hash ? shortHash(event.hash) : ''}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A field's value; an account id that is a party or actor of the history comes with its role. */
function valueText(value: unknown, m: M, roles: AuditHistory['roles']): ReactNode {
  if (value === null || typeof value !== 'object') {
    const role = typeof value === 'string' ? roles[value] : undefined;
    return (
      <>
        <code className="font-mono text-xs">{String(value)}</code>
        {role && <span className="text-muted"> ({m[`role:${role}`]})</span>}
      </>
    );
  }
  return (
    <pre className="font-mono text-xs break-words whitespace-pre-wrap [overflow-wrap:anywhere]">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

/** The folded state: each field as a term and its value (nested values as JSON). */
export function StateView({
  locale,
  history,
  loading = false,
}: {
  locale: Locale;
  history: AuditHistory;
  /** Another instant is being fetched: this state is the previous one. */
  loading?: boolean;
}) {
  const m = messagesOf(locale);
  const total = history.events.length;
  const state = history.state;
  const entries = state !== null && typeof state === 'object' ? Object.entries(state) : [['', state] as const];
  return (
    <div className="space-y-2" data-testid="audit-state">
      <p role="status" className="text-sm font-medium" data-count={history.eventsUpTo}>
        {loading
          ? m.historyLoading
          : history.asOf
            ? format(m.stateAsOf, { when: instantText(history.asOf, locale), count: history.eventsUpTo, total })
            : format(m.stateNow, { count: history.eventsUpTo, total })}
      </p>
      {history.eventsUpTo === 0 && <p className="text-sm text-muted">{m.noState}</p>}
      <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-lg bg-surface-2 p-3 text-sm">
        {entries.map(([key, value]) => (
          <div key={key} className="contents" data-field={key}>
            <dt className="text-muted [overflow-wrap:anywhere]">{key}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere]">{valueText(value, m, history.roles)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function BundleLink({ locale, stream }: { locale: Locale; stream: string }) {
  const m = messagesOf(locale);
  const file = `${stream}.audit-bundle.json`;
  return (
    <div className="space-y-2">
      <a href={auditUrls.bundle(stream)} download={file} className={buttonClasses('outline', 'md')}>
        <Download aria-hidden="true" className="h-4 w-4" />
        {m.download}
      </a>
      <p className="text-sm text-muted [overflow-wrap:anywhere]">
        {fill(m.offlineHint, {
          key: (
            <a href={auditUrls.publicKey} download="audit-key.pem" className="text-accent-text underline">
              {m.publicKey}
            </a>
          ),
          command: <code className="rounded bg-surface-2 px-1 font-mono text-xs text-fg">{offlineCommand(file)}</code>,
        })}
      </p>
    </div>
  );
}
