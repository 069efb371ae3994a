import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractTitlesOf, findContract } from '../../../projections/contracts.ts';
import { allEscrows, contractorEarnings, escrowsOf, findEscrow, type EscrowRow } from '../../../projections/escrows.ts';
import { payoutsOf, payoutsOfJob } from '../../../projections/payouts.ts';
import { escrowDecider } from '../../../shared/domain/escrow/decider.ts';
import { escrowStreamId } from '../../../shared/domain/escrow/events.ts';
import { ESCROW_MESSAGES as M } from '../../../shared/domain/escrow/messages.ts';
import { ForbiddenError, NotFoundError, PaymentRequiredError } from '../../../shared/errors.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import {
  adminQuery,
  changesBody,
  completeBody,
  earningsView,
  emptyBody,
  escrowListView,
  escrowView,
  fundBody,
  jobParams,
  receiptQuery,
  receiptView,
} from '../../../shared/http/escrow.ts';
import { fundEscrow } from '../../../workflows/job-money.ts';
import { signedInUser, type CurrentUser } from '../../plugins/auth.ts';
import { idempotencyHeader } from '../../plugins/idempotency.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { buildReceipt, receiptKindFor } from './receipts.ts';
import { earningsViewOf, escrowRoleOf, escrowViewFor, FORMER_MEMBER, type EscrowViewerRole } from './view.ts';

const READ_MODELS = ['escrows', 'payouts'] as const;
const moneyErrors = {
  400: errorSchema,
  401: errorSchema,
  402: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
};

/**
 * Escrow: the customer funds, approves or asks for changes; the contractor marks the work
 * complete. Amounts always come from the escrow (i.e. the signed contract), never from a request.
 * Only the two parties see an escrow; admins see all; anyone else gets the same 404 as for none.
 */
