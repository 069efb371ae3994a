import { canadianTimeZones } from '../../../shared/geo/provinces.ts';
import { htmlLang, type Locale } from '../../i18n/locales.ts';
import { dateTimeFormat } from '../../i18n/intl.ts';

/**
 * Dates and times for the booking screens, with the browser's Intl only (no time-zone library in
 * the page): the server sends instants and each slot's local date and time in the viewer's zone.
 */
export const FALLBACK_ZONE = 'America/Toronto';

/** The device's IANA zone, or Toronto where the browser does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_ZONE;
  } catch {
    return FALLBACK_ZONE;
  }
}

export function isCanadianZone(zone: string): boolean {
  return canadianTimeZones.some((z) => z.id === zone);
}

/** A zone's name for people: Canada's by their usual names, any other by its IANA id. */
export function zoneLabel(zone: string, locale: Locale): string {
  const known = canadianTimeZones.find((z) => z.id === zone);
  return known ? known[locale] : zone.replaceAll('_', ' ');
}

/** The zones a viewer may pick: the device's first when it is not one of Canada's, then Canada's. */
export function zoneChoices(detected: string, locale: Locale): { id: string; label: string }[] {
  const canadian = canadianTimeZones.map((z) => ({ id: z.id as string, label: z[locale] }));
  return isCanadianZone(detected) ? canadian : [{ id: detected, label: zoneLabel(detected, locale) }, ...canadian];
}

/** Today's date (`YYYY-MM-DD`) in a zone. */
export function todayIn(zone: string, now: Date = new Date()): string {
  return dateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** A calendar date `n` days after `date` (both `YYYY-MM-DD`). */
export function addDays(date: string, n: number): string {
  const noon = new Date(`${date}T12:00:00Z`);
  noon.setUTCDate(noon.getUTCDate() + n);
  return noon.toISOString().slice(0, 10);
}

/** A calendar date as a heading: "Tue, Mar 3" / "mar. 3 mars". */
export function formatDay(date: string, locale: Locale, style: 'short' | 'long' = 'short'): string {
  return dateTimeFormat(htmlLang[locale], {
    timeZone: 'UTC',
    weekday: style,
    month: style,
    day: 'numeric',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** An instant's time of day in a zone: "9:00 a.m." / "09 h 00". */
export function formatTime(iso: string, zone: string, locale: Locale): string {
  return dateTimeFormat(htmlLang[locale], { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** A booking's start and end in a zone: "Tuesday, March 3, 2026, 10:00 – 11:00 a.m.". */
export function formatRange(startIso: string, endIso: string, zone: string, locale: Locale): string {
  const formatter = dateTimeFormat(htmlLang[locale], {
    timeZone: zone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
  return formatter.formatRange(new Date(startIso), new Date(endIso));
}

/** An instant with its date, in a zone: "March 2, 2026, 10:00 a.m.". */
export function formatDateTime(iso: string, zone: string, locale: Locale): string {
  return dateTimeFormat(htmlLang[locale], {
    timeZone: zone,
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
}
