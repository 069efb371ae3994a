import { useState } from 'react';
import { format } from '../../i18n/index.ts';
import { type Locale } from '../../i18n/locales.ts';
import { crmMessages } from '../../i18n/messages/crm.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Textarea } from '../../ui/Field.tsx';
import { MAX_CLIENT_NOTE } from '../../../shared/domain/crm/limits.ts';
import { crmApi, type Crm } from './api.ts';
import { colon } from '../../i18n/punctuation.ts';
import { clientName, day, Empty, JobAmount, money, pill } from './parts.tsx';

export function Clients({ crm, locale }: { crm: Crm; locale: Locale }) {
  const m = crmMessages[locale];
  if (crm.clients.length === 0) return <Empty>{m.clientsEmpty}</Empty>;
  return (
    <ul className="space-y-3" data-testid="crm-clients">
      {crm.clients.map((client) => (
        <ClientCard
          key={client.customer.id}
          client={client}
          jobs={crm.pipeline.items.filter((item) => item.customer.id === client.customer.id)}
          locale={locale}
        />
      ))}
    </ul>
  );
}

function ClientCard({
  client,
  jobs,
  locale,
}: {
  client: Crm['clients'][number];
  /** This client's jobs on the pipeline, the most recent first: the history with them. */
  jobs: Crm['pipeline']['items'];
  locale: Locale;
}) {
  const m = crmMessages[locale];
  const [note, setNote] = useState(client.note ?? '');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const changed = (note.trim() || null) !== client.note;
  async function save() {
    if (note.trim().length > MAX_CLIENT_NOTE) {
      setError(m.noteTooLong);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await crmApi.saveNote(client.customer.id, note.trim() || null);
      toast({ title: m.noteSaved, variant: 'success' });
    } catch (failure) {
      setError(messageOf(failure, m.noteFailed));
    } finally {
      setPending(false);
    }
  }
  return (
    <li className="rounded-lg border border-border p-4" data-testid="crm-client">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold break-words">{clientName(m, client.customer.name)}</h3>
        <p className="text-xs text-muted">
          {m.lastContact}
          {colon(locale)}
          {day(client.lastAt, locale)}
        </p>
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-xs text-muted">{m.jobs}</dt>
          <dd className="font-medium tabular-nums">{client.jobs}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{m.completed}</dt>
          <dd className="font-medium tabular-nums">{client.completedJobs}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted">{m.earned}</dt>
          <dd className="font-medium tabular-nums">{money(client.earnedCents, locale)}</dd>
        </div>
      </dl>
      {jobs.length > 0 && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-accent-text">{format(m.history, { count: jobs.length })}</summary>
          <ul className="mt-2 space-y-1">
            {jobs.map((job) => (
              <li key={job.jobId} className="flex flex-wrap justify-between gap-2">
                <span className="min-w-0 break-words">
                  {job.title || '—'} · {day(job.updatedAt, locale)}
                </span>
                <span className="flex items-center gap-2">
                  <JobAmount job={job} locale={locale} />
                  <span className={pill(job.stage === 'lost' ? 'bad' : job.stage === 'paid' ? 'good' : 'open')}>
                    {m[`stage:${job.stage}`]}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <form
        className="mt-3 space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Field label={format(m.noteFor, { name: clientName(m, client.customer.name) })} hint={m.noteHint} error={error}>
          {({ id, describedBy, invalid }) => (
            <Textarea
              id={id}
              rows={2}
              maxLength={MAX_CLIENT_NOTE}
              value={note}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onChange={(event) => setNote(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" size="sm" variant="outline" disabled={!changed || pending}>
          {pending ? m.saving : m.saveNote}
        </Button>
      </form>
    </li>
  );
}
