import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { serverMessages } from '../../i18n/messages/auth.ts';
import { ApiError } from '../../lib/api.ts';

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

/** Spec section 8: the sign-in screen shows the server's message, else 'Sign in failed'. */
export function signInErrorMessage(error: unknown, locale: Locale, fallback: string): string {
  const message = serverMessageOf(error);
  return message ? localizeServerMessage(message, locale) : fallback;
}

/**
 * Spec section 8: registration failure shows the server's error text, else 'Registration failed'
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

/** The server's message for a taken e-mail address (api: EMAIL_TAKEN_MESSAGE). */
export function isEmailTaken(error: unknown): boolean {
  return serverMessageOf(error) === serverMessages.en.emailTaken;
}

/** The server's message for a visitor under 15 (api: UNDER_AGE_MESSAGE). */
export function isUnderAge(error: unknown): boolean {
  return serverMessageOf(error) === serverMessages.en.underAge;
}
