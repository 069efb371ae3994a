import { accountsProjection } from './accounts.ts';
import { availabilityProjection } from './availability.ts';
import { bookingsProjection } from './bookings.ts';
import { contactInboxProjection } from './contact-inbox.ts';
import { contractsProjection } from './contracts.ts';
import { escrowsProjection } from './escrows.ts';
import { moneyStepsProjection } from './money-steps.ts';
import { payoutsProjection } from './payouts.ts';
import { plansProjection } from './plans.ts';
import { urgentProjection } from './urgent.ts';
import { credentialsProjection } from './credentials.ts';
import { galleryProjection } from './gallery.ts';
import { recurringServicesProjection } from './recurring-services.ts';
import { barterProjection } from './barter.ts';
import { crmProjection } from './crm.ts';
import { metricsProjection } from './metrics.ts';
import { disputesProjection } from './disputes.ts';
import { workOrdersProjection } from './work-orders.ts';
import { catalogueDirectoryProjection } from './catalogue-directory.ts';
import { messagingProjection } from './messaging.ts';
import { contractorReviewsProjection } from './contractor-reviews.ts';
import { forumProjection } from './forum.ts';
import { emailOutboxProjection } from './email-outbox.ts';
import { notificationPreferencesProjection } from './notification-preferences.ts';
import { notificationsProjection } from './notifications.ts';
import { reviewsProjection } from './reviews.ts';
import { feedbackBoardProjection } from './feedback-board.ts';
import { catalogueOfferingsProjection } from './catalogue-offerings.ts';
import { timeProposalsProjection } from './time-proposals.ts';
import { userSwitchesProjection } from './user-switches.ts';
import type { Projection } from '../infrastructure/projections/types.ts';

/** Every read model the product runs. */
export const allProjections: readonly Projection[] = [
  accountsProjection,
  catalogueOfferingsProjection,
  catalogueDirectoryProjection,
  forumProjection,
  notificationPreferencesProjection,
  emailOutboxProjection,
  notificationsProjection,
  contactInboxProjection,
  feedbackBoardProjection,
  reviewsProjection,
  messagingProjection,
  workOrdersProjection,
  contractorReviewsProjection,
  availabilityProjection,
  bookingsProjection,
  timeProposalsProjection,
  contractsProjection,
  escrowsProjection,
  moneyStepsProjection,
  payoutsProjection,
  disputesProjection,
  plansProjection,
  urgentProjection,
  credentialsProjection,
  galleryProjection,
  recurringServicesProjection,
  barterProjection,
  crmProjection,
  metricsProjection,
  userSwitchesProjection,
];

export function projectionByName(name: string): Projection | undefined {
  return allProjections.find((projection) => projection.name === name);
}
