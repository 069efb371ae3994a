import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactInbox } from '../../../projections/contact-inbox.ts';
import { CONTACT_LIMITS, contactDecider } from '../../../shared/domain/contact/decider.ts';
import { contactStreamId } from '../../../shared/domain/contact/streams.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import {
  confirmContactSender,
  deleteContactSender,
  insertContactSender,
} from '../../../shared/personal-data/contact-senders.ts';
import { appendBesideTheLog } from '../../../shared/personal-data/beside-the-log.ts';
import { answerAfterProjections, commandContext } from '../../plugins/read-your-writes.ts';
import { errorSchema } from '../accounts/schemas.ts';
import { wholeNumberQuery } from '../query.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';

const REQUIRED = 'Please fill in all required fields.';

const requiredText = (max: number, tooLong: string) =>
  z.string({ error: REQUIRED }).trim().min(1, { error: REQUIRED }).max(max, { error: tooLong });

export const contactBody = z.strictObject({
  name: requiredText(CONTACT_LIMITS.name, 'Name must be at most 100 characters'),
  email: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, { error: REQUIRED })
    .max(CONTACT_LIMITS.email, { error: 'Please enter a valid email address' })
    .pipe(z.email({ error: 'Please enter a valid email address' })),
  subject: z
    .string({ error: 'Subject must be text' })
    .trim()
    .max(CONTACT_LIMITS.subject, { error: 'Subject must be at most 150 characters' })
    .nullish(),
  message: requiredText(CONTACT_LIMITS.message, 'Message must be at most 5000 characters'),
  /** The honeypot: people never see this field, so only a bot fills it in. */
  website: z.string().max(500).optional(),
});

const inboxQuery = z.strictObject({
  limit: wholeNumberQuery('limit', { min: 1, max: 100, default: 20 }),
  offset: wholeNumberQuery('offset', { min: 0, max: 100_000, default: 0 }),
});

const messageView = z.object({
  id: z.uuid(),
  /** Null once erased: after its retention, or when the signed-in sender deleted their account. */
  name: z.string().nullable(),
  email: z.string().nullable(),
  subject: z.string().nullable(),
  message: z.string(),
  senderId: z.uuid().nullable(),
  receivedAt: z.string(),
});

/** The contact form (spec sections 2, 5 and 7) and the admin inbox that reads what it sends. */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;

  app.post(
    '/api/contact',
    {
      config: { abuseLimit: 'contact', idempotent: 'optional' },
      schema: {
        tags: ['contact'],
        summary: 'Send a message to the team (open to everyone; rate limited per address and e-mail)',
        headers: optionalIdempotencyHeader,
        body: contactBody,
        response: {
          200: z.object({ success: z.literal(true) }),
          400: errorSchema,
          429: errorSchema,
          409: errorSchema,
          422: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // A bot that filled the honeypot sees the same success and nothing is stored (its request
      // still counted against the limits of ABUSE_LIMITS.contact).
      if (body.website && body.website.trim() !== '') return { success: true as const };
      const user = await request.currentUser();
      const context = commandContext(request);
      const messageId = randomUUID();
      const command = {
        type: 'SendContactMessage' as const,
        messageId,
        name: body.name,
        email: body.email,
        subject: body.subject ?? null,
        message: body.message,
        senderId: user?.id ?? null,
        now: context.now,
      };
      // The name and e-mail go to the personal-data store, the event carries the message's id.
      const result = await appendBesideTheLog(
        { confirm: () => confirmContactSender(sql, messageId), remove: () => deleteContactSender(sql, messageId) },
        (keep) =>
          handleCommand(
            store,
            contactStreamId(messageId),
            contactDecider,
            async (state) => {
              contactDecider.decide(command, state);
              await keep(() =>
                insertContactSender(sql, {
                  messageId,
                  senderId: command.senderId,
                  name: body.name,
                  email: body.email,
                  receivedAt: context.now,
                }),
              );
              return command;
            },
            context,
          ),
      );
      return answerAfterProjections(
        request,
        reply,
        result.position,
        { success: true as const },
        { projections: ['contact-inbox'] },
      );
    },
  );

  app.get(
    '/api/admin/contact-messages',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['contact'],
        summary: 'The contact inbox, newest first (admin only)',
        querystring: inboxQuery,
        response: {
          200: z.object({ total: z.number().int(), messages: z.array(messageView) }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request) => contactInbox(sql, request.query),
  );
};
