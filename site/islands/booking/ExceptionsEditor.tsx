import { useId, useState, type FormEvent } from 'react';
import { SCHEDULE_LIMITS } from '../../../shared/domain/booking/limits.ts';
import type { Locale } from '../../i18n/locales.ts';
import { bookingMessages } from '../../i18n/messages/booking.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Input } from '../../ui/Field.tsx';
import { removeException, saveException, type AvailabilityException } from './api.ts';
import { DEFAULT_WINDOW, type Window } from './availability-draft.ts';
import { formatDay, todayIn } from './format.ts';
import { selectClasses } from './SlotPicker.tsx';

/**
 * The contractor's days off and special hours, from today on. Each change answers with the
 * editor's whole view, which becomes the availability store's value (api.ts).
 */
export function ExceptionsEditor({
  locale,
  timeZone,
  exceptions,
}: {
  locale: Locale;
  timeZone: string;
  exceptions: AvailabilityException[];
}) {
  const m = bookingMessages[locale];
  const ids = useId();
  const today = todayIn(timeZone);
  const [date, setDate] = useState('');
  const [kind, setKind] = useState<'closed' | 'hours'>('closed');
  const [hours, setHours] = useState<Window>({ ...DEFAULT_WINDOW });
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!date) return;
    setBusy(true);
    try {
      await saveException(date, { windows: kind === 'closed' ? [] : [hours], note: note.trim() || null });
      toast({ title: m.exceptionAdded, variant: 'success' });
      setDate('');
      setNote('');
    } catch (error) {
      toast({ title: m.actionFailed, description: messageOf(error, m.loadFailed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  async function remove(day: string) {
    setBusy(true);
    try {
      await removeException(day);
    } catch (error) {
      toast({ title: m.actionFailed, description: messageOf(error, m.loadFailed), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby={`${ids}-title`}
      className="space-y-4 rounded-xl border border-border bg-surface p-4 sm:p-5"
    >
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        {m.exceptionsTitle}
      </h2>
      {exceptions.length === 0 ? (
        <p className="text-sm text-muted">{m.noExceptions}</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {exceptions.map((exception) => (
            <li
              key={exception.date}
              className="flex items-center justify-between gap-2 px-3 py-2"
              data-testid="exception"
            >
              <div className="min-w-0">
                <p className="font-medium">{formatDay(exception.date, locale, 'long')}</p>
                <p className="text-sm text-muted">
                  {exception.windows.length === 0
                    ? m.closed
                    : exception.windows.map((w) => `${w.start}–${w.end}`).join(', ')}
                  {exception.note ? ` · ${exception.note}` : ''}
                </p>
              </div>
              <Button variant="destructive-ghost" size="sm" disabled={busy} onClick={() => void remove(exception.date)}>
                {m.removeException}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void add(event)} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
        <label className="space-y-1.5 text-sm font-medium">
          <span className="block">{m.exceptionDate}</span>
          <Input type="date" required min={today} value={date} onChange={(event) => setDate(event.target.value)} />
        </label>
        <label className="space-y-1.5 text-sm font-medium">
          <span className="block">{m.exceptionKind}</span>
          <select
            value={kind}
            onChange={(event) => setKind(event.target.value as 'closed' | 'hours')}
            className={`${selectClasses} sm:w-full`}
          >
            <option value="closed">{m.closedAllDay}</option>
            <option value="hours">{m.specialHours}</option>
          </select>
        </label>
        {kind === 'hours' && (
          <div className="flex gap-2">
            <label className="space-y-1.5 text-sm font-medium">
              <span className="block">{m.from}</span>
              <Input
                type="time"
                value={hours.start}
                onChange={(event) => setHours({ ...hours, start: event.target.value })}
              />
            </label>
            <label className="space-y-1.5 text-sm font-medium">
              <span className="block">{m.to}</span>
              <Input
                type="time"
                value={hours.end}
                onChange={(event) => setHours({ ...hours, end: event.target.value })}
              />
            </label>
          </div>
        )}
        <label className="space-y-1.5 text-sm font-medium">
          <span className="block">{m.exceptionNote}</span>
          <Input
            value={note}
            maxLength={SCHEDULE_LIMITS.exceptionNoteMax}
            onChange={(event) => setNote(event.target.value)}
          />
        </label>
        <div>
          <Button type="submit" disabled={busy || !date}>
            {m.addException}
          </Button>
        </div>
      </form>
    </section>
  );
}
