import { bookingRemindersJob } from './booking-reminders.ts';
import { contractsAndEscrowsJob, escrowAutoReleaseJob, escrowHoldLimitJob, payoutsJob } from './money-jobs.ts';
import { disputeAnalysisJob, disputeProgressJob } from './dispute-jobs.ts';
import { planRenewalsJob } from './plan-renewals.ts';
import { reviewsPublishJob } from './reviews-publish.ts';
import { urgentAwardsJob } from './urgent-awards.ts';
import { recurringActivationJob, recurringFundingJob, recurringVisitsJob } from './recurring-jobs.ts';
import { pendingRegistrationsPurgeJob } from './pending-registrations-purge.ts';
import { personalDataPurgeJob } from './personal-data-purge.ts';
import { idempotencyKeysPruneJob } from './idempotency-keys-prune.ts';
import { auditHeadsJob } from './audit-heads-publish.ts';
import type { ScheduledJob } from '../infrastructure/scheduling/scheduled.ts';

/** Every time-driven job the product runs (see infrastructure/scheduling/scheduled.ts). */
export const allScheduledJobs: readonly ScheduledJob[] = [
  bookingRemindersJob,
  reviewsPublishJob,
  contractsAndEscrowsJob,
  escrowAutoReleaseJob,
  escrowHoldLimitJob,
  payoutsJob,
  disputeProgressJob,
  disputeAnalysisJob,
  planRenewalsJob,
  urgentAwardsJob,
  recurringActivationJob,
  recurringVisitsJob,
  recurringFundingJob,
  pendingRegistrationsPurgeJob,
  personalDataPurgeJob,
  idempotencyKeysPruneJob,
  auditHeadsJob,
];
