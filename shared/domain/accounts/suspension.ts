/** Suspension's limits and messages: constants the HTTP shapes name (shared/http/accounts.ts). */
export const SUSPENSION_LIMITS = { reasonMin: 3, reasonMax: 500 } as const;
export const SUSPENSION_MESSAGES = {
  notFound: 'This account was not found.',
  closed: 'This account is closed.',
  alreadySuspended: 'This account is already suspended.',
  notSuspended: 'This account is not suspended.',
  adminsExempt: 'Administrator accounts cannot be suspended here.',
  reason: `Give a reason of ${SUSPENSION_LIMITS.reasonMin} to ${SUSPENSION_LIMITS.reasonMax} characters; the account holder is told it.`,
  /** What a suspended account's holder is told when signing in. */
  suspended: 'This account is suspended. Contact us through the Contact page if you think this is a mistake.',
} as const;
