import { DateTime } from 'luxon';

/**
 * How long personal data kept outside the event log lives (docs/decisions.md, "Legal copies and
 * retention"; the privacy policy quotes these numbers). The site's legal pages and the purge job
 * (workflows/personal-data-purge.ts) read the same values.
 */
export const RETENTION = {
  /**
   * A signed contract's legal copy (names at signing, typed names, user agent): the Income Tax Act
   * (s. 230(4)) keeps business records six years from the end of the last tax year they relate to.
   * A job signed in year Y is paid in Y or, at the latest, Y + 1 (no escrow holds past 90 days), so
   * the copy is kept to the end of year Y + 7.
   */
  legalCopyYearsAfterSigningYear: 7,
  /** A contact-form sender's name and e-mail: long enough to answer and follow up, then erased. */
  contactSenderYears: 2,
} as const;

/** Calendar years are counted in the platform's home zone, like the metrics' months. */
const HOME_ZONE = 'America/Toronto';

/** The first instant a legal copy signed at `signedAt` is no longer kept: 1 January of Y + 8, Toronto time. */
export function legalCopyRetainUntil(signedAt: Date): Date {
  const year = DateTime.fromJSDate(signedAt, { zone: HOME_ZONE }).year;
  return DateTime.fromObject(
    { year: year + RETENTION.legalCopyYearsAfterSigningYear + 1, month: 1, day: 1 },
    { zone: HOME_ZONE },
  ).toJSDate();
}

/** When a contact sender's name and e-mail are erased: two years after the message. */
export function contactSenderRetainUntil(receivedAt: Date): Date {
  return DateTime.fromJSDate(receivedAt, { zone: 'utc' }).plus({ years: RETENTION.contactSenderYears }).toJSDate();
}
