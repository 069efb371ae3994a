import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { freezeEscrowFor, distributeByDecision } from '../../../workflows/dispute-jobs.ts';
import { foldEvents } from '../../../shared/domain/decider.ts';
import { disputeDecider, type DisputeCommand, type EscrowFacts } from '../../../shared/domain/disputes/decider.ts';
import { disputeStreamId } from '../../../shared/domain/disputes/events.ts';
import { DISPUTE_MESSAGES as M } from '../../../shared/domain/disputes/messages.ts';
import { escrowDecider } from '../../../shared/domain/escrow/decider.ts';
import { escrowStreamId, type EscrowEvent, escrowEventSchemas } from '../../../shared/domain/escrow/events.ts';
import { readEvents } from '../../../shared/eventstore/typed.ts';
import { ConflictError, NotFoundError } from '../../../shared/errors.ts';
import {
  answerBody,
  decisionBody,
  disputeParams,
  disputeView,
  emptyBody,
  openBody,
} from '../../../shared/http/disputes.ts';
import { idempotencyHeader, optionalIdempotencyHeader } from '../../plugins/idempotency.ts';
import { caseFor, disputeViewFor } from './cases.ts';
import { DISPUTE_ERRORS as errors, DISPUTE_READ_MODELS as READ_MODELS } from './errors.ts';

/** A dispute command on the case's stream; concurrent writers (the timers, the other party) are retried. */
const RETRIES = { retries: 5 } as const;

/** Opening, answering, appealing and deciding a dispute (the evidence upload is evidence-routes.ts). */
export const disputeCommandRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;

  app.command({
    method: 'POST',
    url: '/api/disputes',
    access: ['customer', 'contractor'],
    config: { idempotent: 'optional' },
    schema: {
      tags: ['disputes'],
      summary: 'Open a dispute on a job whose escrow holds the money (customer or contractor of the job)',
      description:
        'Freezes the escrow until the decision. The other party is notified and may answer within 5 days. Add files with POST /api/disputes/{id}/evidence.',
      headers: optionalIdempotencyHeader,
      body: openBody,
      response: { 201: disputeView, 202: disputeView, ...errors },
    },
    readModels: READ_MODELS,
    statusCode: 201,
    async run({ user, body, context, decide, appended }) {
      const { jobId, reason, description } = body;
      // The escrow's own history, not its read model: what can be disputed is decided on the truth.
      const escrowEvents = await readEvents<EscrowEvent>(store, escrowStreamId(jobId), escrowEventSchemas);
      const escrowState = foldEvents(escrowDecider, escrowEvents);
      const facts: EscrowFacts | null =
        escrowState.status === 'none'
          ? null
          : {
              customerId: escrowState.customerId,
              contractorId: escrowState.contractorId,
              amountCents: escrowState.amountCents,
              contractorProvince: escrowState.contractorProvince,
              status: escrowState.status,
            };
      // Nobody outside the job learns whether it has an escrow.
      if (!facts || (facts.customerId !== user.id && facts.contractorId !== user.id)) {
        throw new NotFoundError(M.escrowNotFound);
      }
      await decide(disputeStreamId(jobId), disputeDecider, {
        type: 'OpenDispute',
        jobId,
        actorId: user.id,
        escrow: facts,
        reason,
        description,
        now: context.now,
      });
      const frozen = await freezeEscrowFor(store, { disputeId: jobId, openedBy: user.id }, context);
      if (frozen.outcome === 'voided') throw new ConflictError(M.notHeld);
      appended(frozen.position);
      return () => disputeViewFor(sql, jobId, user);
    },
  });

  app.command({
    method: 'POST',
    url: '/api/disputes/:disputeId/answer',
    access: ['customer', 'contractor'],
    schema: {
      tags: ['disputes'],
      summary: 'Answer a dispute the other party opened, within 5 days; the case then goes to analysis',
      params: disputeParams,
      body: answerBody,
      response: { 200: disputeView, 202: disputeView, ...errors },
    },
    readModels: READ_MODELS,
    async run({ user, params, body, context, decide }) {
      const { disputeId } = params;
      const { role } = await caseFor(sql, disputeId, user);
      if (role === 'admin') throw new NotFoundError(M.notFound);
      const command: DisputeCommand = {
        type: 'AnswerDispute',
        actorId: user.id,
        statement: body.statement,
        now: context.now,
      };
      await decide(disputeStreamId(disputeId), disputeDecider, command, RETRIES);
      return () => disputeViewFor(sql, disputeId, user);
    },
  });

  app.command({
    method: 'POST',
    url: '/api/disputes/:disputeId/review-request',
    access: ['customer', 'contractor'],
    schema: {
      tags: ['disputes'],
      summary: 'Ask for a human arbitrator instead of the proposed resolution, within 48 hours (a party)',
      params: disputeParams,
      body: emptyBody,
      response: { 200: disputeView, 202: disputeView, ...errors },
    },
    readModels: READ_MODELS,
    async run({ user, params, context, decide }) {
      const { disputeId } = params;
      const { role } = await caseFor(sql, disputeId, user);
      if (role === 'admin') throw new NotFoundError(M.notFound);
      const command: DisputeCommand = { type: 'RequestHumanReview', actorId: user.id, now: context.now };
      await decide(disputeStreamId(disputeId), disputeDecider, command, RETRIES);
      return () => disputeViewFor(sql, disputeId, user);
    },
  });

  app.command({
    method: 'POST',
    url: '/api/disputes/:disputeId/decision',
    access: ['admin'],
    config: { idempotent: true },
    schema: {
      tags: ['disputes'],
      summary:
        'Decide a case as arbitrator, with written reasons; distributes the escrow at once (Idempotency-Key required)',
      description:
        'A matrix outcome (contractor-full-payment, customer-refund, shared-fault, minor-issues) or custom with a split of whole percentages adding up to 100. Binding. A closed case answers 409.',
      headers: idempotencyHeader,
      params: disputeParams,
      body: decisionBody,
      response: { 200: disputeView, 202: disputeView, ...errors },
    },
    readModels: READ_MODELS,
    async run({ user, params, body, context, decide, appended }) {
      const { disputeId } = params;
      await caseFor(sql, disputeId, user);
      const { outcome, split, reasons } = body;
      const shares = split
        ? {
            customerBps: split.customer * 100,
            contractorBps: split.contractor * 100,
            platformBps: split.platform * 100,
          }
        : null;
      const command: DisputeCommand = {
        type: 'DecideDispute',
        arbitratorId: user.id,
        outcome,
        shares,
        reasons,
        now: context.now,
      };
      const decided = await decide(disputeStreamId(disputeId), disputeDecider, command, RETRIES);
      const decision = decided.newEvents.find((e) => e.type === 'DisputeDecided');
      if (decision?.type === 'DisputeDecided') {
        // Distributed at once; the dispute process retries if this process dies in between.
        const distributed = await distributeByDecision(store, disputeId, decision.data.shares, context);
        appended(distributed.position);
      }
      return () => disputeViewFor(sql, disputeId, user);
    },
  });
};
