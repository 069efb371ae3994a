import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentPlanId } from '../../../projections/plans.ts';
import {
  findUrgentAlert,
  nearbyPaidContractors,
  urgentAlertsOf,
  type UrgentAlertRow,
} from '../../../projections/urgent-alerts.ts';
import { awardAcceptedAlert } from '../../../projections/urgent-jobs.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import { isPaidPlan } from '../../../shared/domain/plans/entitlements.ts';
import { urgentAlertDecider, type UrgentAlertCommand } from '../../../shared/domain/urgent/decider.ts';
import { urgentAlertStreamId, type UrgentAlertAccepted } from '../../../shared/domain/urgent/events.ts';
import { URGENT_MAX_RECIPIENTS, URGENT_MESSAGES as M } from '../../../shared/domain/urgent/rules.ts';
import { ForbiddenError, NotFoundError } from '../../../shared/errors.ts';
import { signedInUser, type CurrentUser } from '../../plugins/auth.ts';
import { answerWithView, commandContext } from '../../plugins/read-your-writes.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { postalCodesOf, savePostalCode } from '../../../shared/personal-data/postal-codes.ts';
import { errorSchema } from '../accounts/schemas.ts';
import { emptyBody } from '../escrow/schemas.ts';
import { resolvePostalCode } from '../work/routes.ts';
import { alertParams, alertView, sendBody, type AlertView } from './schemas.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';

const READ_MODELS = ['urgent-alerts'] as const;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };

/**
 * Urgent alerts (spec sections 1, 3 and 9). A customer on Local or higher sends one; the server
 * finds the paid contractors whose service area reaches the work and who offer the category, and
 * the alert notifies them at once. The first to accept gets the job: the acceptance is one append
 * on the alert's stream, so two at the same instant cannot both win. The job then becomes a work
 * order awarded at the premium price, with the premium written into its contract.
 */
