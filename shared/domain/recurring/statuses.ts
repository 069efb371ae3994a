/** A service subscription's states (a leaf the HTTP shapes can name; the decider re-exports it). */
export const subscriptionStatuses = ['requested', 'active', 'paused', 'declined', 'cancelled'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
