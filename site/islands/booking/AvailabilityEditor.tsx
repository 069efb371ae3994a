import { Copy, Plus, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { canadianTimeZones } from '../../../shared/geo/provinces.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { bookingMessages, type BookingMessages } from '../../i18n/messages/booking.ts';
import { messageOf } from '../../lib/api.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Input } from '../../ui/Field.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import {
  fetchAvailability,
  removeException,
  saveAvailability,
  saveException,
  type AvailabilityAnswer,
  type AvailabilityException,
} from './api.ts';
import { browserTimeZone, formatDay, isCanadianZone, todayIn } from './format.ts';
import { selectClasses } from './SlotPicker.tsx';

type Window = { start: string; end: string };
type Days = Record<number, Window[]>;
type Draft = { timeZone: string; slotMinutes: number; days: Days };

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const SLOT_LENGTHS = [30, 45, 60, 90, 120, 180, 240, 480] as const;
const DEFAULT_WINDOW: Window = { start: '09:00', end: '17:00' };

const slotLabel = (m: BookingMessages, minutes: number) =>
  minutes % 60 === 0 ? format(m.hours, { count: minutes / 60 }) : format(m.minutes, { count: minutes });

/** The editor's form from what the server has, or a weekday 9-to-5 in the device's zone. */
export function draftFrom(answer: AvailabilityAnswer, deviceZone: string): Draft {
  const days: Days = Object.fromEntries(WEEKDAYS.map((d) => [d, [] as Window[]]));
  if (!answer.availability) {
    for (const d of [1, 2, 3, 4, 5]) days[d] = [{ ...DEFAULT_WINDOW }];
    return { timeZone: isCanadianZone(deviceZone) ? deviceZone : 'America/Toronto', slotMinutes: 60, days };
  }
  for (const w of answer.availability.weekly) days[w.weekday]!.push({ start: w.start, end: w.end });
  return { timeZone: answer.availability.timeZone, slotMinutes: answer.availability.slotMinutes, days };
}

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; published: boolean };

/**
 * The contractor's weekly availability (in their own Canadian time zone, with a slot length), and
 * their days off and special hours. The server checks every rule again and answers in words.
 */
