import { z } from 'zod';
import { CONTACT_LIMITS } from '../domain/contact/limits.ts';
import { wholeNumberQuery } from './query.ts';

export { CONTACT_LIMITS };

/** The contact form's and the admin inbox's HTTP shapes (api/modules/contact/routes.ts). */

export const CONTACT_REQUIRED = 'Please fill in all required fields.';
export const CONTACT_BAD_EMAIL = 'Please enter a valid email address';

const requiredText = (max: number, tooLong: string) =>
  z.string({ error: CONTACT_REQUIRED }).trim().min(1, { error: CONTACT_REQUIRED }).max(max, { error: tooLong });

export const contactBody = z.strictObject({
  name: requiredText(CONTACT_LIMITS.name, 'Name must be at most 100 characters'),
  email: z
    .string({ error: CONTACT_REQUIRED })
    .trim()
    .min(1, { error: CONTACT_REQUIRED })
    .max(CONTACT_LIMITS.email, { error: CONTACT_BAD_EMAIL })
    .pipe(z.email({ error: CONTACT_BAD_EMAIL })),
  subject: z
    .string({ error: 'Subject must be text' })
    .trim()
    .max(CONTACT_LIMITS.subject, { error: 'Subject must be at most 150 characters' })
    .nullish(),
  message: requiredText(CONTACT_LIMITS.message, 'Message must be at most 5000 characters'),
  /** The honeypot: people never see this field, so only a bot fills it in. */
  website: z.string().max(500).optional(),
});
export type ContactBody = z.input<typeof contactBody>;

export const contactSent = z.object({ success: z.literal(true) });

export const contactInboxQuery = z.strictObject({
  limit: wholeNumberQuery('limit', { min: 1, max: 100, default: 20 }),
  offset: wholeNumberQuery('offset', { min: 0, max: 100_000, default: 0 }),
});

export const contactMessageView = z.object({
  id: z.uuid(),
  /** Null once erased: after its retention, or when the signed-in sender deleted their account. */
  name: z.string().nullable(),
  email: z.string().nullable(),
  subject: z.string().nullable(),
  message: z.string(),
  senderId: z.uuid().nullable(),
  receivedAt: z.string(),
});
export type ContactMessage = z.output<typeof contactMessageView>;

export const contactInboxView = z.object({ total: z.number().int(), messages: z.array(contactMessageView) });
export type ContactInbox = z.output<typeof contactInboxView>;
