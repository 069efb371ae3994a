import type { AnnouncementTexts } from '../../i18n/messages/announcements.ts';
import { htmlLang, localizePath, type Locale } from '../../i18n/locales.ts';
import type { Announcement, AnnouncementEntry } from './catalogue.ts';
import type { AnnouncementType } from './rules.ts';
import { dateTimeFormat } from '../../i18n/intl.ts';

/**
 * The announcement in the page's language (`m`: that language's texts), its action pointing at the
 * same page in that language.
 */
export function localizeAnnouncement(entry: AnnouncementEntry, locale: Locale, m: AnnouncementTexts): Announcement {
  return {
    id: entry.id,
    type: entry.type,
    priority: entry.priority,
    date: entry.date,
    title: m[entry.title],
    message: entry.message ? m[entry.message] : undefined,
    items: entry.items.map((item) => ({ title: m[item.title], description: m[item.description] })),
    actionText: entry.action ? m[entry.action.text] : undefined,
    actionUrl: entry.action ? localizePath(entry.action.url, locale) : undefined,
  };
}

const typeKeys = {
  feature: 'typeFeature',
  rollout: 'typeRollout',
  maintenance: 'typeMaintenance',
  celebration: 'typeCelebration',
} as const satisfies Record<AnnouncementType, string>;

export function typeLabel(type: AnnouncementType, m: AnnouncementTexts): string {
  return m[typeKeys[type]];
}

/** '2025-10-10' → 'October 10, 2025' / '10 octobre 2025' (a calendar date: no time zone may move it). */
export function formatAnnouncementDate(date: string, locale: Locale): string {
  return dateTimeFormat(htmlLang[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** When a snooze ends, in the visitor's own time zone. */
export function formatRemindAfter(remindAfter: number, locale: Locale): string {
  return dateTimeFormat(htmlLang[locale], { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(remindAfter));
}
