/**
 * Performance badges: free, earned from what happened on the platform (published reviews,
 * completed and cancelled bookings, answers to booking requests), never bought or self-declared.
 * Verified-credential badges are the paid kind and belong to the plans issue.
 *
 * - top-rated: an average of at least 4.7 stars over at least 5 published customer reviews;
 * - reliable: at least 5 completed jobs, and the contractor cancelled at most 1 in 10 of their
 *   bookings that were completed or cancelled by them;
 * - responsive: answered (confirmed or declined) at least 3 booking requests, 90 % of them
 *   within 24 hours;
 * - on-time: at least 5 completed jobs that had a booking, 90 % of them marked complete no later
 *   than a day after the booking's scheduled end (a job paid without a booking has no end to be
 *   on time for, so it neither helps nor hurts);
 * - experienced: at least 25 completed jobs.
 *
 * The directory projection computes them with `earnedBadges` whenever a contractor's numbers
 * change, so a badge is a column the directory filters on.
 */
export const performanceBadges = ['top-rated', 'reliable', 'responsive', 'on-time', 'experienced'] as const;
export type PerformanceBadge = (typeof performanceBadges)[number];

export const TOP_RATED = { minAverage: 4.7, minReviews: 5 } as const;
export const RELIABLE = { minCompleted: 5, maxCancellationShare: 0.1 } as const;
export const RESPONSIVE = { minAnswered: 3, withinHours: 24, minShare: 0.9 } as const;
export const ON_TIME = { minCompleted: 5, minShare: 0.9, graceHours: 24 } as const;
export const EXPERIENCED = { minCompleted: 25 } as const;

export type PerformanceStats = {
  ratingSum: number;
  ratingCount: number;
  completedJobs: number;
  /** Bookings the contractor cancelled themselves. */
  contractorCancellations: number;
  /** Booking requests confirmed or declined, and how many of those within 24 h. */
  answeredRequests: number;
  answeredWithinDay: number;
  /** Completed bookings marked complete by their scheduled end plus the grace (ON_TIME). */
  onTimeJobs: number;
  /** Completed jobs that had a booking (a scheduled end): the on-time badge's base. */
  scheduledJobs: number;
};

export function isPerformanceBadge(value: string): value is PerformanceBadge {
  return (performanceBadges as readonly string[]).includes(value);
}

/** The badges these numbers earn, in the order of `performanceBadges`. */
export function earnedBadges(stats: PerformanceStats): PerformanceBadge[] {
  const earned: PerformanceBadge[] = [];
  if (stats.ratingCount >= TOP_RATED.minReviews && stats.ratingSum / stats.ratingCount >= TOP_RATED.minAverage) {
    earned.push('top-rated');
  }
  const ended = stats.completedJobs + stats.contractorCancellations;
  if (
    stats.completedJobs >= RELIABLE.minCompleted &&
    stats.contractorCancellations <= RELIABLE.maxCancellationShare * ended
  ) {
    earned.push('reliable');
  }
  if (
    stats.answeredRequests >= RESPONSIVE.minAnswered &&
    stats.answeredWithinDay >= RESPONSIVE.minShare * stats.answeredRequests
  ) {
    earned.push('responsive');
  }
  if (stats.scheduledJobs >= ON_TIME.minCompleted && stats.onTimeJobs >= ON_TIME.minShare * stats.scheduledJobs) {
    earned.push('on-time');
  }
  if (stats.completedJobs >= EXPERIENCED.minCompleted) earned.push('experienced');
  return earned;
}
