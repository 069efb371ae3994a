import { ArrowLeft, ArrowRight, Clock, LoaderCircle, MapPin, Rocket, Star, Wrench, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { onboardingMessages } from '../../i18n/messages/auth.ts';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { revalidateKeys } from '../../lib/query.ts';
import { ME_KEY } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { browserTimeZone, isCanadianZone } from '../booking/format.ts';
import { OnboardingProgress } from './OnboardingProgress.tsx';
import { GoLiveSummary, HoursStep } from './OnboardingSchedule.tsx';
import { ExperienceStep, LocationStep, ServiceStep } from './OnboardingSteps.tsx';
import { REDIRECT_DELAY_MS } from './return-to.ts';
import {
  DEFAULT_TIME_ZONE,
  firstInvalidStep,
  hasErrors,
  initialOnboardingValues,
  onboardingRequests,
  ONBOARDING_STEP_COUNT,
  ONBOARDING_STEP_FIELDS,
  validateOnboardingStep,
  type Errors,
  type OnboardingField,
  type OnboardingStep,
  type OnboardingValues,
} from './validation.ts';

/** The reads refreshed after onboarding (docs/product.md#accounts). */
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
 * The contractor onboarding wizard (docs/product.md#accounts): four steps, Next validates the
 * current one, Go Live patches the profile and creates the first service offering. Its state
 * survives closing and reopening, and moving back and forth between steps.
 */
export function OnboardingDialog({ locale, open, onOpenChange, onComplete }: OnboardingDialogProps) {
  const m = onboardingMessages[locale];
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

          <OnboardingProgress locale={locale} step={step} stepNames={stepNames} />

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
              <ServiceStep
                locale={locale}
                id={id}
                values={values}
                errors={errors}
                fieldRefs={fieldRefs}
                update={update}
              />
            )}
            {step === 2 && (
              <LocationStep
                locale={locale}
                id={id}
                values={values}
                errors={errors}
                fieldRefs={fieldRefs}
                update={update}
              />
            )}
            {step === 3 && (
              <ExperienceStep
                locale={locale}
                id={id}
                values={values}
                errors={errors}
                fieldRefs={fieldRefs}
                update={update}
                onYearsReadable={setYearsUnreadable}
              />
            )}
            {step === 4 && (
              <HoursStep
                locale={locale}
                id={id}
                values={values}
                errors={errors}
                fieldRefs={fieldRefs}
                update={update}
              />
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
