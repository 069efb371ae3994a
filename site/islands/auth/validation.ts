import {
  ageOn,
  birthDateProblem,
  earliestBirthDate,
  isCalendarDate,
  MAXIMUM_AGE_YEARS,
  MINIMUM_AGE,
} from '../../../shared/domain/accounts/age.ts';
import { isOneRepeatedCharacter } from '../../../shared/domain/accounts/password-rules.ts';
import type { ValidationKey } from '../../i18n/messages/auth.ts';

/**
 * Client-side checks of spec section 5, mirroring the server's schemas (api/modules/accounts and
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

export const ONBOARDING_STEPS = [1, 2, 3, 4] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];
export const ONBOARDING_STEP_COUNT = ONBOARDING_STEPS.length;

export type OnboardingValues = {
  serviceTitle: string;
  serviceDescription: string;
  location: string;
  canWorkRemotely: boolean;
  /** The number input's text; empty means not given. */
  yearsOfExperience: string;
  expertiseStatement: string;
};
export type OnboardingField = keyof OnboardingValues;

export const initialOnboardingValues: OnboardingValues = {
  serviceTitle: '',
  serviceDescription: '',
  location: '',
  canWorkRemotely: false,
  yearsOfExperience: '',
  expertiseStatement: '',
};

/** The fields each step shows, in order (spec section 4). */
export const ONBOARDING_STEP_FIELDS: Record<OnboardingStep, readonly OnboardingField[]> = {
  1: ['serviceTitle', 'serviceDescription'],
  2: ['location', 'canWorkRemotely'],
  3: ['yearsOfExperience', 'expertiseStatement'],
  4: [],
};

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
      break;
    case 3:
      if (parseYearsOfExperience(values.yearsOfExperience) === 'invalid') errors.yearsOfExperience = 'yearsInvalid';
      if (values.expertiseStatement.length > MAX_STATEMENT_LENGTH) errors.expertiseStatement = 'statementTooLong';
      break;
    case 4:
      break;
  }
  return errors;
}

/** The first step (in order) with an error, or null when every step is valid. */
export function firstInvalidStep(values: OnboardingValues): OnboardingStep | null {
  return ONBOARDING_STEPS.find((step) => hasErrors(validateOnboardingStep(step, values))) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Onboarding payloads (spec section 7)

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

/** PATCH /api/contractor/profile: an empty optional field is sent as null. */
export function contractorProfilePayload(values: OnboardingValues): ContractorProfilePayload {
  const years = parseYearsOfExperience(values.yearsOfExperience);
  return {
    location: values.location.trim() || null,
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
