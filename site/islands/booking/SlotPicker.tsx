import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { bookingMessages } from '../../i18n/messages/booking.ts';
import { buttonClasses } from '../../ui/Button.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { $slots, type Slot } from './api.ts';
import { addDays, formatDay, formatRange, formatTime, todayIn, zoneChoices } from './format.ts';

export const selectClasses =
  'h-10 w-full rounded-lg border border-border bg-surface px-3 text-sm text-fg focus-visible:outline-2 sm:w-auto';

/**
 * A week of a contractor's open slots in the viewer's time zone, one column per day (stacked on a
 * phone). The zone starts as the device's and can be changed; the week moves forward and back.
 * The slots come from a store per week and zone: refreshSlots (api.ts) reads them again after a
 * booking took one.
 */
export function SlotPicker({
  locale,
  contractorId,
  timeZone,
  detectedZone,
  onTimeZoneChange,
  selected,
  onSelect,
}: {
  locale: Locale;
  contractorId: string;
  timeZone: string;
  detectedZone: string;
  onTimeZoneChange: (zone: string) => void;
  selected: string | null;
  onSelect: (slot: Slot) => void;
}) {
  const m = bookingMessages[locale];
  const zoneId = useId();
  const today = todayIn(timeZone);
  const [weekStart, setWeekStart] = useState(today);

  // A new zone starts again from today in that zone.
  useEffect(() => setWeekStart(todayIn(timeZone)), [timeZone]);

  const $week = $slots(contractorId, weekStart, addDays(weekStart, 7), timeZone);
  const week = useStore($week);
  const status = week.error ? 'error' : week.data && !week.loading ? 'ready' : 'loading';

  const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
  const slots = status === 'ready' && week.data ? week.data.slots : [];
  const choices = zoneChoices(detectedZone, locale);
  if (!choices.some((c) => c.id === timeZone)) choices.unshift({ id: timeZone, label: timeZone });

  return (
    <section aria-labelledby={`${zoneId}-heading`} className="rounded-xl border border-border bg-surface p-4 sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1.5">
          <h2 id={`${zoneId}-heading`} className="text-lg font-semibold">
            {m.chooseTime}
          </h2>
          <label htmlFor={zoneId} className="block text-sm text-muted">
            {m.timeZoneLabel}
          </label>
          <select
            id={zoneId}
            value={timeZone}
            onChange={(event) => onTimeZoneChange(event.target.value)}
            className={selectClasses}
          >
            {choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.id === detectedZone ? format(m.detectedZone, { zone: choice.label }) : choice.label}
              </option>
            ))}
          </select>
        </div>
        <div
          className="flex items-center gap-1"
          role="group"
          aria-label={format(m.weekOf, { date: formatDay(weekStart, locale) })}
        >
          <button
            type="button"
            aria-label={m.previousWeek}
            title={m.previousWeek}
            disabled={weekStart <= today}
            onClick={() => setWeekStart(addDays(weekStart, -7) < today ? today : addDays(weekStart, -7))}
            className={buttonClasses('outline', 'icon', 'h-9 w-9')}
          >
            <ChevronLeft aria-hidden="true" className="h-4 w-4" />
          </button>
          <button
            type="button"
            disabled={weekStart === today}
            onClick={() => setWeekStart(today)}
            className={buttonClasses('ghost', 'sm')}
          >
            {m.thisWeek}
          </button>
          <button
            type="button"
            aria-label={m.nextWeek}
            title={m.nextWeek}
            onClick={() => setWeekStart(addDays(weekStart, 7))}
            className={buttonClasses('outline', 'icon', 'h-9 w-9')}
          >
            <ChevronRight aria-hidden="true" className="h-4 w-4" />
          </button>
        </div>
      </div>

      {status === 'error' && (
        <div role="alert" className="mt-4 flex flex-col items-center gap-3 py-8 text-center">
          <p className="text-sm text-muted">{m.loadFailed}</p>
          <button type="button" onClick={() => $week.revalidate()} className={buttonClasses('outline', 'sm')}>
            {m.tryAgain}
          </button>
        </div>
      )}

      {status !== 'error' && (
        <div
          className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-7"
          aria-busy={status === 'loading'}
          aria-label={m.slotsLegend}
          role="group"
        >
          {days.map((day) => {
            const daySlots = slots.filter((slot) => slot.date === day);
            return (
              <div key={day} className="min-w-0 rounded-lg bg-surface-2/50 p-2" data-testid="slot-day" data-date={day}>
                <h3 className="mb-2 text-sm font-semibold">{formatDay(day, locale)}</h3>
                {status === 'loading' ? (
                  <div className="space-y-2" aria-hidden="true">
                    <Skeleton className="h-8 w-full" />
                    <Skeleton className="h-8 w-full" />
                  </div>
                ) : daySlots.length === 0 ? (
                  <p className="text-xs text-muted">{m.noSlotsDay}</p>
                ) : (
                  <ul className="flex flex-wrap gap-1.5 lg:flex-col">
                    {daySlots.map((slot) => (
                      <li key={slot.startsAt}>
                        <button
                          type="button"
                          data-testid="slot"
                          data-starts-at={slot.startsAt}
                          aria-pressed={selected === slot.startsAt}
                          aria-label={formatRange(slot.startsAt, slot.endsAt, timeZone, locale)}
                          onClick={() => onSelect(slot)}
                          className="h-8 w-full min-w-[4.5rem] rounded-md border border-border bg-surface px-2 text-sm font-medium tabular-nums transition-colors hover:border-accent hover:bg-surface-2 focus-visible:outline-2 aria-pressed:border-accent aria-pressed:bg-accent aria-pressed:text-accent-fg"
                        >
                          {formatTime(slot.startsAt, timeZone, locale)}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            );
          })}
        </div>
      )}
      {status === 'ready' && slots.length === 0 && (
        <p className="mt-3 text-sm text-muted" role="status">
          {m.noSlotsWeek}
        </p>
      )}
    </section>
  );
}
