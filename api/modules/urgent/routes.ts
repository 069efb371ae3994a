import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentPlanId } from '../../../projections/plans.ts';
import {
  findUrgentAlert,
  nearbyPaidContractors,
  urgentAlertsOf,
  type UrgentAlertRow,
} from '../../../projections/urgent.ts';
import { awardAcceptedAlert } from '../../../workflows/urgent-awards.ts';
import { isPaidPlan } from '../../../shared/domain/plans/entitlements.ts';
import { urgentAlertDecider } from '../../../shared/domain/urgent/decider.ts';
import { urgentAlertStreamId, type UrgentAlertAccepted } from '../../../shared/domain/urgent/events.ts';
import { URGENT_MAX_RECIPIENTS, URGENT_MESSAGES as M } from '../../../shared/domain/urgent/rules.ts';
import { ForbiddenError, NotFoundError } from '../../../shared/errors.ts';
import { alertAnswer, alertParams, alertsAnswer, type AlertView } from '../../../shared/http/urgent.ts';
import { postalCodesOf, savePostalCode } from '../../../shared/personal-data/postal-codes.ts';
import { signedInUser, type CurrentUser } from '../../plugins/auth.ts';
import { optionalIdempotencyHeader } from '../../plugins/idempotency.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { emptyBody } from '../../../shared/http/escrow.ts';
import { resolvePostalCode } from '../work/routes.ts';
import { sendBody } from './schemas.ts';
import { acceptedByIdsOf, alertToView, isParty } from './views.ts';

const READ_MODELS = ['urgent-alerts'] as const;
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema };
// A pending answer (202) is the alert as far as the read model has it, without the position.
const answers = { 200: alertAnswer, 202: alertAnswer, ...errors };

/**
 * Urgent alerts (docs/product.md#urgent-alerts). A customer on Local or higher sends one; the server
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
    const parties = rows.filter((row) => isParty(row, viewer.id));
    const [names, postalCodes] = await Promise.all([
      displayNames(sql, acceptedByIdsOf(rows)),
      postalCodesOf(
        sql,
        parties.map((row) => row.alertId),
      ),
    ]);
    return rows.map((row) => alertToView(row, viewer.id, names, postalCodes, now));
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

  app.command({
    method: 'POST',
    url: '/api/urgent-alerts',
    access: ['customer'],
    config: { idempotent: 'optional' },
    schema: {
      tags: ['urgent-alerts'],
      summary: 'Send an urgent job to nearby paid contractors, with a premium of 1x to 3x (Local plan or higher)',
      description:
        'The price is the normal price times the multiplier (quarter steps), computed on the server. Answers 409 when no paid contractor near the work offers the category.',
      headers: optionalIdempotencyHeader,
      body: sendBody,
      response: { 201: alertAnswer, 202: alertAnswer, ...errors, 422: errorSchema },
    },
    readModels: READ_MODELS,
    statusCode: 201,
    async run({ user, body, context, decide }) {
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
      await decide(urgentAlertStreamId(alertId), urgentAlertDecider, {
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
        now: context.now,
      });
      // The work order the alert becomes has the alert's id, so its parties see the same full code.
      await savePostalCode(sql, { subjectId: alertId, accountId: user.id, postalCode });
      return () => oneView(alertId, user);
    },
  });

  app.get(
    '/api/urgent-alerts',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['urgent-alerts'],
        summary: 'My urgent alerts: the ones I sent (customer) or received (contractor), newest first',
        response: { 200: alertsAnswer, 401: errorSchema },
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
        response: { 200: alertAnswer, 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema },
      },
    },
    async (request) => oneView(request.params.id, await signedInUser(request)),
  );

  app.command({
    method: 'POST',
    url: '/api/urgent-alerts/:id/accept',
    access: ['contractor'],
    schema: {
      tags: ['urgent-alerts'],
      summary: 'Accept an urgent alert sent to me: the first acceptance gets the job (paid plan required)',
      description: 'A later acceptance answers 409. The job becomes a work order awarded to me at the premium price.',
      params: alertParams,
      body: emptyBody,
      response: answers,
    },
    // The answer waits for the work order too, so the job's page opens straight away.
    readModels: [...READ_MODELS, 'work-orders'],
    async run({ user, params, context, decide, appended }) {
      const { id } = params;
      const result = await decide(urgentAlertStreamId(id), urgentAlertDecider, {
        type: 'AcceptUrgentAlert',
        alertId: id,
        contractorId: user.id,
        contractorOnPaidPlan: await onPaidPlan(user.id),
        now: context.now,
      });
      const accepted = result.newEvents[0] as UrgentAlertAccepted;
      const sent = result.newState.status === 'none' ? null : result.newState.sent;
      // The award follows at once (should it fail, the urgent-awards job completes it).
      if (sent)
        appended(await awardAcceptedAlert(store, { ...sent, contractorId: accepted.data.contractorId }, context));
      return () => oneView(id, user);
    },
  });

  app.command({
    method: 'POST',
    url: '/api/urgent-alerts/:id/cancel',
    access: ['customer'],
    schema: {
      tags: ['urgent-alerts'],
      summary: 'Withdraw my urgent alert before anyone accepts it',
      params: alertParams,
      body: emptyBody,
      response: answers,
    },
    readModels: READ_MODELS,
    async run({ user, params, context, decide }) {
      await decide(urgentAlertStreamId(params.id), urgentAlertDecider, {
        type: 'CancelUrgentAlert',
        alertId: params.id,
        actorId: user.id,
        now: context.now,
      });
      return () => oneView(params.id, user);
    },
  });
};
