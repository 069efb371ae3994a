import { useStore } from '@nanostores/react';
import { Search } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import { auditTrailMessages } from '../../i18n/messages/audit-trail.ts';
import { $session } from '../../stores/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Input } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import {
  $auditAsOf,
  $auditHistory,
  $auditJob,
  $auditJobs,
  $auditQuery,
  $auditTab,
  $auditVerification,
  jobStreams,
  openJob,
  recheckStream,
  searchJobs,
  type AuditHistory,
  type JobStream,
} from './audit-stores.ts';
import { BundleLink, HistoryTable, JobResults, StateView, VerificationResult, localInputValue } from './audit-view.tsx';

/**
 * The admin dashboard's auditor view: find a job by id or title, then read its escrow, contract
 * and dispute histories (the role of each actor and the time, never a name), the state as of any
 * instant, the verification against the hash chain and the signed log, and the offline bundle.
 */
function AuditTrail({ locale }: { locale: Locale }) {
  const m = auditTrailMessages[locale];
  const session = useStore($session);
  if (session.status !== 'authenticated' || session.user.role !== 'admin') return null;
  return (
    <section
      aria-labelledby="auditor-view"
      className="mt-8 min-w-0 space-y-4 rounded-xl border border-border bg-surface p-4 sm:p-6"
      data-testid="auditor-view"
    >
      <h2 id="auditor-view" className="text-lg font-semibold">
        {m.title}
      </h2>
      <p className="max-w-prose text-sm text-muted">{m.intro}</p>
      <JobSearch locale={locale} />
      <OpenJob locale={locale} />
    </section>
  );
}

function JobSearch({ locale }: { locale: Locale }) {
  const m = auditTrailMessages[locale];
  const id = useId();
  const query = useStore($auditQuery);
  const jobs = useStore($auditJobs);
  const open = useStore($auditJob);
  const [text, setText] = useState(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    searchJobs(text);
  };
  return (
    <div className="space-y-3">
      <form role="search" aria-label={m.title} onSubmit={submit} className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium">
          {m.searchLabel}
        </label>
        <div className="flex gap-2">
          <Input
            id={id}
            type="search"
            aria-describedby={`${id}-hint`}
            value={text}
            maxLength={200}
            spellCheck={false}
            autoComplete="off"
            className="min-w-0 flex-1"
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Button type="submit" className="shrink-0">
            <Search aria-hidden="true" className="h-4 w-4" />
            {m.search}
          </Button>
        </div>
        <p id={`${id}-hint`} className="text-xs text-muted">
          {m.searchHint}
        </p>
      </form>
      <JobResults
        locale={locale}
        query={query}
        jobs={jobs}
        openJobId={open?.jobId ?? null}
        onOpen={openJob}
        onRetry={() => $auditJobs.revalidate()}
      />
    </div>
  );
}