export function AvailabilityEditor({ locale }: { locale: Locale }) {
  const m = bookingMessages[locale];
  const ids = useId();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [draft, setDraft] = useState<Draft | null>(null);
  const [exceptions, setExceptions] = useState<AvailabilityException[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const apply = useCallback((answer: AvailabilityAnswer) => {
    setDraft(draftFrom(answer, browserTimeZone()));
    setExceptions(answer.exceptions);
    setState({ status: 'ready', published: answer.availability !== null });
  }, []);

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      apply(await fetchAvailability());
    } catch {
      setState({ status: 'error' });
    }
  }, [apply]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.status === 'loading' || (state.status === 'ready' && !draft)) {
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
  if (state.status === 'error' || !draft) {
    return (
      <section
        role="alert"
        className="flex flex-col items-center gap-3 rounded-xl border border-border bg-surface px-4 py-10 text-center"
      >
        <p className="text-sm text-muted">{m.loadFailed}</p>
        <button type="button" onClick={() => void load()} className={buttonClasses('outline', 'sm')}>
          {m.tryAgain}
        </button>
      </section>
    );
  }

  const setDay = (weekday: number, windows: Window[]) =>
    setDraft({ ...draft, days: { ...draft.days, [weekday]: windows } });

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    setSaving(true);
    setError(null);
    try {
      const weekly = WEEKDAYS.flatMap((weekday) => draft.days[weekday]!.map((w) => ({ weekday, ...w })));
      apply(await saveAvailability({ timeZone: draft.timeZone, slotMinutes: draft.slotMinutes, weekly }));
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
          {!state.published && (
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
              onChange={(event) => setDraft({ ...draft, timeZone: event.target.value })}
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
              onChange={(event) => setDraft({ ...draft, slotMinutes: Number(event.target.value) })}
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
          {WEEKDAYS.map((weekday) => {
            const windows = draft.days[weekday]!;
            const dayName = m[`weekday_${weekday}`];
            const checkId = `${ids}-day-${weekday}`;
            return (
              <li
                key={weekday}
                className="flex flex-col gap-2 p-3 sm:flex-row sm:items-start"
                data-testid={`weekday-${weekday}`}
              >
                <div className="flex w-40 shrink-0 items-center gap-2 pt-2">
                  <input
                    id={checkId}
                    type="checkbox"
                    checked={windows.length > 0}
                    onChange={(event) => setDay(weekday, event.target.checked ? [{ ...DEFAULT_WINDOW }] : [])}
                    className="h-4 w-4 accent-[var(--accent)]"
                  />
                  <label htmlFor={checkId} className="font-medium">
                    {dayName}
                  </label>
                </div>
                <div className="min-w-0 flex-1 space-y-2">
                  {windows.length === 0 && <p className="pt-2 text-sm text-muted">{m.unavailable}</p>}
                  {windows.map((window, index) => (
                    <div key={index} className="flex flex-wrap items-end gap-2">
                      <label className="space-y-1 text-xs text-muted">
                        <span className="block">{m.from}</span>
                        <Input
                          type="time"
                          value={window.start}
                          aria-label={`${dayName} — ${m.from}`}
                          onChange={(event) =>
                            setDay(
                              weekday,
                              windows.map((w, i) => (i === index ? { ...w, start: event.target.value } : w)),
                            )
                          }
                          className="w-32"
                        />
                      </label>
                      <label className="space-y-1 text-xs text-muted">
                        <span className="block">{m.to}</span>
                        <Input
                          type="time"
                          value={window.end}
                          aria-label={`${dayName} — ${m.to}`}
                          onChange={(event) =>
                            setDay(
                              weekday,
                              windows.map((w, i) => (i === index ? { ...w, end: event.target.value } : w)),
                            )
                          }
                          className="w-32"
                        />
                      </label>
                      <button
                        type="button"
                        aria-label={`${m.removeHours} (${dayName})`}
                        title={m.removeHours}
                        onClick={() =>
                          setDay(
                            weekday,
                            windows.filter((_, i) => i !== index),
                          )
                        }
                        className={buttonClasses('ghost', 'icon', 'h-10 w-10 text-muted hover:text-danger')}
                      >
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                      </button>
                    </div>
                  ))}
                  {windows.length > 0 && windows.length < 6 && (
                    <button
                      type="button"
                      onClick={() => setDay(weekday, [...windows, { start: '18:00', end: '20:00' }])}
                      className={buttonClasses('ghost', 'sm', 'px-2')}
                    >
                      <Plus aria-hidden="true" className="h-4 w-4" />
                      {m.addHours}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
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
          <Button
            variant="outline"
            onClick={() =>
              setDraft({
                ...draft,
                days: Object.fromEntries(WEEKDAYS.map((d) => [d, draft.days[1]!.map((w) => ({ ...w }))])),
              })
            }
          >
            <Copy aria-hidden="true" className="h-4 w-4" />
            {m.copyToAll}
          </Button>
        </div>
      </form>

      {state.published && (
        <ExceptionsEditor
          locale={locale}
          timeZone={draft.timeZone}
          exceptions={exceptions}
          onChange={(answer) => {
            setExceptions(answer.exceptions);
          }}
        />
      )}
    </div>
  );
}

function ExceptionsEditor({
  locale,
  timeZone,
  exceptions,
  onChange,
}: {
  locale: Locale;
  timeZone: string;
  exceptions: AvailabilityException[];
  onChange: (answer: AvailabilityAnswer) => void;
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
      onChange(await saveException(date, { windows: kind === 'closed' ? [] : [hours], note: note.trim() || null }));
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
      onChange(await removeException(day));
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
              <Button variant="ghost" size="sm" disabled={busy} onClick={() => void remove(exception.date)}>
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
          <Input value={note} maxLength={200} onChange={(event) => setNote(event.target.value)} />
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
