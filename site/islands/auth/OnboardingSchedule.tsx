import { Check } from 'lucide-react';
import { canadianTimeZones } from '../../../shared/geo/provinces.ts';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { authValidationMessages, onboardingMessages } from '../../i18n/messages/auth.ts';
import { bookingMessages } from '../../i18n/messages/booking.ts';
import { Input } from '../../ui/Field.tsx';
import { selectClasses } from '../booking/SlotPicker.tsx';
import type { StepProps } from './OnboardingSteps.tsx';
import { WEEKDAYS, type OnboardingValues, type Weekday } from './validation.ts';

/** The onboarding wizard's last two steps: the weekly hours, and the summary before going live. */
export function HoursStep({ locale, id, values, errors, fieldRefs, update }: StepProps) {
  const m = onboardingMessages[locale];
  const v = authValidationMessages[locale];
  const days = bookingMessages[locale];
  function updateDay(day: Weekday, change: Partial<OnboardingValues['hours'][Weekday]>) {
    update('hours', { ...values.hours, [day]: { ...values.hours[day], ...change } });
  }
  return (
    <div className="space-y-4">
      <div className="space-y-1.5">
        <label htmlFor={`${id}-zone`} className="block text-sm font-medium">
          {m.hoursZoneLabel}
        </label>
        <select
          ref={fieldRefs.timeZone}
          id={`${id}-zone`}
          name="timeZone"
          value={values.timeZone}
          onChange={(e) => update('timeZone', e.target.value)}
          className={selectClasses}
        >
          {canadianTimeZones.map((zone) => (
            <option key={zone.id} value={zone.id}>
              {zone[locale]}
            </option>
          ))}
        </select>
      </div>
      <fieldset aria-describedby={errors.hours ? `${id}-hours-error` : undefined}>
        <legend className="sr-only">{m.hoursHeading}</legend>
        <ul className="divide-y divide-border rounded-lg border border-border">
          {WEEKDAYS.map((day) => {
            const hours = values.hours[day];
            const dayName = days[`weekday_${day}`];
            const checkId = `${id}-day-${day}`;
            return (
              <li
                key={day}
                className="flex flex-wrap items-center gap-x-3 gap-y-2 p-3"
                data-testid={`onboarding-day-${day}`}
              >
                <div className="flex w-32 shrink-0 items-center gap-2">
                  <input
                    ref={day === WEEKDAYS[0] ? fieldRefs.hours : undefined}
                    id={checkId}
                    type="checkbox"
                    checked={hours.open}
                    aria-label={format(m.hoursDayOpen, { day: dayName })}
                    onChange={(e) => updateDay(day, { open: e.target.checked })}
                    className="h-4 w-4 accent-[var(--accent)]"
                  />
                  <label htmlFor={checkId} className="text-sm font-medium" aria-hidden="true">
                    {dayName}
                  </label>
                </div>
                {hours.open ? (
                  <div className="flex flex-wrap items-center gap-2">
                    <Input
                      type="time"
                      value={hours.start}
                      aria-label={`${dayName} — ${m.hoursFrom}`}
                      onChange={(e) => updateDay(day, { start: e.target.value })}
                      className="w-28"
                    />
                    <span aria-hidden="true" className="text-muted">
                      –
                    </span>
                    <Input
                      type="time"
                      value={hours.end}
                      aria-label={`${dayName} — ${m.hoursTo}`}
                      onChange={(e) => updateDay(day, { end: e.target.value })}
                      className="w-28"
                    />
                  </div>
                ) : (
                  <span className="text-sm text-muted">{m.hoursClosed}</span>
                )}
              </li>
            );
          })}
        </ul>
        {errors.hours && (
          <p id={`${id}-hours-error`} role="alert" className="mt-2 text-sm text-danger">
            {v[errors.hours]}
          </p>
        )}
      </fieldset>
    </div>
  );
}

export function GoLiveSummary({ locale, values }: { locale: Locale; values: OnboardingValues }) {
  const m = onboardingMessages[locale];
  const days = bookingMessages[locale];
  const location = values.location.trim();
  const openDays = WEEKDAYS.filter((day) => values.hours[day].open);
  const rows: [string, string][] = [
    [m.summaryService, values.serviceTitle.trim() || m.notProvided],
    [m.summaryLocation, location || m.notProvided],
    ...(location
      ? [
          [m.summaryRadius, format(m.summaryRadiusValue, { km: values.radiusKm.trim(), place: location })] as [
            string,
            string,
          ],
        ]
      : []),
    [
      m.summaryHours,
      openDays.length
        ? openDays
            .map((day) => `${days[`weekday_${day}`]} ${values.hours[day].start}–${values.hours[day].end}`)
            .join(', ')
        : m.summaryNoHours,
    ],
    [m.summaryRemote, values.canWorkRemotely ? m.yes : m.no],
    [m.summaryYears, values.yearsOfExperience.trim() || m.notProvided],
  ];
  return (
    <div className="space-y-4">
      <ul className="space-y-2">
        {[m.next1, m.next2, m.next3].map((text) => (
          <li key={text} className="flex gap-3 text-sm">
            <span className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-success/15 text-success">
              <Check aria-hidden="true" className="h-3 w-3" />
            </span>
            <span>{text}</span>
          </li>
        ))}
      </ul>
      <section aria-label={m.summaryHeading} className="rounded-xl border border-border bg-surface-2/50 p-4">
        <h4 className="text-xs font-semibold tracking-wide text-muted uppercase">{m.summaryHeading}</h4>
        <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
          {rows.map(([term, detail]) => (
            <div key={term} className="contents">
              <dt className="text-muted">{term}</dt>
              <dd className="font-medium break-words">{detail}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
