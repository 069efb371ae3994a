import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactInbox } from '../../../projections/contact-inbox.ts';
import { contactDecider } from '../../../shared/domain/contact/decider.ts';
import { contactStreamId } from '../../../shared/domain/contact/streams.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import {
  confirmContactSender,
  deleteContactSender,
  insertContactSender,
} from '../../../shared/personal-data/contact-senders.ts';
import { appendBesideTheLog } from '../../../shared/personal-data/beside-the-log.ts';
import { answerAfterReadModels, commandContext } from '../../plugins/command-pipeline.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { contactBody, contactInboxQuery, contactInboxView, contactSent } from '../../../shared/http/contact.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';

/**
 * The contact form (docs/product.md#contact) and the admin inbox that reads what it sends. The form
 * is open to everyone and keeps the sender beside the log (appendBesideTheLog), so it is not an
 * `app.command` declaration: it answers through answerAfterReadModels itself.
 */
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
          200: contactSent,
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
      return answerAfterReadModels(
        request,
        reply,
        result.position,
        { success: true as const },
        {
          readModels: ['contact-inbox'],
        },
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
        querystring: contactInboxQuery,
        response: {
          200: contactInboxView,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
        },
      },
    },
    async (request) => contactInbox(sql, request.query),
  );
};
