import { bookingRemindersJob } from './booking-reminders.ts';
import { contractsAndEscrowsJob, escrowAutoReleaseJob, escrowHoldLimitJob, payoutsJob } from './money-jobs.ts';
import { disputeAnalysisJob, disputeProgressJob } from './dispute-jobs.ts';
import { planRenewalsJob } from './plan-jobs.ts';
import { reviewsPublishJob } from './reviews-publish.ts';
import { urgentAwardsJob } from './urgent-jobs.ts';
import { recurringActivationJob, recurringFundingJob, recurringVisitsJob } from './recurring-jobs.ts';
import { pendingRegistrationsPurgeJob } from './pending-registrations-purge.ts';
import { personalDataPurgeJob } from './personal-data-purge.ts';
import { idempotencyKeysPruneJob } from './idempotency-keys-prune.ts';
import { auditHeadsJob } from './audit-heads.ts';
import type { ScheduledJob } from './scheduled.ts';

/** Every time-driven job the product runs (see scheduled.ts). */
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
