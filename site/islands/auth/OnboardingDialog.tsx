import { ArrowLeft, ArrowRight, Check, Clock, LoaderCircle, MapPin, Rocket, Star, Wrench, X } from 'lucide-react';
import { Dialog, Progress, Switch } from 'radix-ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { canadianTimeZones } from '../../../shared/geo/provinces.ts';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { authValidationMessages, onboardingMessages } from '../../i18n/messages/auth.ts';
import { bookingMessages } from '../../i18n/messages/booking.ts';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { revalidateKeys } from '../../lib/query.ts';
import { ME_KEY } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { browserTimeZone, isCanadianZone } from '../booking/format.ts';
import { selectClasses } from '../booking/SlotPicker.tsx';
import { REDIRECT_DELAY_MS } from './return-to.ts';
import {
  DEFAULT_TIME_ZONE,
  firstInvalidStep,
  hasErrors,
  initialOnboardingValues,
  MAX_LOCATION_LENGTH,
  MAX_RADIUS_KM,
  MAX_SERVICE_DESCRIPTION_LENGTH,
  MAX_SERVICE_TITLE_LENGTH,
  MAX_STATEMENT_LENGTH,
  MAX_YEARS_OF_EXPERIENCE,
  MIN_RADIUS_KM,
  MIN_YEARS_OF_EXPERIENCE,
  onboardingRequests,
  ONBOARDING_STEP_COUNT,
  ONBOARDING_STEP_FIELDS,
  ONBOARDING_STEPS,
  validateOnboardingStep,
  WEEKDAYS,
  type Errors,
  type OnboardingField,
  type OnboardingStep,
  type OnboardingValues,
  type Weekday,
} from './validation.ts';

/** The reads refreshed after onboarding (spec section 7). */
export const ONBOARDING_REFRESH_KEYS = [ME_KEY, '/api/service-offerings/my', '/api/contractors/browse'] as const;

function isRefreshedKey(key: string): boolean {
  return ONBOARDING_REFRESH_KEYS.some((k) => key === k || key.startsWith(`${k}?`) || key.startsWith(`${k}/`));
}

/** The server did not know the location as a Canadian place: step 2 shows why. */
class UnknownLocation extends Error {}

/**
 * The service area from the location, the profile, the first offering if its fields were filled
 * in, and the weekly hours (see `onboardingRequests`): live means bookable.
 */
async function submitOnboarding(values: OnboardingValues): Promise<void> {
  for (const request of onboardingRequests(values)) {
    try {
      await apiRequest(request.method, request.path, request.body);
    } catch (error) {
      if (
        request.path === '/api/contractor/service-area/location' &&
        error instanceof ApiError &&
        error.status === 400
      ) {
        throw new UnknownLocation();
      }
      throw error;
    }
  }
  revalidateKeys(isRefreshedKey);
}

