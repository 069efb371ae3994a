import { Copy } from 'lucide-react';
import { useQuery } from '../../lib/first-reads.ts';
import { useId, useState, type FormEvent } from 'react';
import { canadianTimeZones } from '../../../shared/geo/provinces.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { bookingMessages, type BookingMessages } from '../../i18n/messages/booking.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { $availability, saveAvailability } from './api.ts';
import {
  availabilityOf,
  copyMondayToAll,
  draftFrom,
  SLOT_LENGTHS,
  WEEKDAYS,
  type Draft,
  type Window,
} from './availability-draft.ts';
import { ExceptionsEditor } from './ExceptionsEditor.tsx';
import { browserTimeZone } from './format.ts';
import { selectClasses } from './SlotPicker.tsx';
import { WeekdayHours } from './WeekdayHours.tsx';

const slotLabel = (m: BookingMessages, minutes: number) =>
  minutes % 60 === 0 ? format(m.hours, { count: minutes / 60 }) : format(m.minutes, { count: minutes });

/**
 * The contractor's weekly availability (in their own Canadian time zone, with a slot length), and
 * their days off and special hours. The server checks every rule again and answers in words.
 */
export function AvailabilityEditor({ locale }: { locale: Locale }) {
  const m = bookingMessages[locale];
  const ids = useId();
  const answer = useQuery($availability);
  /** The contractor's unsaved edits; null: the form shows what the server has. */
  const [edits, setEdits] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const draft = edits ?? (answer.data ? draftFrom(answer.data, browserTimeZone()) : null);

  if (!answer.data && !answer.error) {
    return (
      <section
        className="space-y-3 rounded-xl border border-border bg-surface p-4"
        role="status"
        aria-label={m.loading}
      >
        <Skeleton className="h-6 w-1/3" />
        {WEEKDAYS.map((d) => (
          <Skeleton key={d} className="h-10 w-full" />
        ))}
      </section>
    );
  }
  if (!answer.data || !draft) {
    return (
      <section
        role="alert"
        className="flex flex-col items-center gap-3 rounded-xl border border-border bg-surface px-4 py-10 text-center"
      >
        <p className="text-sm text-muted">{m.loadFailed}</p>
        <button type="button" onClick={() => $availability.revalidate()} className={buttonClasses('outline', 'sm')}>
          {m.tryAgain}
        </button>
      </section>
    );
  }

  const published = answer.data.availability !== null;
  const { exceptions } = answer.data;
  const setDay = (weekday: number, windows: Window[]) =>
    setEdits({ ...draft, days: { ...draft.days, [weekday]: windows } });

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    setSaving(true);
    setError(null);
    try {
      // The answer becomes the store's value, and the form shows it.
      await saveAvailability(availabilityOf(draft));
      setEdits(null);
      toast({ title: m.availabilitySaved, variant: 'success' });
    } catch (failure) {
      const message = messageOf(failure, m.loadFailed);
      setError(message);
      toast({ title: m.actionFailed, description: message, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="space-y-6">
      <form
        onSubmit={(event) => void save(event)}
        aria-labelledby={`${ids}-title`}
        className="space-y-4 rounded-xl border border-border bg-surface p-4 sm:p-5"
      >
        <div>
          <h2 id={`${ids}-title`} className="text-lg font-semibold">
            {m.availabilityTitle}
          </h2>
          <p className="mt-1 text-sm text-muted">{m.availabilityHelp}</p>
          {!published && (
            <p className="mt-2 text-sm font-medium text-danger" role="note">
              {m.notSetYet}
            </p>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <label htmlFor={`${ids}-zone`} className="block text-sm font-medium">
              {m.calendarZone}
            </label>
            <select
              id={`${ids}-zone`}
              value={draft.timeZone}
              onChange={(event) => setEdits({ ...draft, timeZone: event.target.value })}
              className={selectClasses}
            >
              {canadianTimeZones.map((z) => (
                <option key={z.id} value={z.id}>
                  {z[locale]}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1.5">
            <label htmlFor={`${ids}-slot`} className="block text-sm font-medium">
              {m.slotLength}
            </label>
            <select
              id={`${ids}-slot`}
              value={draft.slotMinutes}
              onChange={(event) => setEdits({ ...draft, slotMinutes: Number(event.target.value) })}
              className={selectClasses}
            >
              {SLOT_LENGTHS.map((minutes) => (
                <option key={minutes} value={minutes}>
                  {slotLabel(m, minutes)}
                </option>
              ))}
            </select>
          </div>
        </div>

        <ul className="divide-y divide-border rounded-lg border border-border">
          {WEEKDAYS.map((weekday) => (
            <WeekdayHours
              key={weekday}
              m={m}
              weekday={weekday}
              checkId={`${ids}-day-${weekday}`}
              windows={draft.days[weekday]!}
              onChange={(windows) => setDay(weekday, windows)}
            />
          ))}
        </ul>
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={saving}>
            {saving ? m.saving : m.saveAvailability}
          </Button>
          <Button variant="outline" onClick={() => setEdits(copyMondayToAll(draft))}>
            <Copy aria-hidden="true" className="h-4 w-4" />
            {m.copyToAll}
          </Button>
        </div>
      </form>

      {published && <ExceptionsEditor locale={locale} timeZone={draft.timeZone} exceptions={exceptions} />}
    </div>
  );
}
