import { frequencies, type Frequency } from './recurrence.ts';

/** Limits of recurring offers and subscriptions (docs/decisions.md, "Recurring services"). */
export const RECURRING_LIMITS = {
  titleMin: 3,
  titleMax: 80,
  descriptionMax: 1000,
  /** $10 to $5,000 a visit. */
  priceMinCents: 1_000,
  priceMaxCents: 500_000,
  noteMax: 500,
  reasonMax: 500,
  /** Visits are booked (and charged into escrow) this many days ahead, so both see them coming. */
  bookAheadDays: 14,
  /** The first visit may be at most this far ahead when subscribing. */
  firstVisitAheadDays: 60,
  /** A visit can be skipped up to this index; beyond it the rule is too far out to reason about. */
  visitIndexMax: 520,
} as const;

export const RECURRING_MESSAGES = {
  title: `The title must be ${RECURRING_LIMITS.titleMin} to ${RECURRING_LIMITS.titleMax} characters`,
  description: `The description can be at most ${RECURRING_LIMITS.descriptionMax} characters`,
  service: 'Choose the service this is',
  price: 'The price per visit must be between $10 and $5,000',
  frequencies: 'Choose at least one frequency: weekly, every two weeks or monthly',
  offerNotFound: 'This recurring service was not found',
  offerWithdrawn: 'This recurring service is no longer offered',
  offerUnavailable: 'This contractor cannot take new subscriptions right now',
  notYourOffer: 'Only the contractor who offers this service can change it',
  ownOffer: 'You cannot subscribe to your own service',
  frequencyNotOffered: 'This contractor does not offer that frequency for this service',
  firstVisit: 'Choose a first visit date and time',
  firstVisitPast: 'The first visit must be in the future',
  firstVisitTooFar: `The first visit must be within ${RECURRING_LIMITS.firstVisitAheadDays} days`,
  note: `The note can be at most ${RECURRING_LIMITS.noteMax} characters`,
  reason: `The reason can be at most ${RECURRING_LIMITS.reasonMax} characters`,
  notFound: 'This subscription was not found',
  exists: 'This subscription already exists',
  notAParty: 'Only the customer and the contractor of this subscription can do that',
  contractorOnly: 'Only the contractor can do that',
  customerOnly: 'Only the customer can do that',
  notRequested: 'This subscription is not waiting for an answer',
  notActive: 'This subscription is not active',
  notPaused: 'This subscription is not paused',
  ended: 'This subscription has ended',
  visitIndex: 'That visit does not exist',
  visitPast: 'That visit has already started',
  visitSkipped: 'That visit is already skipped',
  visitNotBooked: 'That visit could not be booked, so there is nothing to skip',
} as const;

export const isFrequency = (value: string): value is Frequency => (frequencies as readonly string[]).includes(value);
