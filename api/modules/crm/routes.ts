import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  clientNoteOf,
  crmClients,
  crmEarnings,
  crmLeads,
  crmPayouts,
  crmPipeline,
  isClientOf,
} from '../../../projections/crm.ts';
import { crmDecider } from '../../../shared/domain/crm/decider.ts';
import { crmStreamId } from '../../../shared/domain/crm/events.ts';
import { crmView, noteBody, noteParams, noteView } from '../../../shared/http/crm.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { crmCustomerIds, crmOverview } from './views.ts';

/**
 * The contractor dashboard's CRM (issue 10): leads, pipeline, calendar, clients with private
 * notes, earnings by month and payouts, all from the CRM read model built for it.
 */
export const crmRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.runtime;

  async function overview(contractorId: string) {
    const now = new Date();
    const [leads, pipeline, clients, months, payouts] = await Promise.all([
      crmLeads(sql, contractorId),
      crmPipeline(sql, contractorId),
      crmClients(sql, contractorId),
      crmEarnings(sql, contractorId, now),
      crmPayouts(sql, contractorId),
    ]);
    const rows = { leads, pipeline, clients, months, payouts };
    const names = await displayNames(sql, crmCustomerIds(rows));
    return crmOverview(rows, names, now);
  }

  app.get(
    '/api/contractor/crm',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['crm'],
        summary: 'My CRM: leads, pipeline, calendar, clients, earnings by month and payouts',
        response: { 200: crmView, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => overview((await signedInUser(request)).id),
  );

  app.command({
    method: 'PUT',
    url: '/api/contractor/crm/clients/:customerId/note',
    access: ['contractor'],
    schema: {
      tags: ['crm'],
      summary: 'Save my private note about one of my clients (an empty note clears it)',
      params: noteParams,
      body: noteBody,
      response: {
        200: noteView,
        // The pending answer is the note alone (the position is in x-event-position).
        202: noteView,
        400: errorSchema,
        401: errorSchema,
        403: errorSchema,
      },
    },
    readModels: ['contractor-crm'],
    async run({ user, params, body, context, decide }) {
      const { customerId } = params;
      await decide(crmStreamId(user.id), crmDecider, {
        type: 'SaveClientNote',
        contractorId: user.id,
        customerId,
        isClient: await isClientOf(sql, user.id, customerId),
        note: body.note,
        now: context.now,
      });
      return async () => ({ note: await clientNoteOf(sql, user.id, customerId) });
    },
  });
};
