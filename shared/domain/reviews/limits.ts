/** Reviews open at completion and are published at the latest this long after it. */
export const REVIEW_WINDOW_DAYS = 7;

/** A review's limits and messages: constants the HTTP shapes name (shared/http/reviews.ts). */
export const REVIEW_LIMITS = { ratingMin: 1, ratingMax: 5, textMin: 10, textMax: 2000 } as const;

export const REVIEW_MESSAGES = {
  bookingNotFound: 'Booking not found.',
  workOrderNotFound: 'Work order not found.',
  notParty: 'Only the customer and the contractor of this job can review it.',
  notCompleted: 'You can review this job once it is completed.',
  notReleased: 'You can review this work order once its payment is released to the contractor.',
  windowClosed: `The review window for this job has closed (reviews are open for ${REVIEW_WINDOW_DAYS} days after the job is completed).`,
  alreadyReviewed: 'You have already reviewed this job.',
  rating: `Please choose a rating from ${REVIEW_LIMITS.ratingMin} to ${REVIEW_LIMITS.ratingMax} stars.`,
  text: `The review must be ${REVIEW_LIMITS.textMin} to ${REVIEW_LIMITS.textMax} characters.`,
  control: 'The review can only contain plain text (letters, numbers, punctuation, line breaks and tabs).',
  windowOpen: 'The review window of this job is still open.',
} as const;
