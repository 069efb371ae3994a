import {
  ageOn,
  birthDateProblem,
  earliestBirthDate,
  isCalendarDate,
  MAXIMUM_AGE_YEARS,
  MINIMUM_AGE,
} from '../../../shared/domain/accounts/age.ts';
import { isOneRepeatedCharacter } from '../../../shared/domain/accounts/password-rules.ts';
import { normalizePostalCode } from '../../../shared/geo/postal-code.ts';
import type { ValidationKey } from '../../i18n/messages/auth.ts';

/**
 * Client-side checks (docs/product.md#accounts), mirroring the server's schemas (api/modules/accounts and
 * api/modules/catalogue) so a form the client accepts is one the server accepts, with one
 * exception: the list of common passwords is too large for a page, so only the server refuses
 * those (the form then shows its message under the password). Each validator answers message keys
 * (see `authValidationMessages`), one per invalid field, in form order.
 */

export const MIN_NAME_LENGTH = 2;
export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;
export const MIN_SERVICE_TITLE_LENGTH = 3;
export const MAX_SERVICE_TITLE_LENGTH = 120;
export const MIN_SERVICE_DESCRIPTION_LENGTH = 20;
export const MAX_SERVICE_DESCRIPTION_LENGTH = 5000;
export const MAX_LOCATION_LENGTH = 120;
export const MIN_YEARS_OF_EXPERIENCE = 0;
export const MAX_YEARS_OF_EXPERIENCE = 100;
export const MAX_STATEMENT_LENGTH = 500;
export { earliestBirthDate, MAXIMUM_AGE_YEARS, MINIMUM_AGE };

/** The server's e-mail check (zod's `z.email()` pattern), so both sides agree. */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type Errors<Field extends string> = Partial<Record<Field, ValidationKey>>;

export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= MAX_EMAIL_LENGTH && EMAIL_PATTERN.test(trimmed);
}

export function hasErrors(errors: Errors<string>): boolean {
  return Object.keys(errors).length > 0;
}

// ---------------------------------------------------------------------------------------------
// Sign-in

export type SignInValues = { email: string; password: string };
export type SignInField = keyof SignInValues;
export const SIGN_IN_FIELDS: readonly SignInField[] = ['email', 'password'];

