import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findContract } from '../../../projections/contracts.ts';
import { fundEscrow } from '../../../projections/job-money.ts';
import { allEscrows, contractorEarnings, escrowsOf, findEscrow, type EscrowRow } from '../../../projections/escrows.ts';
import { payoutsOf, payoutsOfJob } from '../../../projections/payouts.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import { escrowDecider, type EscrowCommand } from '../../../shared/domain/escrow/decider.ts';
import { escrowStreamId } from '../../../shared/domain/escrow/events.ts';
import { ESCROW_MESSAGES as M } from '../../../shared/domain/escrow/messages.ts';
import { ForbiddenError, NotFoundError, PaymentRequiredError, ValidationError } from '../../../shared/errors.ts';
import { CardInputError } from '../../../shared/payments/gateway.ts';
import { signedInUser, type CurrentUser } from '../../plugins/auth.ts';
import { idempotencyHeader } from '../../plugins/idempotency.ts';
import { answerWithView, commandContext } from '../../plugins/read-your-writes.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../accounts/schemas.ts';
import {
  changesBody,
  completeBody,
  earningsView,
  emptyBody,
  escrowListView,
  escrowView,
  fundBody,
  adminQuery,
  jobParams,
  receiptQuery,
  receiptView,
} from './schemas.ts';

const READ_MODELS = ['escrows', 'payouts'] as const;
const FORMER_MEMBER = 'Former member';
const moneyErrors = {
  400: errorSchema,
  401: errorSchema,
  402: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
};

type ViewerRole = 'customer' | 'contractor' | 'admin';

