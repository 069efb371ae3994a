/** Local-storage keys of the announcement state (docs/product.md#announcements, browser-stored state). */
export const DISMISSED_ANNOUNCEMENTS_KEY = 'marketplace:announcements:dismissed';
export const SNOOZED_ANNOUNCEMENTS_KEY = 'marketplace:announcements:snoozed';

/** The one announcement defined (docs/product.md#announcements). */
export const ROADMAP_ANNOUNCEMENT_ID = 'future-roadmap-2025';