/** Both fields must be non-blank ('Email is required', 'Password is required'). */
export function validateSignIn(values: SignInValues): Errors<SignInField> {
  const errors: Errors<SignInField> = {};
  if (!values.email.trim()) errors.email = 'emailRequired';
  if (!values.password.trim()) errors.password = 'passwordRequired';
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Sign-up

export type PublicRole = 'customer' | 'contractor';
export type SignUpValues = {
  role: PublicRole | '';
  name: string;
  email: string;
  dateOfBirth: string;
  password: string;
};
export type SignUpField = keyof SignUpValues;
export const SIGN_UP_FIELDS: readonly SignUpField[] = ['role', 'name', 'email', 'dateOfBirth', 'password'];

export function isPublicRole(value: unknown): value is PublicRole {
  return value === 'customer' || value === 'contractor';
}

/** The age check for a YYYY-MM-DD date of birth on `today` (UTC calendar date, as the server). */
export function validateDateOfBirth(dateOfBirth: string, today: Date): ValidationKey | null {
  const value = dateOfBirth.trim();
  if (!value) return 'dateOfBirthRequired';
  if (!isCalendarDate(value)) return 'dateOfBirthInvalid';
  const problem = birthDateProblem(value, today);
  if (problem === 'future') return 'dateOfBirthFuture';
  if (problem === 'tooOld') return 'dateOfBirthTooOld';
  if (ageOn(value, today) < MINIMUM_AGE) return 'underAge';
  return null;
}

export function validateSignUp(values: SignUpValues, today: Date): Errors<SignUpField> {
  const errors: Errors<SignUpField> = {};
  if (!isPublicRole(values.role)) errors.role = 'roleRequired';
  const name = values.name.trim();
  if (name.length < MIN_NAME_LENGTH) errors.name = 'nameTooShort';
  else if (name.length > MAX_NAME_LENGTH) errors.name = 'nameTooLong';
  if (!isValidEmail(values.email)) errors.email = 'emailInvalid';
  const dateOfBirth = validateDateOfBirth(values.dateOfBirth, today);
  if (dateOfBirth) errors.dateOfBirth = dateOfBirth;
  if (values.password.length < MIN_PASSWORD_LENGTH) errors.password = 'passwordTooShort';
  else if (values.password.length > MAX_PASSWORD_LENGTH) errors.password = 'passwordTooLong';
  else if (isOneRepeatedCharacter(values.password)) errors.password = 'passwordRepeated';
  return errors;
}

/** The date `today` as YYYY-MM-DD (UTC, as the server's age check), for the date input's max. */
export function isoDate(today: Date): string {
  return today.toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------
// Contractor onboarding

export const ONBOARDING_STEPS = [1, 2, 3, 4, 5] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
export const ONBOARDING_STEP_COUNT = ONBOARDING_STEPS.length;

/** Monday 1 … Sunday 7, as the availability API numbers them. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type DayHours = { open: boolean; start: string; end: string };
export type WeeklyHours = Record<Weekday, DayHours>;

/** The service area's radius when the contractor does not change it (the area form's default). */
export const DEFAULT_RADIUS_KM = '25';
export const MIN_RADIUS_KM = 1;
export const MAX_RADIUS_KM = 250;
export const DEFAULT_TIME_ZONE = 'America/Toronto';
/** Onboarding's slots are an hour long; the schedule page changes it. */
export const ONBOARDING_SLOT_MINUTES = 60;

/** Monday to Friday, 9:00 to 17:00: what the hours step shows first. */
export function defaultWeeklyHours(): WeeklyHours {
  const day = (open: boolean): DayHours => ({ open, start: '09:00', end: '17:00' });
  return { 1: day(true), 2: day(true), 3: day(true), 4: day(true), 5: day(true), 6: day(false), 7: day(false) };
}

export type OnboardingValues = {
  serviceTitle: string;
  serviceDescription: string;
  location: string;
  /** The number input's text (kilometres around the location). */
  radiusKm: string;
  canWorkRemotely: boolean;
  /** The number input's text; empty means not given. */
  yearsOfExperience: string;
  expertiseStatement: string;
  /** A Canadian IANA zone the weekly hours are in. */
  timeZone: string;
  hours: WeeklyHours;
};
export type OnboardingField = keyof OnboardingValues;

export const initialOnboardingValues: OnboardingValues = {
  serviceTitle: '',
  serviceDescription: '',
  location: '',
  radiusKm: DEFAULT_RADIUS_KM,
  canWorkRemotely: false,
  yearsOfExperience: '',
  expertiseStatement: '',
  timeZone: DEFAULT_TIME_ZONE,
  hours: defaultWeeklyHours(),
};

/** The fields each step shows, in order (docs/product.md#accounts). */
export const ONBOARDING_STEP_FIELDS: Record<OnboardingStep, readonly OnboardingField[]> = {
  1: ['serviceTitle', 'serviceDescription'],
  2: ['location', 'radiusKm', 'canWorkRemotely'],
  3: ['yearsOfExperience', 'expertiseStatement'],
  4: ['timeZone', 'hours'],
  5: [],
};

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The radius: a whole number of kilometres from 1 to 250. */
export function parseRadiusKm(text: string): number | 'invalid' {
  const value = text.trim();
  if (!/^\d+$/.test(value)) return 'invalid';
  const km = Number(value);
  return km >= MIN_RADIUS_KM && km <= MAX_RADIUS_KM ? km : 'invalid';
}

/** Years of experience: empty, or a whole number from 0 to 100. */
export function parseYearsOfExperience(text: string): number | null | 'invalid' {
  const value = text.trim();
  if (!value) return null;
  if (!/^\d+$/.test(value)) return 'invalid';
  const years = Number(value);
  return years >= MIN_YEARS_OF_EXPERIENCE && years <= MAX_YEARS_OF_EXPERIENCE ? years : 'invalid';
}

export function validateOnboardingStep(step: OnboardingStep, values: OnboardingValues): Errors<OnboardingField> {
  const errors: Errors<OnboardingField> = {};
  switch (step) {
    case 1: {
      const title = values.serviceTitle.trim();
      if (title.length < MIN_SERVICE_TITLE_LENGTH) errors.serviceTitle = 'serviceTitleTooShort';
      else if (title.length > MAX_SERVICE_TITLE_LENGTH) errors.serviceTitle = 'serviceTitleTooLong';
      const description = values.serviceDescription.trim();
      if (description.length < MIN_SERVICE_DESCRIPTION_LENGTH) errors.serviceDescription = 'serviceDescriptionTooShort';
      else if (description.length > MAX_SERVICE_DESCRIPTION_LENGTH)
        errors.serviceDescription = 'serviceDescriptionTooLong';
      break;
    }
    case 2:
      if (values.location.trim().length > MAX_LOCATION_LENGTH) errors.location = 'locationTooLong';
      if (values.location.trim() && parseRadiusKm(values.radiusKm) === 'invalid') errors.radiusKm = 'radiusInvalid';
      break;
    case 3:
      if (parseYearsOfExperience(values.yearsOfExperience) === 'invalid') errors.yearsOfExperience = 'yearsInvalid';
      if (values.expertiseStatement.length > MAX_STATEMENT_LENGTH) errors.expertiseStatement = 'statementTooLong';
      break;
    case 4: {
      const open = WEEKDAYS.filter((day) => values.hours[day].open);
      if (open.length === 0) errors.hours = 'hoursNone';
      else if (
        open.some((day) => {
          const { start, end } = values.hours[day];
          return !HHMM.test(start) || !HHMM.test(end) || end <= start;
        })
      ) {
        errors.hours = 'hoursOrder';
      }
      break;
    }
    case 5:
      break;
  }
  return errors;
}

/** The first step (in order) with an error, or null when every step is valid. */
export function firstInvalidStep(values: OnboardingValues): OnboardingStep | null {
  return ONBOARDING_STEPS.find((step) => hasErrors(validateOnboardingStep(step, values))) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Onboarding payloads (docs/product.md#api)

export const DEFAULT_PRICING_MODEL = 'hourly';
export const DEFAULT_PRICE = '50';

export type ContractorProfilePayload = {
  location: string | null;
  canWorkRemotely: boolean;
  yearsOfExperience: number | null;
  expertiseStatement: string | null;
};

export type ServiceOfferingPayload = {
  title: string;
  description: string;
  pricingModel: typeof DEFAULT_PRICING_MODEL;
  price: typeof DEFAULT_PRICE;
  isRemoteService: boolean;
  isActive: true;
};

/**
 * The profile's location as published: a full postal code can point at a home, so the profile
 * (whose events are kept for good) names only its first three characters; the service area keeps
 * the full code outside the event log.
 */
export function profileLocation(location: string): string | null {
  const code = normalizePostalCode(location);
  return code ? code.slice(0, 3) : location.trim() || null;
}

/** PATCH /api/contractor/profile: an empty optional field is sent as null. */
export function contractorProfilePayload(values: OnboardingValues): ContractorProfilePayload {
  const years = parseYearsOfExperience(values.yearsOfExperience);
  return {
    location: profileLocation(values.location),
    canWorkRemotely: values.canWorkRemotely,
    yearsOfExperience: typeof years === 'number' ? years : null,
    expertiseStatement: values.expertiseStatement.trim() || null,
  };
}

/** POST /api/service-offerings, only when both the title and the description were filled in. */
export function serviceOfferingPayload(values: OnboardingValues): ServiceOfferingPayload | null {
  const title = values.serviceTitle.trim();
  const description = values.serviceDescription.trim();
  if (!title || !description) return null;
  return {
    title,
    description,
    pricingModel: DEFAULT_PRICING_MODEL,
    price: DEFAULT_PRICE,
    isRemoteService: values.canWorkRemotely,
    isActive: true,
  };
}

export type AvailabilityPayload = {
  timeZone: string;
  slotMinutes: number;
  weekly: { weekday: Weekday; start: string; end: string }[];
};

/** PUT /api/contractor/availability: the open days' hours, one window each. */
export function availabilityPayload(values: OnboardingValues): AvailabilityPayload {
  return {
    timeZone: values.timeZone,
    slotMinutes: ONBOARDING_SLOT_MINUTES,
    weekly: WEEKDAYS.filter((day) => values.hours[day].open).map((weekday) => ({
      weekday,
      start: values.hours[weekday].start,
      end: values.hours[weekday].end,
    })),
  };
}

export type ServiceAreaLocationPayload = { location: string; radiusKm: number };

/** PUT /api/contractor/service-area/location: only when a location was given. */
export function serviceAreaPayload(values: OnboardingValues): ServiceAreaLocationPayload | null {
  const location = values.location.trim();
  const radiusKm = parseRadiusKm(values.radiusKm);
  if (!location) return null;
  return { location, radiusKm: radiusKm === 'invalid' ? Number(DEFAULT_RADIUS_KM) : radiusKm };
}

export type OnboardingRequest = {
  /** The step whose fields the request saves (a refusal sends the contractor back there). */
  step: OnboardingStep;
  method: 'PUT' | 'PATCH' | 'POST';
  path: string;
  body: object;
};

/**
 * What Go Live sends, in order: the service area from the location first (an unknown place is
 * refused before anything else is saved), then the profile, the first offering and the weekly
 * hours. Live means bookable: with hours, customers can pick a slot at once.
 */
export function onboardingRequests(values: OnboardingValues): OnboardingRequest[] {
  const area = serviceAreaPayload(values);
  const offering = serviceOfferingPayload(values);
  return [
    ...(area ? [{ step: 2, method: 'PUT', path: '/api/contractor/service-area/location', body: area } as const] : []),
    { step: 2, method: 'PATCH', path: '/api/contractor/profile', body: contractorProfilePayload(values) },
    ...(offering ? [{ step: 1, method: 'POST', path: '/api/service-offerings', body: offering } as const] : []),
    { step: 4, method: 'PUT', path: '/api/contractor/availability', body: availabilityPayload(values) },
  ];
}