function roleOf(row: EscrowRow, viewer: CurrentUser): ViewerRole | null {
  if (row.customerId === viewer.id) return 'customer';
  if (row.contractorId === viewer.id) return 'contractor';
  return viewer.role === 'admin' ? 'admin' : null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Escrow: the customer funds, approves or asks for changes; the contractor marks the work
 * complete. Amounts always come from the escrow (i.e. the signed contract), never from a request.
 * Only the two parties see an escrow; admins see all; anyone else gets the same 404 as for none.
 */
export const escrowRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;

  async function escrowFor(jobId: string, viewer: CurrentUser) {
    const row = await findEscrow(sql, jobId);
    const role = row ? roleOf(row, viewer) : null;
    if (!row || !role) throw new NotFoundError(M.notFound);
    return { row, role };
  }

  async function viewOf(row: EscrowRow, role: ViewerRole, names: Map<string, string>, title: string) {
    const payouts = await payoutsOfJob(sql, row.jobId);
    const counterpartyId = role === 'contractor' ? row.customerId : row.contractorId;
    const held = row.status === 'funded' || row.status === 'completed';
    return {
      jobId: row.jobId,
      title,
      status: row.status,
      viewerRole: role,
      amountCents: row.amountCents,
      counterparty: { id: counterpartyId, name: names.get(counterpartyId) ?? FORMER_MEMBER },
      contractorProvince: row.contractorProvince,
      quotedFee: row.quotedFee,
      card: row.cardLast4 ? { brand: row.cardBrand ?? 'card', last4: row.cardLast4 } : null,
      startsAt: iso(row.startsAt),
      fundedAt: iso(row.fundedAt),
      completedAt: iso(row.completedAt),
      completionNote: row.completionNote,
      autoReleaseAt: iso(row.autoReleaseAt),
      changesNote: row.changesNote,
      changesRequestedAt: iso(row.changesRequestedAt),
      releasedAt: iso(row.closedAt),
      releaseTrigger: row.releaseTrigger,
      feeReading: row.feeReading,
      feeRateBps: row.feeRateBps,
      feeCents: row.feeCents,
      taxLines: row.taxLines,
      taxCents: row.taxCents,
      contractorNetCents: row.contractorNetCents,
      customerRefundCents: row.customerRefundCents,
      platformShareCents: row.platformShareCents,
      lateFeeCents: row.lateFeeCents,
      lastFailureCode: row.status === 'awaiting-funding' ? row.lastFailureCode : null,
      disputeId: row.disputeId,
      escalatedAt: iso(row.escalatedAt),
      payouts: payouts
        .filter((p) => role === 'admin' || (p.kind === 'refund' ? role === 'customer' : role === 'contractor'))
        .map((p) => ({
          payoutId: p.payoutId,
          kind: p.kind,
          amountCents: p.amountCents,
          dueOn: p.dueOn,
          status: p.status,
          scheduledAt: p.scheduledAt.toISOString(),
          sentAt: iso(p.sentAt),
        })),
      actions: {
        fund: role === 'customer' && row.status === 'awaiting-funding',
        complete: role === 'contractor' && row.status === 'funded',
        approve: role === 'customer' && row.status === 'completed',
        requestChanges: role === 'customer' && row.status === 'completed',
        dispute: role !== 'admin' && held,
      },
    };
  }

  /** Views of many escrows, with the parties' names and the jobs' titles looked up once. */
  async function viewsOf(rows: EscrowRow[], viewer: CurrentUser) {
    const names = await displayNames(sql, [...new Set(rows.flatMap((r) => [r.customerId, r.contractorId]))]);
    const titles = new Map<string, string>();
    if (rows.length > 0) {
      const found = await sql<{ jobId: string; title: string }[]>`
        select job_id as "jobId", title from rm_contracts where job_id = any(${rows.map((r) => r.jobId)}::uuid[])`;
      for (const t of found) titles.set(t.jobId, t.title);
    }
    const views = [];
    for (const row of rows) views.push(await viewOf(row, roleOf(row, viewer)!, names, titles.get(row.jobId) ?? ''));
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

  /** Runs a party's command on the escrow and answers with the escrow as the caller sees it next. */
  async function runAndView(
    request: Parameters<typeof commandContext>[0],
    reply: Parameters<typeof answerWithView>[1],
    jobId: string,
    user: CurrentUser,
    build: (now: Date) => EscrowCommand,
  ) {
    await escrowFor(jobId, user);
    const context = commandContext(request);
    const result = await handleCommand(store, escrowStreamId(jobId), escrowDecider, build(context.now), context, {
      retries: 5,
    });
    return answerWithView(request, reply, result.position, READ_MODELS, () => view(jobId, user));
  }

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

  app.post(
    '/api/escrows/:jobId/fund',
    {
      onRequest: app.requireUser,
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
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { jobId } = request.params;
      const { row } = await escrowFor(jobId, user);
      if (row.customerId !== user.id) throw new ForbiddenError(M.customerOnly);
      const context = commandContext(request);
      // The decider's checks, the charge and its record, under the job's money lock (projections/job-money.ts).
      const outcome = await fundEscrow(
        { store, locks: app.runtime.locks, gateway: app.runtime.gateway },
        {
          jobId,
          actorId: user.id,
          charge: async (amountCents) => {
            try {
              return await app.runtime.gateway.charge({
                amountCents,
                card: request.body.card,
                idempotencyKey: `${escrowStreamId(jobId)}:${request.idempotency?.key ?? context.correlationId}`,
                description: `Escrow for job ${jobId}`,
              });
            } catch (error) {
              if (error instanceof CardInputError) throw new ValidationError(error.message);
              throw error;
            }
          },
        },
        context,
      );
      if (outcome.status === 'failed') throw new PaymentRequiredError(outcome.message);
      const position = outcome.status === 'funded' ? outcome.position : null;
      return answerWithView(request, reply, position, READ_MODELS, () => view(jobId, user));
    },
  );

  app.post(
    '/api/escrows/:jobId/complete',
    {
      onRequest: app.requireUser,
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
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const note = request.body.note?.trim() || null;
      return runAndView(request, reply, request.params.jobId, user, (now) => ({
        type: 'MarkWorkComplete',
        actorId: user.id,
        note,
        now,
      }));
    },
  );

  app.post(
    '/api/escrows/:jobId/approve',
    {
      onRequest: app.requireUser,
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
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      return runAndView(request, reply, request.params.jobId, user, (now) => ({
        type: 'ApproveWork',
        actorId: user.id,
        now,
      }));
    },
  );

  app.post(
    '/api/escrows/:jobId/request-changes',
    {
      onRequest: app.requireUser,
      config: { idempotent: true },
      schema: {
        tags: ['escrow'],
        summary: 'Ask for changes instead of approving (customer; Idempotency-Key required)',
        headers: idempotencyHeader,
        params: jobParams,
        body: changesBody,
        response: { 200: escrowView, 202: escrowView, ...moneyErrors },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      return runAndView(request, reply, request.params.jobId, user, (now) => ({
        type: 'RequestChanges',
        actorId: user.id,
        note: request.body.note,
        now,
      }));
    },
  );

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
      const mine = payouts.filter((p) => p.kind === 'payout');
      return {
        ...totals,
        paidOutCents: mine.filter((p) => p.status === 'sent').reduce((sum, p) => sum + p.amountCents, 0),
        upcomingPayouts: mine
          .filter((p) => p.status === 'scheduled')
          .map((p) => ({ payoutId: p.payoutId, jobId: p.jobId, amountCents: p.amountCents, dueOn: p.dueOn ?? '' }))
          .sort((a, b) => (a.dueOn < b.dueOn ? -1 : 1)),
      };
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
      const kind = request.query.kind ?? (role === 'contractor' ? 'fee-invoice' : 'receipt');
      if ((kind === 'receipt' && role === 'contractor') || (kind === 'fee-invoice' && role === 'customer')) {
        throw new NotFoundError('Receipt not found.');
      }
      const [names, contract] = await Promise.all([
        displayNames(sql, [row.customerId, row.contractorId]),
        findContract(sql, row.jobId),
      ]);
      const base = {
        platform: { name: app.config.PLATFORM_LEGAL_NAME, taxRegistrationNumber: app.config.PLATFORM_TAX_NUMBER },
        job: { jobId: row.jobId, title: contract?.title ?? '' },
        customer: { name: names.get(row.customerId) ?? FORMER_MEMBER },
        contractor: { name: names.get(row.contractorId) ?? FORMER_MEMBER, province: row.contractorProvince },
        status: row.status,
        card: row.cardLast4 ? { brand: row.cardBrand ?? 'card', last4: row.cardLast4 } : null,
      };
      const shortId = row.jobId.slice(0, 8).toUpperCase();
      if (kind === 'receipt') {
        if (!row.fundedAt) throw new NotFoundError('There is no receipt until the escrow is funded.');
        const lines: Array<{ label: 'job' | 'refund'; amountCents: number }> = [
          { label: 'job', amountCents: row.amountCents },
        ];
        if (row.customerRefundCents > 0) lines.push({ label: 'refund', amountCents: -row.customerRefundCents });
        return {
          kind,
          number: `R-${shortId}`,
          issuedAt: (row.closedAt ?? row.fundedAt).toISOString(),
          ...base,
          lines,
          totalCents: row.amountCents - row.customerRefundCents,
        };
      }
      const closed = row.status === 'released' || row.status === 'distributed' || row.status === 'refunded';
      if (!closed || !row.closedAt) throw new NotFoundError('The fee invoice is issued once the payment is released.');
      const gross = row.contractorNetCents + row.feeCents + row.taxCents;
      const lines: Array<{
        label: 'job' | 'late-fee' | 'fee' | 'tax' | 'net';
        amountCents: number;
        code?: string;
        ratePcm?: number;
        rateBps?: number;
      }> =
        row.status === 'refunded'
          ? [{ label: 'late-fee', amountCents: row.lateFeeCents }]
          : [
              { label: 'job', amountCents: gross },
              { label: 'fee', amountCents: -row.feeCents, rateBps: row.feeRateBps ?? 0 },
              ...row.taxLines.map((line) => ({
                label: 'tax' as const,
                amountCents: -line.cents,
                code: line.code,
                ratePcm: line.ratePcm,
              })),
            ];
      lines.push({ label: 'net', amountCents: row.contractorNetCents });
      return {
        kind,
        number: `F-${shortId}`,
        issuedAt: row.closedAt.toISOString(),
        ...base,
        feeReading: row.feeReading,
        lines,
        totalCents: row.feeCents + row.taxCents,
      };
    },
  );
};
