import { CalendarX, MessageSquare, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { format } from '../../i18n/index.ts';
import { dateTimeFormat } from '../../i18n/intl.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { bookingMessages } from '../../i18n/messages/booking.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { timeProposalBody } from '../../../shared/http/booking.ts';
import { proposeTimes } from './api.ts';

const OPTIONS = [1, 2, 3] as const;
const NOTE_MAX = 1000;

type Props = {
  locale: Locale;
  /** The contractor's display name (already translated when it is a former member). */
  name: string;
  /** The awarded job being scheduled, when there is one. */
  job: { id: string; title: string } | null;
  /** Whether the viewer is this job's customer (the terms loaded for them). */
  canPropose: boolean;
};

/** `YYYY-MM-DDTHH:MM` of a date input, as this device's local time → an instant. */
function instantOf(local: string): string | null {
  const ms = Date.parse(local);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/**
 * The schedule step when the contractor has published no weekly hours: never a dead end. The
 * customer of a hired job proposes one to three times (posted in the job's conversation, the
 * contractor notified) or writes to them; anyone can look for another contractor.
 */
export function NoHoursFallback({ locale, name, job, canPropose }: Props) {
  const m = bookingMessages[locale];
  const ids = useId();
  const [times, setTimes] = useState<string[]>(['', '', '']);
  const [note, setNote] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const messagesUrl = job
    ? `${localizePath('/messages', locale)}?c=${encodeURIComponent(`work-order:${job.id}`)}`
    : localizePath('/messages', locale);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!job || sending) return;
    const chosen = times.map(instantOf).filter((t): t is string => t !== null);
    // The zone is named so the contractor reads the times right wherever they are.
    const when = dateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZoneName: 'short',
    });
    const lines = [
      format(m.proposalIntro, { title: job.title }),
      ...[...chosen].sort().map((t) => `• ${when.format(new Date(t))}`),
      ...(note.trim() ? ['', format(m.proposalNote, { note: note.trim() })] : []),
    ];
    // The API's own rule for the times (1 to 3); the message's rules are the server's to answer.
    if (!timeProposalBody.shape.times.safeParse(chosen).success) {
      setError(m.proposeNeedOne);
      document.getElementById(`${ids}-time-1`)?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      await proposeTimes(job.id, { times: chosen, message: lines.join('\n') });
      setSent(true);
    } catch (failure) {
      const message = messageOf(failure, m.loadFailed);
      setError(message);
      toast({ title: m.proposeFailed, description: message, variant: 'destructive' });
    } finally {
      setSending(false);
    }
  }

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="space-y-5 rounded-xl border border-border bg-surface px-4 py-8 sm:px-6"
      data-testid="no-hours"
    >
      <div className="flex flex-col items-center gap-2 text-center">
        <CalendarX aria-hidden="true" className="h-10 w-10 text-muted" />
        <h2 id={`${ids}-title`} className="font-medium">
          {m.noAvailability}
        </h2>
        {job && canPropose && <p className="max-w-prose text-sm text-muted">{format(m.noHoursNext, { name })}</p>}
      </div>

      {job && canPropose && sent && (
        <div role="status" className="mx-auto max-w-lg rounded-lg bg-success/10 p-4 text-center">
          <p className="font-semibold">{m.proposeSentTitle}</p>
          <p className="mt-1 text-sm">{format(m.proposeSent, { name })}</p>
          <a href={messagesUrl} className={buttonClasses('primary', 'md', 'mt-3')}>
            {m.openMessages}
          </a>
        </div>
      )}

      {job && canPropose && !sent && (
        <div className="mx-auto max-w-lg space-y-5">
          <a href={messagesUrl} className={buttonClasses('outline', 'md', 'w-full')}>
            <MessageSquare aria-hidden="true" className="h-4 w-4" />
            {format(m.messageContractor, { name })}
          </a>
          <form
            noValidate
            onSubmit={(event) => void submit(event)}
            aria-labelledby={`${ids}-propose`}
            className="space-y-4 rounded-lg border border-border p-4"
          >
            <div>
              <h3 id={`${ids}-propose`} className="font-semibold">
                {m.proposeTitle}
              </h3>
              <p className="mt-1 text-sm text-muted">{format(m.proposeHelp, { name })}</p>
            </div>
            {OPTIONS.map((n, index) => (
              <div key={n} className="space-y-1.5">
                <label htmlFor={`${ids}-time-${n}`} className="block text-sm font-medium">
                  {format(index === 0 ? m.proposeOption : m.proposeOptionOptional, { n })}
                </label>
                <Input
                  id={`${ids}-time-${n}`}
                  type="datetime-local"
                  value={times[index]}
                  aria-invalid={index === 0 && error === m.proposeNeedOne ? true : undefined}
                  onChange={(event) => {
                    const value = event.target.value;
                    setTimes((current) => current.map((t, i) => (i === index ? value : t)));
                    if (error === m.proposeNeedOne) setError(null);
                  }}
                />
              </div>
            ))}
            <Field label={m.proposeNoteLabel}>
              {({ id, describedBy }) => (
                <Textarea
                  id={id}
                  aria-describedby={describedBy}
                  rows={3}
                  maxLength={NOTE_MAX}
                  value={note}
                  placeholder={format(m.proposeNotePlaceholder, { name })}
                  onChange={(event) => setNote(event.target.value)}
                />
              )}
            </Field>
            {error && (
              <p role="alert" className="text-sm text-danger">
                {error}
              </p>
            )}
            <Button type="submit" disabled={sending}>
              <Send aria-hidden="true" className="h-4 w-4" />
              {sending ? m.proposeSending : m.proposeSend}
            </Button>
          </form>
        </div>
      )}

      {job && !canPropose && <p className="text-center text-sm text-muted">{m.proposalSignInToPropose}</p>}

      <p className="text-center text-sm text-muted">
        {m.noHoursBrowse}{' '}
        <a href={localizePath('/contractors', locale)} className="font-medium text-fg underline underline-offset-4">
          {m.browseContractors}
        </a>
      </p>
    </section>
  );
}
