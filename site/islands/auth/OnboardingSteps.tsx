import { Switch } from 'radix-ui';
import type { RefObject } from 'react';
import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { authValidationMessages, onboardingMessages } from '../../i18n/messages/auth.ts';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import {
  MAX_LOCATION_LENGTH,
  MAX_RADIUS_KM,
  MAX_SERVICE_DESCRIPTION_LENGTH,
  MAX_SERVICE_TITLE_LENGTH,
  MAX_STATEMENT_LENGTH,
  MAX_YEARS_OF_EXPERIENCE,
  MIN_RADIUS_KM,
  MIN_YEARS_OF_EXPERIENCE,
  type Errors,
  type OnboardingField,
  type OnboardingValues,
} from './validation.ts';

/** The onboarding wizard's parts (OnboardingDialog.tsx): its progress and each step's fields. */

/** The focusable first control of each field, so a step can focus its first field or first error. */
export type OnboardingFieldRefs = {
  serviceTitle: RefObject<HTMLInputElement | null>;
  serviceDescription: RefObject<HTMLTextAreaElement | null>;
  location: RefObject<HTMLInputElement | null>;
  radiusKm: RefObject<HTMLInputElement | null>;
  canWorkRemotely: RefObject<HTMLButtonElement | null>;
  yearsOfExperience: RefObject<HTMLInputElement | null>;
  expertiseStatement: RefObject<HTMLTextAreaElement | null>;
  timeZone: RefObject<HTMLSelectElement | null>;
  hours: RefObject<HTMLInputElement | null>;
};

export type StepProps = {
  locale: Locale;
  /** The dialog's useId, the prefix of the ids that are not a Field's. */
  id: string;
  values: OnboardingValues;
  errors: Errors<OnboardingField>;
  fieldRefs: OnboardingFieldRefs;
  update: <K extends OnboardingField>(field: K, value: OnboardingValues[K]) => void;
};

export function ServiceStep({ locale, values, errors, fieldRefs, update }: StepProps) {
  const m = onboardingMessages[locale];
  const v = authValidationMessages[locale];
  return (
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
  );
}

export function LocationStep({ locale, id, values, errors, fieldRefs, update }: StepProps) {
  const m = onboardingMessages[locale];
  const v = authValidationMessages[locale];
  return (
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
  );
}

export function ExperienceStep({
  locale,
  values,
  errors,
  fieldRefs,
  update,
  onYearsReadable,
}: StepProps & { onYearsReadable: (unreadable: boolean) => void }) {
  const m = onboardingMessages[locale];
  const v = authValidationMessages[locale];
  const statementLength = values.expertiseStatement.length;
  return (
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
              onYearsReadable(e.currentTarget.validity.badInput);
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
  );
}
