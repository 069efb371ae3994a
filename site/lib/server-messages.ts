import { parseAbuseLimitMessage } from '../../shared/abuse-limits.ts';
import { IDEMPOTENCY_MESSAGES } from '../../shared/idempotency.ts';
import { format } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import { serverLimitMessages } from '../i18n/messages/server-limits.ts';
import { ApiError } from './api.ts';

/**
 * The answers every create may give besides its own (an abuse limit's 429, an Idempotency-Key
 * refusal), in the page's language. Kept apart from api.ts, which every page loads, so only the
 * forms that write carry both languages of these few strings.
 */
export function localizeCreateMessage(message: string, locale: Locale): string {
  if (locale === 'en') return message;
  const m = serverLimitMessages[locale];
  const limit = parseAbuseLimitMessage(message);
  if (limit) {
    const wait =
      limit.unit === 'minutes'
        ? format(m.minutes, { count: limit.count })
        : limit.count === 1
          ? m.oneSecond
          : format(m.seconds, { count: limit.count });
    return format(m.tooOften, { wait });
  }
  if (message === IDEMPOTENCY_MESSAGES.reused) return m.keyReused;
  if (message === IDEMPOTENCY_MESSAGES.inFlight) return m.stillRunning;
  return message;
}

/** Like `messageOf`: the server's message (translated when it is one of the above), else the fallback. */
export function localizedMessageOf(error: unknown, fallback: string, locale: Locale): string {
  const message = error instanceof ApiError ? error.serverMessage : null;
  return message ? localizeCreateMessage(message, locale) : fallback;
}

/** The French abuse limit's opening, as the server sends it to a French page. */
const FRENCH_ABUSE_LIMIT = serverLimitMessages.fr.tooOften.split('{wait}')[0]!;

/** The abuse limit's message in the page's language when that is what refused the call, else null. */
export function abuseLimitMessageOf(error: unknown, locale: Locale): string | null {
  const message = error instanceof ApiError && error.status === 429 ? error.serverMessage : null;
  if (!message) return null;
  // The server answers a French page in French already (api/i18n/error-language.ts).
  if (message.startsWith(FRENCH_ABUSE_LIMIT)) return message;
  return parseAbuseLimitMessage(message) ? localizeCreateMessage(message, locale) : null;
}
