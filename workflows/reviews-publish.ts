import { randomUUID } from 'node:crypto';
import { ConflictError } from '../shared/errors.ts';
import { handleCommand } from '../shared/domain/decider.ts';
import { reviewDecider } from '../shared/domain/reviews/decider.ts';
import { reviewStreamId } from '../shared/domain/reviews/events.ts';
import { reviewsDueForPublication } from '../projections/reviews.ts';
import type { ScheduledJob } from '../infrastructure/scheduling/scheduled.ts';

/**
 * Publishes the reviews of jobs (bookings, work orders) completed at least 7 days ago when only
 * one side wrote (both written publish at once, from the decider). The read model only finds candidates: the decider
 * refuses a window still open and does nothing for reviews already published, so a lagging read
 * model or two runs never publish twice.
 */
export const reviewsPublishJob: ScheduledJob = {
  name: 'reviews-publish',
  intervalMs: 5 * 60_000,
  async run({ sql, store, now }) {
    let published = 0;
    for (const job of await reviewsDueForPublication(sql, now)) {
      try {
        const result = await handleCommand(
          store,
          reviewStreamId(job.jobId),
          reviewDecider,
          { type: 'PublishReviews', job, now },
          { actorId: null, correlationId: randomUUID(), now },
        );
        if (result.newEvents.length > 0) published += 1;
      } catch (error) {
        // One job's refusal (a clock a little behind the read model's) must not stop the others.
        if (!(error instanceof ConflictError)) throw error;
      }
    }
    return published;
  },
};
