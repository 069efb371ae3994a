import { z } from 'zod';
import {
  birthDateProblem,
  FUTURE_BIRTH_DATE_MESSAGE,
  isCalendarDate,
  TOO_OLD_BIRTH_DATE_MESSAGE,
} from '../domain/accounts/age.ts';
import { isCommonPassword } from '../domain/accounts/common-passwords.ts';
import { publicRoles, roles } from '../domain/accounts/events.ts';
import {
  CONFIRMATION_INVALID_MESSAGE,
  CONFIRMATION_PASSWORD_NEEDED_MESSAGE,
} from '../domain/accounts/pending-registration.ts';
import {
  COMMON_PASSWORD_MESSAGE,
  isOneRepeatedCharacter,
  REPEATED_CHARACTER_PASSWORD_MESSAGE,
} from '../domain/accounts/password-rules.ts';
import { SUSPENSION_LIMITS, SUSPENSION_MESSAGES } from '../domain/accounts/suspension.ts';
import { switchModes } from '../domain/user-switch/events.ts';
import { wholeNumberQuery } from './query.ts';

const trimmed = (schema: z.ZodType) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), schema);

// Messages are the product's fixed wording, kept word for word (docs/product.md#accounts).
export const loginBody = z.strictObject({
  email: z.string({ error: 'Email is required' }).trim().min(1, { error: 'Email is required' }).max(254),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(1024),
});

export const registerBody = z.strictObject({
  name: z
    .string({ error: 'Name must be at least 2 characters' })
    .trim()
    .min(2, { error: 'Name must be at least 2 characters' })
    .max(100, { error: 'Name must be at most 100 characters' }),
  email: trimmed(
    z.email({ error: 'Please enter a valid email address' }).max(254, { error: 'Please enter a valid email address' }),
  ) as z.ZodType<string>,
  password: z
    .string({ error: 'Password must be at least 8 characters' })
    .min(8, { error: 'Password must be at least 8 characters' })
    .max(256, { error: 'Password must be at most 256 characters' })
    .refine((password) => !isOneRepeatedCharacter(password), {
      error: REPEATED_CHARACTER_PASSWORD_MESSAGE,
      abort: true,
    })
    .refine((password) => !isCommonPassword(password), { error: COMMON_PASSWORD_MESSAGE }),
  role: z.enum(publicRoles, { error: 'Please select your role' }),
  dateOfBirth: z
    .string({ error: 'Date of birth is required (YYYY-MM-DD)' })
    .refine(isCalendarDate, { error: 'Date of birth must be a real date in the form YYYY-MM-DD', abort: true })
    // Checked against the day the request arrives (UTC), as the age rule is.
    .refine((date) => birthDateProblem(date, new Date()) !== 'future', {
      error: FUTURE_BIRTH_DATE_MESSAGE,
      abort: true,
    })
    .refine((date) => birthDateProblem(date, new Date()) !== 'tooOld', { error: TOO_OLD_BIRTH_DATE_MESSAGE }),
  /** The language of the page signed up on: the e-mails that follow are written in it. */
  language: z.enum(['en', 'fr'], { error: 'language must be en or fr' }).optional(),
});

/**
 * The token from the link in the sign-up confirmation e-mail (32 random bytes, base64url), and,
 * from a browser other than the one that signed up, the password chosen at sign-up.
 */
export const confirmRegistrationBody = z.strictObject({
  token: z
    .string({ error: CONFIRMATION_INVALID_MESSAGE })
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: CONFIRMATION_INVALID_MESSAGE }),
  password: z
    .string({ error: CONFIRMATION_PASSWORD_NEEDED_MESSAGE })
    .min(1, { error: CONFIRMATION_PASSWORD_NEEDED_MESSAGE })
    .max(1024, { error: CONFIRMATION_PASSWORD_NEEDED_MESSAGE })
    .optional(),
});

export const switchUserBody = z.strictObject({
  userId: z.uuid({ error: 'userId must be a valid user id' }),
});

export const closeAccountBody = z.strictObject({
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(1024),
});

export const userSchema = z.object({
  id: z.uuid(),
  role: z.enum(roles),
  name: z.string(),
  email: z.string(),
  authenticated: z.literal(true),
});

export { errorSchema } from './errors.ts';

// ------------------------------------------------------------------ admin: users and switches

const statuses = ['active', 'suspended', 'closed'] as const;

export const adminUserView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  status: z.enum(statuses),
  registeredAt: z.string(),
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
});
export type AdminUserView = z.output<typeof adminUserView>;

export const adminUsersQuery = z.strictObject({
  q: z.string().trim().max(100, { error: 'The search can be at most 100 characters' }).default(''),
  status: z.enum(statuses, { error: 'status must be active, suspended or closed' }).optional(),
  role: z.enum(roles, { error: 'role must be customer, contractor or admin' }).optional(),
  limit: wholeNumberQuery('limit', { min: 1, max: 100, default: 25 }),
  offset: wholeNumberQuery('offset', { min: 0, max: 100_000, default: 0 }),
});
export const adminUserParams = z.strictObject({ id: z.uuid({ error: 'The user id is not valid' }) });
export const suspendBody = z.strictObject({
  reason: z
    .string({ error: SUSPENSION_MESSAGES.reason })
    .trim()
    .min(SUSPENSION_LIMITS.reasonMin, { error: SUSPENSION_MESSAGES.reason })
    .max(SUSPENSION_LIMITS.reasonMax, { error: SUSPENSION_MESSAGES.reason }),
});
export const restoreBody = z.strictObject({}).optional();

export const userSwitchesQuery = z.strictObject({
  limit: wholeNumberQuery('limit', { min: 1, max: 100, default: 25 }),
  offset: wholeNumberQuery('offset', { min: 0, max: 100_000, default: 0 }),
});
const person = z.object({ id: z.string(), name: z.string() });
export const userSwitchView = z.object({
  id: z.string(),
  actor: person,
  target: person,
  mode: z.enum(switchModes),
  switchedAt: z.string(),
});
export type UserSwitchView = z.output<typeof userSwitchView>;

/**
 * The session hint (docs/decisions.md, "Public pages run no React before the first interaction"):
 * a cookie scripts can read, `1` while the session has a signed-in user. Pages are static files and
 * the session cookie is HttpOnly, so this is how a page knows, before any request of its own, to
 * show a signed-in header and hydrate it at idle. The server sets and clears it on every page it
 * serves (api/plugins/site.ts); the page's inline script reads it (site/ui/shell-boot.ts). Only a
 * hint: /api/auth/me stays the answer.
 */
export const SESSION_HINT_COOKIE = 'signed_in';
