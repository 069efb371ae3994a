/** Barter limits and messages, shared by the decider, the API schemas and the site. */
export const BARTER_LIMITS = {
  givesMin: 10,
  givesMax: 500,
  /** Half-hour steps, up to 200 hours a side. */
  hoursMin: 0.5,
  hoursMax: 200,
  messageMax: 1000,
  reasonMax: 500,
  commentMax: 1000,
  /** Counter-offers each trade allows: past this, one side accepts or declines. */
  maxCounters: 20,
} as const;

/** Where a trade stands (the barter read model's statuses). */
export const barterTradeStatuses = ['negotiating', 'accepted', 'declined', 'withdrawn', 'completed'] as const;
export type BarterTradeStatus = (typeof barterTradeStatuses)[number];

/** CASL s. 10(10)(b): a barter makes an existing business relationship for two years. */
export const BARTER_RELATIONSHIP_YEARS = 2;

export const BARTER_MESSAGES = {
  gives: 'Describe the service you offer in 10 to 500 characters',
  hours: 'Hours must be from 0.5 to 200, in half hours',
  message: 'The message must be at most 1000 characters',
  reason: 'The reason must be at most 500 characters',
  rating: 'The rating must be a whole number from 1 to 5',
  comment: 'The review must be at most 1000 characters',
  notFound: 'This barter trade does not exist.',
  notParty: 'Only the two parties to this trade can do that.',
  selfTrade: 'You cannot trade with yourself.',
  notBarter: 'This service does not accept barter right now.',
  notNegotiating: 'This trade is no longer open to answers.',
  yourTurnNot: 'The other side has not answered your offer yet.',
  notYourOffer: 'Only the side that made the current offer can withdraw it.',
  tooManyCounters: 'This trade has had 20 counter-offers; accept or decline it.',
  notAccepted: 'Only an accepted trade can be marked complete.',
  alreadyMarked: 'You have already marked this exchange complete.',
  notCompleted: 'A trade can be reviewed once both sides have marked it complete.',
  alreadyReviewed: 'You have already reviewed this trade.',
  sameTerms: 'A counter-offer must change the terms.',
} as const;

export const isHalfHourStep = (hours: number) =>
  Number.isFinite(hours) &&
  hours >= BARTER_LIMITS.hoursMin &&
  hours <= BARTER_LIMITS.hoursMax &&
  Number.isInteger(hours * 2);
