import { defineMessages } from '../index.ts';
import { announcementsEn } from './announcements/en.ts';
import { announcementsFr } from './announcements/fr.ts';

/**
 * The announcement popup, the Updates dialog and the texts of the announcements themselves
 * (site/islands/announcements/catalogue.ts points at the `roadmap…` keys). 'Got it' and
 * 'Remind later' are the product's fixed wording (docs/product.md#announcements).
 */
export const announcementMessages = defineMessages({ en: announcementsEn, fr: announcementsFr });

export type { AnnouncementTexts } from './announcements/en.ts';
export type AnnouncementMessageKey = keyof (typeof announcementMessages)['en'];