function OpenJob({ locale }: { locale: Locale }) {
  const m = auditTrailMessages[locale];
  const job = useStore($auditJob);
  const tab = useStore($auditTab);
  const heading = useRef<HTMLHeadingElement>(null);
  const jobId = job?.jobId;
  // Choosing a job moves the reader to it (the list can be long, and on a phone the job is below it).
  useEffect(() => {
    if (jobId) heading.current?.focus();
  }, [jobId]);
  if (!job) return null;
  return (
    <article aria-labelledby="audit-job" className="space-y-3 border-t border-border pt-4" data-testid="audit-job">
      <div>
        <h3
          id="audit-job"
          ref={heading}
          tabIndex={-1}
          className="text-base font-semibold [overflow-wrap:anywhere] focus-visible:outline-2"
        >
          {job.title}
        </h3>
        <p className="text-xs text-muted">
          {m.jobId} <code className="font-mono [overflow-wrap:anywhere]">{job.jobId}</code>
        </p>
      </div>
      <Tabs.Root value={tab} onValueChange={(value) => $auditTab.set(value as JobStream)}>
        <Tabs.List aria-label={m.tabs} className="-mx-1 flex gap-1 overflow-x-auto border-b border-border px-1 pb-px">
          {jobStreams.map((key) => (
            <Tabs.Trigger
              key={key}
              value={key}
              className="shrink-0 rounded-t-lg border-b-2 border-transparent px-3 py-2 text-sm font-medium text-muted hover:text-fg focus-visible:outline-2 data-[state=active]:border-accent data-[state=active]:text-fg"
            >
              {m[`tab:${key}`]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {jobStreams.map((key) => {
          const stream = job.streams[key];
          return (
            <Tabs.Content key={key} value={key} className="pt-4 focus-visible:outline-2" data-stream={stream ?? ''}>
              {stream ? (
                <StreamPanel locale={locale} stream={stream} />
              ) : (
                <p className="rounded-lg border border-dashed border-border p-4 text-sm text-muted">
                  {key === 'escrow' ? m['none:escrow'] : m['none:dispute']}
                </p>
              )}
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </article>
  );
}

/** The open tab's stream: its verification, history, state at an instant and bundle. */
function StreamPanel({ locale, stream }: { locale: Locale; stream: string }) {
  const m = auditTrailMessages[locale];
  const id = useId();
  const checked = useStore($auditVerification);
  const verification = checked.data?.stream === stream || !checked.data ? checked : { ...checked, data: undefined };
  const read = useStore($auditHistory);
  // While another instant is fetched (or if that fails), the last history of this stream stays on screen.
  const own = read.data?.stream === stream ? read.data : undefined;
  const last = useRef<AuditHistory | null>(null);
  if (own) last.current = own;
  const shown = own ?? (last.current?.stream === stream ? last.current : undefined);
  const failed = !own && Boolean(read.error) && !read.loading;
  return (
    <div className="space-y-6">
      <section aria-labelledby={`${id}-verify`} className="space-y-2">
        <h4 id={`${id}-verify`} className="text-sm font-semibold">
          {m.verifyTitle}
        </h4>
        <VerificationResult locale={locale} verification={verification} onCheckAgain={() => recheckStream(stream)} />
      </section>
      <section aria-labelledby={`${id}-history`} className="space-y-2">
        <h4 id={`${id}-history`} className="text-sm font-semibold">
          {m.history}
        </h4>
        {failed && (
          <div role="alert" className="space-y-2">
            <p className="text-sm text-danger">{m.historyFailed}</p>
            <Button variant="outline" size="sm" onClick={() => recheckStream(stream)}>
              {m.tryAgain}
            </Button>
          </div>
        )}
        {shown ? (
          <HistoryTable locale={locale} history={shown} />
        ) : (
          !failed && (
            <p role="status" className="text-sm text-muted">
              {m.historyLoading}
            </p>
          )
        )}
      </section>
      <section aria-labelledby={`${id}-asof`} className="space-y-3">
        <h4 id={`${id}-asof`} className="text-sm font-semibold">
          {m.asOfTitle}
        </h4>
        <AsOfForm locale={locale} />
        {shown && <StateView locale={locale} history={shown} loading={read.loading} />}
      </section>
      <section aria-labelledby={`${id}-bundle`} className="space-y-2">
        <h4 id={`${id}-bundle`} className="text-sm font-semibold">
          {m.bundleTitle}
        </h4>
        <BundleLink locale={locale} stream={stream} />
      </section>
    </div>
  );
}

/** The instant the job's histories are folded to, in the reader's local time (to the second). */
function AsOfForm({ locale }: { locale: Locale }) {
  const m = auditTrailMessages[locale];
  const id = useId();
  const asOf = useStore($auditAsOf);
  const [value, setValue] = useState(() => (asOf ? localInputValue(asOf) : ''));
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const instant = value ? new Date(value) : null;
    if (!instant || Number.isNaN(instant.getTime())) {
      setMissing(true);
      return;
    }
    setMissing(false);
    $auditAsOf.set(instant.toISOString());
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {m.asOfLabel}
      </label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          type="datetime-local"
          step={1}
          value={value}
          aria-invalid={missing || undefined}
          aria-describedby={missing ? `${id}-error` : undefined}
          className="w-auto min-w-0 flex-1 basis-52"
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setMissing(false);
          }}
        />
        <Button type="submit" variant="outline" className="shrink-0">
          {m.asOfShow}
        </Button>
        <Button
          type="button"
          variant="ghost"
          className="shrink-0"
          disabled={asOf === null}
          onClick={() => {
            setValue('');
            setMissing(false);
            $auditAsOf.set(null);
          }}
        >
          {m.asOfNow}
        </Button>
      </div>
      {missing && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger">
          {m.asOfMissing}
        </p>
      )}
    </form>
  );
}

export default island(AuditTrail);