/** The device's zone when it is a Canadian one, else Toronto's. */
function defaultTimeZone(): string {
  const zone = browserTimeZone();
  return isCanadianZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

export type OnboardingDialogProps = {
  locale: Locale;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a successful Go Live (toast shown, dialog closed). Default: go to /contractor-dashboard. */
  onComplete?: () => void;
};

const stepIcons = { 1: Wrench, 2: MapPin, 3: Star, 4: Clock, 5: Rocket } as const;

/**
 * The contractor onboarding wizard (spec sections 2, 4, 5): four steps, Next validates the
 * current one, Go Live patches the profile and creates the first service offering. Its state
 * survives closing and reopening, and moving back and forth between steps.
 */
export function OnboardingDialog({ locale, open, onOpenChange, onComplete }: OnboardingDialogProps) {
  const m = onboardingMessages[locale];
  const v = authValidationMessages[locale];
  const days = bookingMessages[locale];
  const id = useId();

  const [step, setStep] = useState<OnboardingStep>(1);
  const [values, setValues] = useState<OnboardingValues>(initialOnboardingValues);
  const [errors, setErrors] = useState<Errors<OnboardingField>>({});
  // A number input reports '' for text it cannot read ('12e'); that is an error, not "not given".
  const [yearsUnreadable, setYearsUnreadable] = useState(false);
  const [pending, setPending] = useState(false);
  const stepMoved = useRef(false);

  // The hours are in the device's zone when it is Canadian (known only in the browser).
  useEffect(() => {
    const zone = defaultTimeZone();
    setValues((current) => (current.timeZone === DEFAULT_TIME_ZONE ? { ...current, timeZone: zone } : current));
  }, []);

  const fieldRefs = {
    serviceTitle: useRef<HTMLInputElement>(null),
    serviceDescription: useRef<HTMLTextAreaElement>(null),
    location: useRef<HTMLInputElement>(null),
    radiusKm: useRef<HTMLInputElement>(null),
    canWorkRemotely: useRef<HTMLButtonElement>(null),
    yearsOfExperience: useRef<HTMLInputElement>(null),
    expertiseStatement: useRef<HTMLTextAreaElement>(null),
    timeZone: useRef<HTMLSelectElement>(null),
    hours: useRef<HTMLInputElement>(null),
  } satisfies Record<OnboardingField, unknown>;
  const stepHeadingRef = useRef<HTMLHeadingElement>(null);

  const stepNames: Record<OnboardingStep, string> = {
    1: m.stepService,
    2: m.stepLocation,
    3: m.stepExperience,
    4: m.stepHours,
    5: m.stepGoLive,
  };

  function focusStepStart(target: OnboardingStep) {
    const first = ONBOARDING_STEP_FIELDS[target][0];
    (first ? fieldRefs[first].current : stepHeadingRef.current)?.focus();
  }

  // After Next or Back, focus moves to the new step's first field (its heading on the last step).
  useEffect(() => {
    if (!stepMoved.current) return;
    stepMoved.current = false;
    focusStepStart(step);
  }, [step]);

  function moveTo(target: OnboardingStep) {
    stepMoved.current = true;
    setStep(target);
  }

  function updateDay(day: Weekday, change: Partial<OnboardingValues['hours'][Weekday]>) {
    update('hours', { ...values.hours, [day]: { ...values.hours[day], ...change } });
  }

  function update<K extends OnboardingField>(field: K, value: OnboardingValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _removed, ...rest }) => rest);
  }

  const checkedValues: OnboardingValues = yearsUnreadable ? { ...values, yearsOfExperience: '?' } : values;

  function showErrorsOf(target: OnboardingStep): boolean {
    const found = validateOnboardingStep(target, checkedValues);
    setErrors(found);
    const first = ONBOARDING_STEP_FIELDS[target].find((field) => found[field]);
    if (first) fieldRefs[first].current?.focus();
    return hasErrors(found);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (step < ONBOARDING_STEP_COUNT) {
      if (!showErrorsOf(step)) moveTo((step + 1) as OnboardingStep);
      return;
    }
    const invalid = firstInvalidStep(checkedValues);
    if (invalid) {
      moveTo(invalid);
      setErrors(validateOnboardingStep(invalid, checkedValues));
      return;
    }
    setPending(true);
    try {
      await submitOnboarding(values);
    } catch (error) {
      setPending(false);
      if (error instanceof UnknownLocation) {
        moveTo(2);
        setErrors({ location: 'locationUnknown' });
        return;
      }
      toast({ title: m.failureTitle, description: m.failureDescription, variant: 'destructive' });
      return;
    }
    toast({ title: m.successTitle, description: m.successDescription, variant: 'success' });
    setPending(false);
    onOpenChange(false);
    if (onComplete) onComplete();
    else
      window.setTimeout(() => window.location.assign(localizePath('/contractor-dashboard', locale)), REDIRECT_DELAY_MS);
  }

  function onBack() {
    if (step === 1 || pending) return;
    setErrors({});
    moveTo((step - 1) as OnboardingStep);
  }

  const StepIcon = stepIcons[step];
  const statementLength = values.expertiseStatement.length;

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (pending && !next ? undefined : onOpenChange(next))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            focusStepStart(step);
          }}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-surface p-5 text-fg shadow-2xl outline-none sm:p-7"
        >
          <div className="pr-10">
            <Dialog.Title className="text-xl font-bold tracking-tight sm:text-2xl">{m.title}</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-muted">{m.description}</Dialog.Description>
          </div>
          <Dialog.Close
            aria-label={m.close}
            disabled={pending}
            className="absolute top-4 right-4 flex h-9 w-9 items-center justify-center rounded-lg text-muted transition hover:bg-surface-2 hover:text-fg disabled:opacity-50"
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </Dialog.Close>

          <div className="mt-5">
            <div className="mb-2 flex items-center justify-between text-xs font-medium text-muted">
              <span>{format(m.stepOf, { step, total: ONBOARDING_STEP_COUNT })}</span>
              <span>{stepNames[step]}</span>
            </div>
            <Progress.Root
              value={step}
              max={ONBOARDING_STEP_COUNT}
              getValueLabel={(value, max) => format(m.stepOf, { step: value, total: max })}
              aria-label={m.progressLabel}
              className="relative h-2 overflow-hidden rounded-full bg-surface-2"
            >
              <Progress.Indicator
                className="h-full w-full rounded-full bg-accent transition-transform duration-300"
                style={{ transform: `translateX(-${100 - (step / ONBOARDING_STEP_COUNT) * 100}%)` }}
              />
            </Progress.Root>
            <ol className="mt-3 grid grid-cols-5 gap-1 text-center">
              {ONBOARDING_STEPS.map((s) => {
                const done = s < step;
                const current = s === step;
                return (
                  <li
                    key={s}
                    aria-current={current ? 'step' : undefined}
                    className={`flex flex-col items-center gap-1 text-[11px] leading-tight sm:text-xs ${
                      current ? 'font-semibold text-fg' : 'text-muted'
                    }`}
                  >
                    <span
                      aria-hidden="true"
                      className={`flex h-6 w-6 items-center justify-center rounded-full border text-[11px] ${
                        done
                          ? 'border-accent bg-accent text-accent-fg'
                          : current
                            ? 'border-accent text-fg'
                            : 'border-border'
                      }`}
                    >
                      {done ? <Check className="h-3.5 w-3.5" /> : s}
                    </span>
                    <span>{stepNames[s]}</span>
                  </li>
                );
              })}
            </ol>
          </div>

          <form noValidate onSubmit={onSubmit} className="mt-6">
            <div className="mb-4 flex items-start gap-3">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent-text">
                <StepIcon aria-hidden="true" className="h-5 w-5" />
              </span>
              <div>
                <h3 ref={stepHeadingRef} tabIndex={-1} className="text-base font-semibold outline-none">
                  {
                    {
                      1: m.serviceHeading,
                      2: m.locationHeading,
                      3: m.experienceHeading,
                      4: m.hoursHeading,
                      5: m.goLiveHeading,
                    }[step]
                  }
                </h3>
                <p className="text-sm text-muted">
                  {
                    {
                      1: m.serviceText,
                      2: m.locationText,
                      3: m.experienceText,
                      4: m.hoursText,
                      5: m.goLiveText,
                    }[step]
                  }
                </p>
              </div>
            </div>

            {step === 1 && (
              <div className="space-y-4">
                <Field label={m.serviceTitleLabel} error={errors.serviceTitle ? v[errors.serviceTitle] : null}>
                  {({ id: fieldId, describedBy, invalid }) => (
                    <Input
                      ref={fieldRefs.serviceTitle}
                      id={fieldId}
                      name="serviceTitle"
                      required
                      maxLength={MAX_SERVICE_TITLE_LENGTH}
                      placeholder={m.serviceTitlePlaceholder}
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                      value={values.serviceTitle}
                      onChange={(e) => update('serviceTitle', e.target.value)}
                    />
                  )}
                </Field>
                <Field
                  label={m.serviceDescriptionLabel}
                  hint={m.serviceDescriptionHint}
                  error={errors.serviceDescription ? v[errors.serviceDescription] : null}
                >
                  {({ id: fieldId, describedBy, invalid }) => (
                    <Textarea
                      ref={fieldRefs.serviceDescription}
                      id={fieldId}
                      name="serviceDescription"
                      required
                      rows={4}
                      maxLength={MAX_SERVICE_DESCRIPTION_LENGTH}
                      placeholder={m.serviceDescriptionPlaceholder}
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                      value={values.serviceDescription}
                      onChange={(e) => update('serviceDescription', e.target.value)}
                    />
                  )}
                </Field>
              </div>
            )}

            {step === 2 && (
              <div className="space-y-5">
                <Field label={m.locationLabel} error={errors.location ? v[errors.location] : null}>
                  {({ id: fieldId, describedBy, invalid }) => (
                    <Input
                      ref={fieldRefs.location}
                      id={fieldId}
                      name="location"
                      autoComplete="address-level2"
                      maxLength={MAX_LOCATION_LENGTH}
                      placeholder={m.locationPlaceholder}
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                      value={values.location}
                      onChange={(e) => update('location', e.target.value)}
                    />
                  )}
                </Field>
                <Field label={m.radiusLabel} hint={m.radiusHint} error={errors.radiusKm ? v[errors.radiusKm] : null}>
                  {({ id: fieldId, describedBy, invalid }) => (
                    <Input
                      ref={fieldRefs.radiusKm}
                      id={fieldId}
                      name="radiusKm"
                      type="number"
                      inputMode="numeric"
                      min={MIN_RADIUS_KM}
                      max={MAX_RADIUS_KM}
                      step={1}
                      className="sm:max-w-40"
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                      value={values.radiusKm}
                      onChange={(e) => update('radiusKm', e.target.value)}
                    />
                  )}
                </Field>
                <div className="flex items-center justify-between gap-4 rounded-xl border border-border p-4">
                  <div>
                    <label htmlFor={`${id}-remote`} className="block text-sm font-medium">
                      {m.remoteLabel}
                    </label>
                    <p id={`${id}-remote-hint`} className="text-xs text-muted">
                      {m.remoteHint}
                    </p>
                  </div>
                  <Switch.Root
                    ref={fieldRefs.canWorkRemotely}
                    id={`${id}-remote`}
                    checked={values.canWorkRemotely}
                    onCheckedChange={(checked) => update('canWorkRemotely', checked)}
                    aria-describedby={`${id}-remote-hint`}
                    className="relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border border-border bg-surface-2 transition data-[state=checked]:border-accent data-[state=checked]:bg-accent"
                  >
                    <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-fg shadow transition-transform data-[state=checked]:translate-x-5 data-[state=checked]:bg-accent-fg" />
                  </Switch.Root>
                </div>
              </div>
            )}

            {step === 3 && (
              <div className="space-y-4">
                <Field
                  label={m.yearsLabel}
                  hint={m.yearsHint}
                  error={errors.yearsOfExperience ? v[errors.yearsOfExperience] : null}
                >
                  {({ id: fieldId, describedBy, invalid }) => (
                    <Input
                      ref={fieldRefs.yearsOfExperience}
                      id={fieldId}
                      name="yearsOfExperience"
                      type="number"
                      inputMode="numeric"
                      min={MIN_YEARS_OF_EXPERIENCE}
                      max={MAX_YEARS_OF_EXPERIENCE}
                      step={1}
                      className="sm:max-w-40"
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                      value={values.yearsOfExperience}
                      onChange={(e) => {
                        setYearsUnreadable(e.currentTarget.validity.badInput);
                        update('yearsOfExperience', e.target.value);
                      }}
                    />
                  )}
                </Field>
                <Field
                  label={m.statementLabel}
                  hint={
                    <span className={`block text-right ${statementLength > MAX_STATEMENT_LENGTH ? 'text-danger' : ''}`}>
                      {format(m.statementCounter, { count: statementLength, max: MAX_STATEMENT_LENGTH })}
                      <span className="sr-only"> {m.statementCounterLabel}</span>
                    </span>
                  }
                  error={errors.expertiseStatement ? v[errors.expertiseStatement] : null}
                >
                  {({ id: fieldId, describedBy, invalid }) => (
                    <Textarea
                      ref={fieldRefs.expertiseStatement}
                      id={fieldId}
                      name="expertiseStatement"
                      rows={4}
                      placeholder={m.statementPlaceholder}
                      aria-describedby={describedBy}
                      aria-invalid={invalid}
                      value={values.expertiseStatement}
                      onChange={(e) => update('expertiseStatement', e.target.value)}
                    />
                  )}
                </Field>
              </div>
            )}

            {step === 4 && (
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
            )}

            {step === 5 && <GoLiveSummary locale={locale} values={values} />}

            <div className="mt-6 flex items-center justify-between gap-3 border-t border-border pt-5">
              <Button variant="outline" onClick={onBack} disabled={step === 1 || pending}>
                <ArrowLeft aria-hidden="true" className="h-4 w-4" />
                {m.back}
              </Button>
              <Button type="submit" disabled={pending}>
                {step < ONBOARDING_STEP_COUNT ? (
                  <>
                    {m.next}
                    <ArrowRight aria-hidden="true" className="h-4 w-4" />
                  </>
                ) : pending ? (
                  <>
                    <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
                    {m.settingUp}
                  </>
                ) : (
                  <>
                    <Rocket aria-hidden="true" className="h-4 w-4" />
                    {m.goLive}
                  </>
                )}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function GoLiveSummary({ locale, values }: { locale: Locale; values: OnboardingValues }) {
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
