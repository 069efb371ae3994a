import type { AnnouncementMessageKey } from '../../i18n/messages/announcements.ts';
import { ROADMAP_ANNOUNCEMENT_ID } from './keys.ts';
import type { AnnouncementType, Ranked } from './rules.ts';

/** One item of an announcement's list (docs/product.md#announcements). */
export type AnnouncementItem = { title: string; description: string };

/** An announcement (docs/product.md#announcements), in one language. */
export type Announcement = Ranked & {
  type: AnnouncementType;
  title: string;
  message?: string;
  items: AnnouncementItem[];
  actionText?: string;
  /** A same-site path (localized when shown); opened in a new tab. */
  actionUrl?: string;
};

/**
 * An announcement's data without its words: those live in site/i18n/messages/announcements.ts,
 * keyed here, so the check that runs on every page loads only these few bytes and the texts
 * arrive with the popup.
 */
export type AnnouncementEntry = Ranked & {
  type: AnnouncementType;
  title: AnnouncementMessageKey;
  message?: AnnouncementMessageKey;
  items: readonly { title: AnnouncementMessageKey; description: AnnouncementMessageKey }[];
  action?: { text: AnnouncementMessageKey; url: string };
};

/** The one announcement defined (docs/product.md#announcements). */
export const ANNOUNCEMENTS: readonly AnnouncementEntry[] = [
  {
    id: ROADMAP_ANNOUNCEMENT_ID,
    type: 'feature',
    priority: 'high',
    date: '2025-10-10',
    title: 'roadmapTitle',
    message: 'roadmapMessage',
    items: [
      { title: 'roadmapCrowdfundingTitle', description: 'roadmapCrowdfundingDescription' },
      { title: 'roadmapGalleryTitle', description: 'roadmapGalleryDescription' },
      { title: 'roadmapBlockchainTitle', description: 'roadmapBlockchainDescription' },
      { title: 'roadmapAuctionTitle', description: 'roadmapAuctionDescription' },
    ],
    // The gallery and portfolio item is for contractors; the profile is where it will live.
    action: { text: 'roadmapAction', url: '/become-contractor' },
  },
];
