import { accountsProjection } from './accounts.ts';
import { availabilityProjection } from './availability.ts';
import { bookingsProjection } from './bookings.ts';
import { contactInboxProjection } from './contact-inbox.ts';
import { contractsProjection } from './contracts.ts';
import { escrowsProjection } from './escrows.ts';
import { payoutsProjection } from './payouts.ts';
import { plansProjection } from './plans.ts';
import { urgentAlertsProjection } from './urgent-alerts.ts';
import { credentialsProjection } from './credentials.ts';
import { galleryProjection } from './gallery.ts';
import { recurringServicesProjection } from './recurring-services.ts';
import { barterProjection } from './barter.ts';
import { contractorCrmProjection } from './contractor-crm.ts';
import { platformMetricsProjection } from './platform-metrics.ts';
import { disputesProjection } from './disputes.ts';
import { workOrdersProjection } from './work-orders.ts';
import { contractorDirectoryProjection } from './contractor-directory.ts';
import { conversationsProjection } from './conversations.ts';
import { contractorReviewsProjection } from './contractor-reviews.ts';
import { forumProjection } from './forum.ts';
import { emailOutboxProjection } from './email-outbox.ts';
import { notificationPreferencesProjection } from './notification-preferences.ts';
import { notificationsProjection } from './notifications.ts';
import { reviewsProjection } from './reviews.ts';
import { feedbackBoardProjection } from './feedback-board.ts';
import { serviceOfferingsProjection } from './service-offerings.ts';
import { userSwitchesProjection } from './user-switches.ts';
import type { Projection } from './types.ts';

/** Every read model the product runs. */
export const allProjections: readonly Projection[] = [
  accountsProjection,
  serviceOfferingsProjection,
  contractorDirectoryProjection,
  forumProjection,
  notificationPreferencesProjection,
  emailOutboxProjection,
  notificationsProjection,
  contactInboxProjection,
  feedbackBoardProjection,
  reviewsProjection,
  conversationsProjection,
  workOrdersProjection,
  contractorReviewsProjection,
  availabilityProjection,
  bookingsProjection,
  contractsProjection,
  escrowsProjection,
  payoutsProjection,
  disputesProjection,
  plansProjection,
  urgentAlertsProjection,
  credentialsProjection,
  galleryProjection,
  recurringServicesProjection,
  barterProjection,
  contractorCrmProjection,
  platformMetricsProjection,
  userSwitchesProjection,
];

export function projectionByName(name: string): Projection | undefined {
  return allProjections.find((projection) => projection.name === name);
}
