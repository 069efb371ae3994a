import { z } from 'zod';
import { isCalendarDate } from '../../../shared/domain/accounts/age.ts';
import { publicRoles, roles } from '../../../shared/domain/accounts/events.ts';

const trimmed = (schema: z.ZodType) => z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), schema);

// Messages are the spec's, verbatim (section 5).
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
    .max(256, { error: 'Password must be at most 256 characters' }),
  role: z.enum(publicRoles, { error: 'Please select your role' }),
  dateOfBirth: z
    .string({ error: 'Date of birth is required (YYYY-MM-DD)' })
    .refine(isCalendarDate, { error: 'Date of birth must be a real date in the form YYYY-MM-DD' }),
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

export const errorSchema = z.object({ error: z.string() });