export const escrowRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;

  async function escrowFor(jobId: string, viewer: CurrentUser) {
    const row = await findEscrow(sql, jobId);
    const role = row ? escrowRoleOf(row, viewer) : null;
    if (!row || !role) throw new NotFoundError(M.notFound);
    return { row, role };
  }

  async function viewOf(row: EscrowRow, role: EscrowViewerRole, names: Map<string, string>, title: string) {
    return escrowViewFor(row, role, { names, title, payouts: await payoutsOfJob(sql, row.jobId) });
  }

  /** Views of many escrows, with the parties' names and the jobs' titles looked up once. */
  async function viewsOf(rows: EscrowRow[], viewer: CurrentUser) {
    const names = await displayNames(sql, [...new Set(rows.flatMap((r) => [r.customerId, r.contractorId]))]);
    const titles = await contractTitlesOf(
      sql,
      rows.map((r) => r.jobId),
    );
    const views = [];
    for (const row of rows)
      views.push(await viewOf(row, escrowRoleOf(row, viewer)!, names, titles.get(row.jobId) ?? ''));
    return views;
  }

  async function view(jobId: string, viewer: CurrentUser) {
    const { row, role } = await escrowFor(jobId, viewer);
    const [names, contract] = await Promise.all([
      displayNames(sql, [row.customerId, row.contractorId]),
      findContract(sql, jobId),
    ]);
    return viewOf(row, role, names, contract?.title ?? '');
  }

  /** A party's command on an escrow retries a concurrent write up to 5 times. */
  const RETRIES = { retries: 5 };

  app.get(
    '/api/escrows',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['escrow'],
        summary: 'My escrows: the payments I made (customer) or the money held for my work (contractor)',
        response: { 200: escrowListView, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      return { escrows: await viewsOf(await escrowsOf(sql, user.id), user) };
    },
  );

  app.get(
    '/api/admin/escrows',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['escrow'],
        summary: 'Every escrow, for administrators: held money first, the holds escalated near 90 days on top',
        querystring: adminQuery,
        response: { 200: escrowListView, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const rows = await allEscrows(sql, {
        status: request.query.status ?? null,
        escalatedOnly: request.query.escalated === 'true',
        limit: request.query.limit ?? 100,
      });
      return { escrows: await viewsOf(rows, user) };
    },
  );

  app.get(
    '/api/escrows/:jobId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['escrow'],
        summary: 'One escrow: status, amounts, fee and tax, payouts, and what I may do',
        params: jobParams,
        response: { 200: escrowView, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => view(request.params.jobId, await signedInUser(request)),
  );

  app.command({
    method: 'POST',
    url: '/api/escrows/:jobId/fund',
    access: 'signed-in',
    config: { idempotent: true },
    schema: {
      tags: ['escrow'],
      summary: 'Pay the contract’s amount into escrow by card (customer; Idempotency-Key required)',
      description:
        'The amount is the signed contract’s price. In the sandbox, 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined and 4000 0000 0000 9995 has insufficient funds (402). Paying twice is refused with 409.',
      headers: idempotencyHeader,
      params: jobParams,
      body: fundBody,
      response: { 200: escrowView, 202: escrowView, ...moneyErrors },
    },
    readModels: READ_MODELS,
    async run({ request, user, params: { jobId }, body, context, appended }) {
      const { row } = await escrowFor(jobId, user);
      if (row.customerId !== user.id) throw new ForbiddenError(M.customerOnly);
      // The decider's checks, the charge and its record, under the job's money lock (workflows/job-money.ts).
      const outcome = await fundEscrow(
        { store, locks: app.runtime.locks, gateway: app.runtime.gateway },
        {
          jobId,
          actorId: user.id,
          payment: { card: body.card, attemptKey: request.idempotency?.key ?? context.correlationId },
          description: `Escrow for job ${jobId}`,
        },
        context,
      );
      if (outcome.status === 'failed') {
        // The refusal is recorded with its reason (lastFailureCode), which the page reads next to say
        // why in its own words: answer once the escrow read model has it, as a success would.
        if (outcome.position) {
          await app.runtime.checkpoints.waitFor(outcome.position, {
            projections: READ_MODELS,
            timeoutMs: app.config.READ_YOUR_WRITES_TIMEOUT_MS,
          });
        }
        throw new PaymentRequiredError(outcome.message);
      }
      if (outcome.status === 'funded') appended(outcome.position);
      return () => view(jobId, user);
    },
  });

  app.command({
    method: 'POST',
    url: '/api/escrows/:jobId/complete',
    access: 'signed-in',
    config: { idempotent: true },
    schema: {
      tags: ['escrow'],
      summary: 'Mark the work complete (contractor; Idempotency-Key required)',
      description:
        'The customer then approves (releasing the payment) or asks for changes; without an answer in 14 days the payment is released.',
      headers: idempotencyHeader,
      params: jobParams,
      body: completeBody,
      response: { 200: escrowView, 202: escrowView, ...moneyErrors },
    },
    readModels: READ_MODELS,
    async run({ user, params: { jobId }, body, context, decide }) {
      const note = body.note?.trim() || null;
      await escrowFor(jobId, user);
      await decide(
        escrowStreamId(jobId),
        escrowDecider,
        { type: 'MarkWorkComplete', actorId: user.id, note, now: context.now },
        RETRIES,
      );
      return () => view(jobId, user);
    },
  });

  app.command({
    method: 'POST',
    url: '/api/escrows/:jobId/approve',
    access: 'signed-in',
    config: { idempotent: true },
    schema: {
      tags: ['escrow'],
      summary:
        'Approve the completed work, releasing the payment less the fee and its tax (customer; Idempotency-Key required)',
      headers: idempotencyHeader,
      params: jobParams,
      body: emptyBody,
      response: { 200: escrowView, 202: escrowView, ...moneyErrors },
    },
    readModels: READ_MODELS,
    async run({ user, params: { jobId }, context, decide }) {
      await escrowFor(jobId, user);
      await decide(
        escrowStreamId(jobId),
        escrowDecider,
        { type: 'ApproveWork', actorId: user.id, now: context.now },
        RETRIES,
      );
      return () => view(jobId, user);
    },
  });

  app.command({
    method: 'POST',
    url: '/api/escrows/:jobId/request-changes',
    access: 'signed-in',
    config: { idempotent: true },
    schema: {
      tags: ['escrow'],
      summary: 'Ask for changes instead of approving (customer; Idempotency-Key required)',
      headers: idempotencyHeader,
      params: jobParams,
      body: changesBody,
      response: { 200: escrowView, 202: escrowView, ...moneyErrors },
    },
    readModels: READ_MODELS,
    async run({ user, params: { jobId }, body, context, decide }) {
      await escrowFor(jobId, user);
      await decide(
        escrowStreamId(jobId),
        escrowDecider,
        { type: 'RequestChanges', actorId: user.id, note: body.note, now: context.now },
        RETRIES,
      );
      return () => view(jobId, user);
    },
  });

  app.get(
    '/api/earnings',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['escrow'],
        summary: 'My earnings so far: gross, platform fee, tax, net, money held, upcoming payouts',
        response: { 200: earningsView, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const [totals, payouts] = await Promise.all([contractorEarnings(sql, user.id), payoutsOf(sql, user.id)]);
      return earningsViewOf(totals, payouts);
    },
  );

  app.get(
    '/api/receipts/:jobId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['escrow'],
        summary: 'The customer’s payment receipt or the contractor’s fee invoice, with tax lines',
        description:
          'By default the receipt for the customer and the fee invoice for the contractor; admins choose with `kind`.',
        params: jobParams,
        querystring: receiptQuery,
        response: { 200: receiptView, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const { row, role } = await escrowFor(request.params.jobId, user);
      const kind = receiptKindFor(role, request.query.kind);
      const [names, contract] = await Promise.all([
        displayNames(sql, [row.customerId, row.contractorId]),
        findContract(sql, row.jobId),
      ]);
      return buildReceipt(kind, row, {
        platform: { name: app.config.PLATFORM_LEGAL_NAME, taxRegistrationNumber: app.config.PLATFORM_TAX_NUMBER },
        jobTitle: contract?.title ?? '',
        customerName: names.get(row.customerId) ?? FORMER_MEMBER,
        contractorName: names.get(row.contractorId) ?? FORMER_MEMBER,
      });
    },
  );
};
