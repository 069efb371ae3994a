/** One stream per user holds their notification preferences and their e-mail consent. */
export const notificationPreferencesStreamId = (userId: string) => `notification-preferences-${userId}`;
