/** A user's own actions on their notifications (read, read all, delete). */
export const notificationsStreamId = (userId: string) => `notifications-${userId}`;