export const urgentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;

  async function onPaidPlan(accountId: string) {
    return isPaidPlan(await currentPlanId(sql, accountId));
  }

  async function viewsOf(rows: UrgentAlertRow[], viewer: CurrentUser, now = new Date()): Promise<AlertView[]> {
    const parties = rows.filter((row) => row.customerId === viewer.id || row.acceptedBy === viewer.id);
    const [names, postalCodes] = await Promise.all([
      displayNames(
        sql,
        rows.flatMap((row) => (row.acceptedBy ? [row.acceptedBy] : [])),
      ),
      postalCodesOf(
        sql,
        parties.map((row) => row.alertId),
      ),
    ]);
    return rows.map((row) => {
      const isCustomer = row.customerId === viewer.id;
      const acceptedByMe = row.acceptedBy === viewer.id;
      const party = isCustomer || acceptedByMe;
      const lapsed = row.status === 'open' && row.expiresAt.getTime() <= now.getTime();
      return {
        id: row.alertId,
        status: lapsed ? 'expired' : row.status,
        title: row.title,
        description: row.description,
        category: row.category,
        service: row.service,
        city: row.city,
        province: row.province,
        // The full code to the parties (while the customer's account exists), else its FSA.
        postalCode: (party ? postalCodes.get(row.alertId) : undefined) ?? row.fsa,
        baseCents: row.baseCents,
        multiplier: row.multiplierPct / 100,
        priceCents: row.priceCents,
        premiumCents: row.premiumCents,
        sentAt: row.sentAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        reached: isCustomer ? row.recipients.length : null,
        acceptedBy:
          isCustomer && row.acceptedBy
            ? { id: row.acceptedBy, name: names.get(row.acceptedBy) ?? 'Former member' }
            : null,
        acceptedByMe,
        workOrderId: party && row.status === 'accepted' ? row.alertId : null,
      };
    });
  }

  async function readable(id: string, viewer: CurrentUser): Promise<UrgentAlertRow> {
    const row = await findUrgentAlert(sql, id);
    if (!row) throw new NotFoundError(M.notFound);
    if (row.customerId !== viewer.id && !row.recipients.includes(viewer.id)) throw new ForbiddenError(M.notForYou);
    return row;
  }

  async function oneView(id: string, viewer: CurrentUser) {
    const [view] = await viewsOf([await readable(id, viewer)], viewer);
    return { alert: view! };
  }

  async function run(request: Parameters<typeof commandContext>[0], id: string, command: UrgentAlertCommand) {
    return handleCommand(store, urgentAlertStreamId(id), urgentAlertDecider, command, commandContext(request));
  }

  app.post(
    '/api/urgent-alerts',
    {
      onRequest: app.requireRole('customer'),
      config: { idempotent: 'optional' },
      schema: {
        tags: ['urgent-alerts'],
        summary: 'Send an urgent job to nearby paid contractors, with a premium of 1x to 3x (Local plan or higher)',
        description:
          'The price is the normal price times the multiplier (quarter steps), computed on the server. Answers 409 when no paid contractor near the work offers the category.',
        headers: optionalIdempotencyHeader,
        body: sendBody,
        response: {
          201: z.object({ alert: alertView }),
          202: z.object({ alert: alertView }),
          ...errors,
          422: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const body = request.body;
      const { location, postalCode } = resolvePostalCode(body.postalCode!);
      const alertId = randomUUID();
      const customerOnPaidPlan = await onPaidPlan(user.id);
      // Only a paid customer's alert is worth the search; the decider refuses the others.
      const recipients = customerOnPaidPlan
        ? await nearbyPaidContractors(
            sql,
            { lat: location.lat, lng: location.lng, category: body.category, service: body.service },
            URGENT_MAX_RECIPIENTS + 1,
          )
        : [];
      const now = commandContext(request).now;
      const result = await run(request, alertId, {
        type: 'SendUrgentAlert',
        alertId,
        customerId: user.id,
        customerOnPaidPlan,
        title: body.title,
        description: body.description,
        category: body.category,
        service: body.service,
        location,
        baseCents: body.baseCents,
        multiplierPct: Math.round(body.multiplier * 100),
        recipients: recipients.filter((id) => id !== user.id).slice(0, URGENT_MAX_RECIPIENTS),
        now,
      });
      // The work order the alert becomes has the alert's id, so its parties see the same full code.
      await savePostalCode(sql, { subjectId: alertId, accountId: user.id, postalCode });
      return answerWithView(request, reply, result.position, READ_MODELS, () => oneView(alertId, user), 201);
    },
  );

  app.get(
    '/api/urgent-alerts',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['urgent-alerts'],
        summary: 'My urgent alerts: the ones I sent (customer) or received (contractor), newest first',
        response: { 200: z.object({ alerts: z.array(alertView) }), 401: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      return { alerts: await viewsOf(await urgentAlertsOf(sql, user), user) };
    },
  );

  app.get(
    '/api/urgent-alerts/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['urgent-alerts'],
        summary: 'One urgent alert, for its customer and the contractors it reached',
        params: alertParams,
        response: {
          200: z.object({ alert: alertView }),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request) => oneView(request.params.id, await signedInUser(request)),
  );

  app.post(
    '/api/urgent-alerts/:id/accept',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['urgent-alerts'],
        summary: 'Accept an urgent alert sent to me: the first acceptance gets the job (paid plan required)',
        description: 'A later acceptance answers 409. The job becomes a work order awarded to me at the premium price.',
        params: alertParams,
        body: emptyBody,
        response: { 200: z.object({ alert: alertView }), 202: z.object({ alert: alertView }), ...errors },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { id } = request.params;
      const context = commandContext(request);
      const result = await handleCommand(
        store,
        urgentAlertStreamId(id),
        urgentAlertDecider,
        {
          type: 'AcceptUrgentAlert',
          alertId: id,
          contractorId: user.id,
          contractorOnPaidPlan: await onPaidPlan(user.id),
          now: context.now,
        },
        context,
      );
      const accepted = result.newEvents[0] as UrgentAlertAccepted;
      const sent = result.newState.status === 'none' ? null : result.newState.sent;
      // The award follows at once (should it fail, the urgent-awards job completes it); the answer
      // waits for the work order too, so the job's page opens straight away.
      const awarded = sent
        ? await awardAcceptedAlert(store, { ...sent, contractorId: accepted.data.contractorId }, context)
        : null;
      return answerWithView(request, reply, awarded ?? result.position, [...READ_MODELS, 'work-orders'], () =>
        oneView(id, user),
      );
    },
  );

  app.post(
    '/api/urgent-alerts/:id/cancel',
    {
      onRequest: app.requireRole('customer'),
      schema: {
        tags: ['urgent-alerts'],
        summary: 'Withdraw my urgent alert before anyone accepts it',
        params: alertParams,
        body: emptyBody,
        response: { 200: z.object({ alert: alertView }), 202: z.object({ alert: alertView }), ...errors },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { id } = request.params;
      const result = await run(request, id, {
        type: 'CancelUrgentAlert',
        alertId: id,
        actorId: user.id,
        now: commandContext(request).now,
      });
      return answerWithView(request, reply, result.position, READ_MODELS, () => oneView(id, user));
    },
  );
};
