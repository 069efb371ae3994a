import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import { checkPlainText } from '../plain-text.ts';
import {
  REVIEW_WINDOW_DAYS,
  type Review,
  reviewedJobOf,
  type ReviewedJobRef,
  type ReviewEvent,
  type ReviewJobKind,
  type ReviewSide,
  reviewEventSchemas,
} from './events.ts';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from './limits.ts';

/**
 * Double-blind reviews of one completed job (stream `review-<jobId>`): a booking, or a work order
 * won by a bid or a direct request. The job's facts (its two parties, when it was completed: the
 * booking marked completed, the work order's escrow released) come from the reviews read model,
 * looked up by the route or the scheduled job and passed in the command: the decider stays pure.
 *
 * Rules: only the job's customer and contractor review it, once each; a review opens at
 * completion and may be written until the reviews are published (both written) or the window of
 * REVIEW_WINDOW_DAYS days after completion closes. The second review publishes both at once; the
 * scheduled job publishes a lone review when the window has closed.
 */
export { REVIEW_LIMITS, REVIEW_MESSAGES } from './limits.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** When the reviews of a job completed at `completedAt` are published at the latest. */
export function reviewDeadline(completedAt: string | Date): Date {
  return new Date(new Date(completedAt).getTime() + REVIEW_WINDOW_DAYS * DAY_MS);
}

/** What the reviews read model knows of the job (null: no such job there). */
export type ReviewedJob = {
  jobId: string;
  kind: ReviewJobKind;
  contractorId: string;
  customerId: string;
  /** Null while the job is not completed (a booking not marked completed, a work order not released). */
  completedAt: string | null;
};

/** The job's reference as review events carry it (a booking's id stays in `bookingId` too). */
export function jobRef(job: Pick<ReviewedJob, 'jobId' | 'kind'>): ReviewedJobRef {
  return job.kind === 'booking'
    ? { bookingId: job.jobId, jobId: job.jobId, jobKind: 'booking' }
    : { jobId: job.jobId, jobKind: job.kind };
}

/** An event's job reference, completed for events written before `jobId` existed. */
function refOf(data: ReviewedJobRef): ReviewedJobRef {
  const { jobId, jobKind } = reviewedJobOf(data);
  return jobRef({ jobId, kind: jobKind });
}

export type ReviewState =
  | { status: 'none' }
  | {
      status: 'open' | 'published';
      job: ReviewedJobRef;
      contractorId: string;
      customerId: string;
      reviews: readonly Review[];
    };

export type SubmitReview = {
  type: 'SubmitReview';
  reviewerId: string;
  job: ReviewedJob | null;
  rating: number;
  text: string;
  now: Date;
};

/** From the scheduled job: publish what was written once the window has closed. */
export type PublishReviews = { type: 'PublishReviews'; job: ReviewedJob; now: Date };

export type ReviewCommand = SubmitReview | PublishReviews;

export function sideOf(job: Pick<ReviewedJob, 'contractorId' | 'customerId'>, userId: string): ReviewSide | null {
  if (userId === job.customerId) return 'customer';
  if (userId === job.contractorId) return 'contractor';
  return null;
}

export function submitReview(command: SubmitReview, state: ReviewState): ReviewEvent[] {
  const { job, now } = command;
  if (!job) throw new NotFoundError(REVIEW_MESSAGES.bookingNotFound);
  const side = sideOf(job, command.reviewerId);
  if (!side) throw new ForbiddenError(REVIEW_MESSAGES.notParty);
  if (!job.completedAt) {
    throw new ConflictError(job.kind === 'work-order' ? REVIEW_MESSAGES.notReleased : REVIEW_MESSAGES.notCompleted);
  }
  if (state.status === 'published' || now.getTime() >= reviewDeadline(job.completedAt).getTime()) {
    throw new ConflictError(REVIEW_MESSAGES.windowClosed);
  }
  const written = state.status === 'open' ? state.reviews : [];
  if (written.some((review) => review.side === side)) throw new ConflictError(REVIEW_MESSAGES.alreadyReviewed);

  const { rating } = command;
  if (!Number.isInteger(rating) || rating < REVIEW_LIMITS.ratingMin || rating > REVIEW_LIMITS.ratingMax) {
    throw new ValidationError(REVIEW_MESSAGES.rating);
  }
  const checked = checkPlainText(command.text, { min: REVIEW_LIMITS.textMin, max: REVIEW_LIMITS.textMax });
  if (!checked.ok)
    throw new ValidationError(checked.problem === 'control' ? REVIEW_MESSAGES.control : REVIEW_MESSAGES.text);

  const review: Review = {
    reviewerId: command.reviewerId,
    revieweeId: side === 'customer' ? job.contractorId : job.customerId,
    side,
    rating,
    text: checked.text,
    submittedAt: now.toISOString(),
  };
  const parties = { ...jobRef(job), contractorId: job.contractorId, customerId: job.customerId };
  const submitted: ReviewEvent = { type: 'ReviewSubmitted', data: { ...review, ...parties } };
  if (written.length === 0) return [submitted];
  // The other side has written theirs: both become public now, in the order they were written.
  return [
    submitted,
    {
      type: 'ReviewsPublished',
      data: { ...parties, reviews: [...written, review], reason: 'both-written', publishedAt: now.toISOString() },
    },
  ];
}

export function publishReviews(command: PublishReviews, state: ReviewState): ReviewEvent[] {
  const { job, now } = command;
  // Nothing written, or already public: nothing to do (the scheduled job may see a job twice).
  if (state.status !== 'open') return [];
  if (!job.completedAt || now.getTime() < reviewDeadline(job.completedAt).getTime()) {
    throw new ConflictError(REVIEW_MESSAGES.windowOpen);
  }
  return [
    {
      type: 'ReviewsPublished',
      data: {
        ...state.job,
        contractorId: state.contractorId,
        customerId: state.customerId,
        reviews: [...state.reviews],
        reason: 'window-closed',
        publishedAt: now.toISOString(),
      },
    },
  ];
}

export function evolveReviews(state: ReviewState, event: ReviewEvent): ReviewState {
  switch (event.type) {
    case 'ReviewSubmitted': {
      const { bookingId, jobId, jobKind, contractorId, customerId, ...review } = event.data;
      const reviews = state.status === 'none' ? [] : state.reviews;
      const job = refOf({ bookingId, jobId, jobKind });
      return { status: 'open', job, contractorId, customerId, reviews: [...reviews, review] };
    }
    case 'ReviewsPublished':
      return state.status === 'none'
        ? {
            status: 'published',
            job: refOf(event.data),
            contractorId: event.data.contractorId,
            customerId: event.data.customerId,
            reviews: event.data.reviews,
          }
        : { ...state, status: 'published' };
    default:
      return state;
  }
}

export const reviewDecider: Decider<ReviewState, ReviewCommand, ReviewEvent> = {
  eventSchemas: reviewEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve: evolveReviews,
  decide(command, state) {
    switch (command.type) {
      case 'SubmitReview':
        return submitReview(command, state);
      case 'PublishReviews':
        return publishReviews(command, state);
      default: {
        const unknown: never = command;
        throw new AppError(400, `Unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },
};
