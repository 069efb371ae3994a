/**
 * Work-order limits and their messages: one source for the decider, the API's zod schemas and the
 * post-job form, so a rule reads the same wherever it is checked.
 */

/**
 * The most photos any work order may reference, whatever the plan. The customer's plan sets the
 * real allowance (Starter 5, Local 10, docs/product.md#plans) and the API checks it; this cap keeps the
 * "unlimited" plans bounded too (docs/decisions.md, "Plans").
 */
export const WORK_ORDER_PHOTO_LIMIT = 25;

/** An upload id: a random UUID and the extension of the type sniffed from its bytes. */
export const UPLOAD_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;

/** Photos one upload request may carry (a form sends a bigger pick in several requests). */
export const PHOTOS_PER_UPLOAD = 10;

export const WORK_LIMITS = {
  titleMin: 5,
  titleMax: 120,
  descriptionMin: 20,
  descriptionMax: 5000,
  /** $1,000,000 in cents. */
  budgetMaxCents: 100_000_000,
  preferredDatesMax: 5,
  proposalMessageMin: 10,
  proposalMessageMax: 2000,
  durationHoursMin: 0.5,
  durationHoursMax: 1000,
  reasonMax: 500,
} as const;

export const WORK_MESSAGES = {
  title: `The title must be ${WORK_LIMITS.titleMin} to ${WORK_LIMITS.titleMax} characters`,
  description: `Please describe the work in ${WORK_LIMITS.descriptionMin} to ${WORK_LIMITS.descriptionMax} characters`,
  category: 'Please choose a category',
  service: 'The service must belong to the chosen category',
  budgetPositive: 'The budget must be more than $0',
  budgetMax: 'The budget can be at most $1,000,000',
  budgetOrder: 'The minimum budget cannot be more than the maximum',
  budgetCents: 'The budget must be a whole number of cents',
  preferredDatesCount: `Choose at most ${WORK_LIMITS.preferredDatesMax} preferred dates`,
  preferredDateFormat: 'Preferred dates must be calendar dates (YYYY-MM-DD)',
  preferredDatePast: 'Preferred dates cannot be in the past',
  locationRequired: 'Enter the postal code where the work happens, or mark the work as remote',
  photos: `A work order can have at most ${WORK_ORDER_PHOTO_LIMIT} photos`,
  photosDuplicate: 'The same photo is attached twice',
  directContractorRequired: 'Pick the contractor to send this request to',
  directContractorSelf: 'You cannot send a work order to yourself',
  directContractorInBids: 'A work order open for bids is not sent to one contractor',
  reason: `The reason can be at most ${WORK_LIMITS.reasonMax} characters`,
  price: 'The price must be more than $0 and at most $1,000,000',
  duration: `The duration must be from ${WORK_LIMITS.durationHoursMin} to ${WORK_LIMITS.durationHoursMax} hours, in half hours`,
  earliestStartFormat: 'The earliest start must be a calendar date (YYYY-MM-DD)',
  earliestStartPast: 'The earliest start cannot be in the past',
  proposalMessage: `The message must be ${WORK_LIMITS.proposalMessageMin} to ${WORK_LIMITS.proposalMessageMax} characters`,

  notFound: 'This work order was not found',
  alreadyPosted: 'This work order already exists',
  onlyCustomerEdits: 'Only the customer who posted this work order can edit it',
  onlyCustomerCancels: 'Only the customer who posted this work order can cancel it',
  onlyCustomerAccepts: 'Only the customer who posted this work order can accept a proposal',
  notEditable: 'This work order can no longer be edited: it is awarded, declined or cancelled',
  notCancellable: 'This work order can no longer be cancelled',
  hasBooking: 'This work order has a booking: cancel the booking first',
  alreadyCancelled: 'This work order was cancelled',
  onlyPickedContractor: 'Only the contractor this work order was sent to can answer it',
  notDirect: 'This work order is open for bids, not a direct request',
  directAnswered: 'This direct request was already answered',
  notBids: 'This work order was sent to one contractor and takes no proposals',
  notOpenForProposals: 'This work order is no longer open for proposals',
  ownOrder: 'You cannot submit a proposal on your own work order',
  liveProposalExists: 'You already have a live proposal on this work order. Withdraw it to submit a new one',
  proposalNotFound: 'This proposal was not found',
  onlyProposalOwner: 'Only the contractor who submitted this proposal can withdraw it',
  proposalAccepted: 'This proposal was accepted and can no longer be withdrawn',
  proposalNotLive: 'This proposal is no longer live: it was withdrawn or declined',
  alreadyAccepted: 'This work order already has an accepted proposal',
} as const;

const calendarDate = /^\d{4}-\d{2}-\d{2}$/;

/** A real `YYYY-MM-DD` date (no 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!calendarDate.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const pacific = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Vancouver',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The earliest "today" anywhere in Canada (the Pacific zone is the last to change date): a date
 * before it is in the past for every customer, wherever they post from.
 */
export function earliestCanadianToday(now: Date): string {
  return pacific.format(now);
}

/**
 * Dollars as typed in a form ("1500", "1,500.50", French "1 500,50 $") to integer cents; null when
 * not an amount.
 */
export function dollarsToCents(text: string): number | null {
  const spaced = text.replace(/[\s\u00a0\u202f$]/g, '');
  const cleaned = /^\d+,\d{1,2}$/.test(spaced) ? spaced.replace(',', '.') : spaced.replace(/,/g, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(cleaned)) return null;
  return Math.round(Number(cleaned) * 100);
}
