import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { serverMessages, type ValidationKey } from '../../i18n/messages/auth.ts';
import { ApiError } from '../../lib/api.ts';
import type { SignUpField } from './validation.ts';

/**
 * The server's readable message for a failed call: an ApiError's `error` field, also when the
 * ApiError was wrapped as the `cause` of another error (as `login()` does). Null otherwise.
 */
export function serverMessageOf(error: unknown): string | null {
  if (error instanceof ApiError) return error.serverMessage;
  if (error instanceof Error && error.cause instanceof ApiError) return error.cause.serverMessage;
  return null;
}

const TOO_MANY_ATTEMPTS = /^Too many attempts\. Please wait (\d+) seconds and try again\.$/;

/** Known server messages in the page's language; anything else as the server wrote it. */
export function localizeServerMessage(message: string, locale: Locale): string {
  if (locale === 'en') return message;
  const tooMany = TOO_MANY_ATTEMPTS.exec(message);
  if (tooMany) return format(serverMessages.fr.tooManyAttempts, { seconds: tooMany[1]! });
  const key = (Object.keys(serverMessages.en) as (keyof typeof serverMessages.en)[]).find(
    (k) => serverMessages.en[k] === message,
  );
  return key ? serverMessages[locale][key] : message;
}

/** The sign-in screen shows the server's message, else 'Sign in failed' (docs/product.md#accounts). */
export function signInErrorMessage(error: unknown, locale: Locale, fallback: string): string {
  const message = serverMessageOf(error);
  return message ? localizeServerMessage(message, locale) : fallback;
}

/**
 * Registration failure (docs/product.md#errors) shows the server's error text, else 'Registration failed'
 * (the server answered without one), else 'An unexpected error occurred.' (no answer at all).
 */
export function registrationErrorMessage(
  error: unknown,
  locale: Locale,
  messages: { failedFallback: string; unexpected: string },
): string {
  const apiError =
    error instanceof ApiError ? error : error instanceof Error && error.cause instanceof ApiError ? error.cause : null;
  if (!apiError) return messages.unexpected;
  const message = apiError.serverMessage;
  return message ? localizeServerMessage(message, locale) : messages.failedFallback;
}

/** Server refusals of a sign-up that belong to one field of the form, and the form's key for each. */
const SIGN_UP_FIELD_ERRORS: Partial<Record<keyof typeof serverMessages.en, [SignUpField, ValidationKey]>> = {
  underAge: ['dateOfBirth', 'underAge'],
  futureBirthDate: ['dateOfBirth', 'dateOfBirthFuture'],
  tooOldBirthDate: ['dateOfBirth', 'dateOfBirthTooOld'],
  commonPassword: ['password', 'passwordCommon'],
  repeatedPassword: ['password', 'passwordRepeated'],
};

/**
 * The form field a failed sign-up's server message is about (a common password, a birth date the
 * server refused), with the message key to show under it; null for anything else.
 */
export function signUpFieldError(error: unknown): { field: SignUpField; key: ValidationKey } | null {
  const message = serverMessageOf(error);
  if (!message) return null;
  for (const [name, target] of Object.entries(SIGN_UP_FIELD_ERRORS)) {
    const key = name as keyof typeof serverMessages.en;
    // The server answers in the page's language: the English or the French text.
    if (target && (serverMessages.en[key] === message || serverMessages.fr[key] === message)) {
      return { field: target[0], key: target[1] };
    }
  }
  return null;
}

/**
 * Whether a failed confirmation asks for the password chosen at sign-up (the link was opened in
 * another browser than the one that signed up, or the password given was wrong): a 401.
 */
export function confirmationNeedsPassword(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** A failed confirmation that ends it: the link is unknown or used (400), expired (410) or the address taken (409). */
export function confirmationIsOver(error: unknown): boolean {
  return error instanceof ApiError && [400, 409, 410].includes(error.status);
}
