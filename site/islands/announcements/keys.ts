/** Local-storage keys of the announcement state (spec section 3, browser-stored state). */
export const DISMISSED_ANNOUNCEMENTS_KEY = 'marketplace:announcements:dismissed';
export const SNOOZED_ANNOUNCEMENTS_KEY = 'marketplace:announcements:snoozed';

/** The one announcement the spec defines. */
export const ROADMAP_ANNOUNCEMENT_ID = 'future-roadmap-2025';
