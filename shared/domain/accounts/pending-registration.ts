/**
 * Sign-up by e-mail confirmation (docs/decisions.md, "Sign-up by e-mail confirmation"): a sign-up
 * is kept as a pending registration until the link e-mailed to the address is opened. These are
 * its pure rules; the rows live with the personal data (shared/personal-data/pending-registrations.ts).
 */

/** How long a confirmation link works. */
export const CONFIRMATION_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** Confirmation and "someone tried to sign up" e-mails sent to one address per hour, at most. */
export const SIGN_UP_EMAILS_PER_ADDRESS = { max: 5, windowMs: 60 * 60 * 1000 } as const;

export const CONFIRMATION_INVALID_MESSAGE = 'This confirmation link is not valid or has already been used.';
export const CONFIRMATION_EXPIRED_MESSAGE = 'This confirmation link has expired. Please sign up again.';

/**
 * A link opened without the cookie of the browser that signed up (another browser, another device,
 * or someone who signed up with an address that is not theirs) asks for the password chosen then.
 */
export const CONFIRMATION_PASSWORD_NEEDED_MESSAGE =
  'To finish in this browser, enter the password you chose when you signed up.';
export const CONFIRMATION_WRONG_PASSWORD_MESSAGE =
  'That is not the password you chose when you signed up. Please try again.';

export const confirmationExpiry = (now: Date): Date => new Date(now.getTime() + CONFIRMATION_LIFETIME_MS);

/** Why a confirmation cannot go ahead: no pending registration for the token, or it expired. */
export function confirmationProblem(pending: { expiresAt: Date } | null, now: Date): 'invalid' | 'expired' | null {
  if (!pending) return 'invalid';
  return pending.expiresAt.getTime() <= now.getTime() ? 'expired' : null;
}
