import { randomUUID } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { freezeEscrowFor, distributeByDecision } from '../../../projections/dispute-jobs.ts';
import {
  disputeQueue,
  disputesOf,
  evidenceOf,
  findDispute,
  type DisputeRow,
  type EvidenceRow,
} from '../../../projections/disputes.ts';
import { findEscrow } from '../../../projections/escrows.ts';
import { payoutsOfJob } from '../../../projections/payouts.ts';
import { foldEvents, handleCommand } from '../../../shared/domain/decider.ts';
import { disputeDecider, type DisputeCommand, type EscrowFacts } from '../../../shared/domain/disputes/decider.ts';
import { disputeStreamId, type PartyRole } from '../../../shared/domain/disputes/events.ts';
import { DISPUTE_LIMITS, DISPUTE_MESSAGES as M } from '../../../shared/domain/disputes/messages.ts';
import { disputeTimeline } from '../../../shared/domain/disputes/timeline.ts';
import { escrowDecider } from '../../../shared/domain/escrow/decider.ts';
import { escrowStreamId, type EscrowEvent } from '../../../shared/domain/escrow/events.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../../shared/errors.ts';
import { signedInUser, type CurrentUser } from '../../plugins/auth.ts';
import {
  claimIdempotencyKeyAfterStoring,
  idempotencyHeader,
  optionalIdempotencyHeader,
} from '../../plugins/idempotency.ts';
import { answerWithView, commandContext } from '../../plugins/read-your-writes.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../accounts/schemas.ts';
import { EVIDENCE_LIMITS } from '../../../shared/uploads/file-types.ts';
import { multipartRefusal, storeUpload, type StoredUpload } from '../../../shared/uploads/upload-stream.ts';
import { EVIDENCE_MAX_BYTES, EVIDENCE_MESSAGES } from './evidence.ts';
import {
  answerBody,
  decisionBody,
  disputeListView,
  disputeParams,
  disputeView,
  emptyBody,
  evidenceParams,
  openBody,
  queueQuery,
} from './schemas.ts';

const READ_MODELS = ['disputes', 'escrows', 'payouts'] as const;
const FORMER_MEMBER = 'Former member';
const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  413: errorSchema,
  415: errorSchema,
  422: errorSchema,
};

type ViewerRole = PartyRole | 'admin';

function roleOf(row: DisputeRow, viewer: CurrentUser): ViewerRole | null {
  if (row.customerId === viewer.id) return 'customer';
  if (row.contractorId === viewer.id) return 'contractor';
  return viewer.role === 'admin' ? 'admin' : null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Whether the case waits for this viewer: an answer, an appeal they may make, or a decision. */
function waitsFor(row: DisputeRow, role: ViewerRole): boolean {
  if (role === 'admin') return row.status === 'in-review';
  if (row.status === 'awaiting-response') return role !== row.openerRole;
  return row.status === 'proposed';
}

/**
 * Disputes: a party opens one on a job whose escrow holds the money (which freezes it), both add
 * evidence, the other party answers within 5 days, a worker analyses the ready case, and an
 * administrator, as arbitrator, decides with reasons, which distributes the escrow at once. Only
 * the parties and administrators see a case; anyone else gets the same 404 as for none.
 */
export const disputeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;
  await app.register(fastifyMultipart, {
    // The parser's own cap sits one byte above the largest limit: the route's SizeLimit, which knows
    // the file's kind, refuses first, with a message naming that kind and its limit.
    limits: { fileSize: EVIDENCE_MAX_BYTES + 1, files: 1, fields: 1, parts: 2, fieldSize: 4 * 1024 },
  });

  async function caseFor(disputeId: string, viewer: CurrentUser) {
    const row = await findDispute(sql, disputeId);
    const role = row ? roleOf(row, viewer) : null;
    if (!row || !role) throw new NotFoundError(M.notFound);
    return { row, role };
  }

  async function titlesOf(jobIds: string[]) {
    const titles = new Map<string, string>();
    if (jobIds.length === 0) return titles;
    const found = await sql<{ jobId: string; title: string }[]>`
      select job_id as "jobId", title from rm_contracts where job_id = any(${jobIds}::uuid[])`;
    for (const t of found) titles.set(t.jobId, t.title);
    return titles;
  }

  async function evidenceCounts(disputeIds: string[]) {
    const counts = new Map<string, number>();
    if (disputeIds.length === 0) return counts;
    const found = await sql<{ disputeId: string; count: number }[]>`
      select dispute_id as "disputeId", count(*)::int as count from rm_dispute_evidence
      where dispute_id = any(${disputeIds}::uuid[]) group by dispute_id`;
    for (const c of found) counts.set(c.disputeId, c.count);
    return counts;
  }

  function summaryOf(row: DisputeRow, role: ViewerRole, names: Map<string, string>, title: string, evidence: number) {
    return {
      disputeId: row.disputeId,
      jobId: row.jobId,
      title,
      status: row.status,
      viewerRole: role,
      openerRole: row.openerRole,
      reason: row.reason,
      amountCents: row.amountCents,
      parties: {
        customer: { id: row.customerId, name: names.get(row.customerId) ?? FORMER_MEMBER },
        contractor: { id: row.contractorId, name: names.get(row.contractorId) ?? FORMER_MEMBER },
      },
      openedAt: row.openedAt.toISOString(),
      respondBy: row.respondBy.toISOString(),
      readyAt: iso(row.readyAt),
      decidedAt: iso(row.decidedAt),
      decisionOutcome: row.decision?.outcome ?? null,
      confidencePct: row.analysis?.confidencePct ?? null,
      flags: row.analysis?.flags ?? [],
      evidenceCount: evidence,
      waitsForViewer: waitsFor(row, role),
    };
  }

  async function summaries(rows: DisputeRow[], viewer: CurrentUser) {
    const [names, titles, counts] = await Promise.all([
      displayNames(sql, [...new Set(rows.flatMap((r) => [r.customerId, r.contractorId]))]),
      titlesOf(rows.map((r) => r.jobId)),
      evidenceCounts(rows.map((r) => r.disputeId)),
    ]);
    return rows.map((row) =>
      summaryOf(row, roleOf(row, viewer)!, names, titles.get(row.jobId) ?? '', counts.get(row.disputeId) ?? 0),
    );
  }

  const evidenceUrl = (e: EvidenceRow) => `/api/disputes/${e.disputeId}/evidence/${e.evidenceId}`;

  async function view(disputeId: string, viewer: CurrentUser) {
    const { row, role } = await caseFor(disputeId, viewer);
    const [names, titles, evidence, escrow, payouts] = await Promise.all([
      displayNames(sql, [row.customerId, row.contractorId]),
      titlesOf([row.jobId]),
      evidenceOf(sql, disputeId),
      findEscrow(sql, row.jobId),
      payoutsOfJob(sql, row.jobId),
    ]);
    const distributed = escrow?.status === 'distributed' && escrow.disputeId === row.disputeId;
    const visiblePayouts = payouts
      .filter((p) => role === 'admin' || (p.kind === 'refund' ? role === 'customer' : role === 'contractor'))
      .map((p) => ({
        kind: p.kind,
        amountCents: p.amountCents,
        dueOn: p.dueOn,
        status: p.status,
        scheduledAt: p.scheduledAt.toISOString(),
        sentAt: iso(p.sentAt),
      }));
    const now = Date.now();
    const open = row.status !== 'decided' && row.status !== 'void';
    return {
      ...summaryOf(row, role, names, titles.get(row.jobId) ?? '', evidence.length),
      description: row.description,
      contractorProvince: row.contractorProvince,
      workMarkedComplete: row.workMarkedComplete,
      answeredAt: iso(row.answeredAt),
      answerStatement: row.answerStatement,
      analysedAt: iso(row.analysedAt),
      analysis: row.analysis,
      proposal: row.proposal,
      reviewRequestedAt: iso(row.reviewRequestedAt),
      reviewRequestedBy: row.reviewRequestedBy,
      decision: row.decision
        ? {
            via: row.decision.via,
            outcome: row.decision.outcome,
            shares: row.decision.shares,
            reasons: row.decision.reasons,
            arbitratorFeeCents: role === 'admin' ? row.decision.arbitratorFeeCents : null,
          }
        : null,
      voidedAt: iso(row.voidedAt),
      evidence: evidence.map((e) => ({
        evidenceId: e.evidenceId,
        partyRole: e.partyRole,
        kind: e.kind,
        contentType: e.contentType,
        sizeBytes: e.sizeBytes,
        sha256: e.sha256,
        caption: e.caption,
        addedAt: e.addedAt.toISOString(),
        url: evidenceUrl(e),
      })),
      escrow: escrow
        ? {
            status: escrow.status,
            customerRefundCents: distributed ? escrow.customerRefundCents : 0,
            contractorGrossCents: distributed ? escrow.contractorNetCents + escrow.feeCents + escrow.taxCents : 0,
            platformShareCents: distributed ? escrow.platformShareCents : 0,
            feeCents: distributed ? escrow.feeCents : 0,
            taxCents: distributed ? escrow.taxCents : 0,
            contractorNetCents: distributed ? escrow.contractorNetCents : 0,
          }
        : null,
      payouts: visiblePayouts,
      timeline: disputeTimeline({
        status: row.status,
        openedAt: row.openedAt.toISOString(),
        respondBy: row.respondBy.toISOString(),
        answeredAt: iso(row.answeredAt),
        readyAt: iso(row.readyAt),
        analysedAt: iso(row.analysedAt),
        proposal: row.proposal,
        reviewRequestedAt: iso(row.reviewRequestedAt),
        reviewRequestedBy: row.reviewRequestedBy,
        decidedAt: iso(row.decidedAt),
        decidedVia: row.decision?.via ?? null,
        voidedAt: iso(row.voidedAt),
        payouts: payouts.map((p) => ({ dueOn: p.dueOn, sentAt: iso(p.sentAt) })),
      }),
      actions: {
        addEvidence: role !== 'admin' && row.status === 'awaiting-response',
        answer:
          role !== 'admin' &&
          role !== row.openerRole &&
          row.status === 'awaiting-response' &&
          now < row.respondBy.getTime(),
        requestReview:
          role !== 'admin' &&
          row.status === 'proposed' &&
          row.proposal !== null &&
          now < Date.parse(row.proposal.appealBy),
        decide: role === 'admin' && open && row.status === 'in-review',
      },
    };
  }

  async function run(
    request: Parameters<typeof commandContext>[0],
    disputeId: string,
    command: (now: Date) => DisputeCommand,
  ) {
    const context = commandContext(request);
    return handleCommand(store, disputeStreamId(disputeId), disputeDecider, command(context.now), context, {
      retries: 5,
    });
  }

  app.post(
    '/api/disputes',
    {
      onRequest: app.requireRole('customer', 'contractor'),
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
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { jobId, reason, description } = request.body;
      // The escrow's own history, not its read model: what can be disputed is decided on the truth.
      const escrowEvents = (await store.readStream(escrowStreamId(jobId))) as unknown as EscrowEvent[];
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
      const context = commandContext(request);
      const opened = await handleCommand(
        store,
        disputeStreamId(jobId),
        disputeDecider,
        { type: 'OpenDispute', jobId, actorId: user.id, escrow: facts, reason, description, now: context.now },
        context,
      );
      const frozen = await freezeEscrowFor(store, { disputeId: jobId, openedBy: user.id }, context);
      if (frozen.outcome === 'voided') throw new ConflictError(M.notHeld);
      return answerWithView(
        request,
        reply,
        frozen.position ?? opened.position,
        READ_MODELS,
        () => view(jobId, user),
        201,
      );
    },
  );

  app.get(
    '/api/disputes',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['disputes'],
        summary: 'My disputes, as customer or contractor, newest first',
        response: { 200: disputeListView, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      return { disputes: await summaries(await disputesOf(sql, user.id), user) };
    },
  );

  app.get(
    '/api/admin/disputes',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['disputes'],
        summary:
          'The arbitration queue: cases waiting for an arbitrator first, then by age (oldest) or amount (largest)',
        querystring: queueQuery,
        response: { 200: disputeListView, 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      return { disputes: await summaries(await disputeQueue(sql, request.query), user) };
    },
  );

  app.get(
    '/api/disputes/:disputeId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['disputes'],
        summary: 'One dispute: timeline, evidence, analysis, decision and what I may do',
        params: disputeParams,
        response: { 200: disputeView, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (request) => view(request.params.disputeId, await signedInUser(request)),
  );

  app.post(
    '/api/disputes/:disputeId/evidence',
    {
      onRequest: app.requireRole('customer', 'contractor'),
      config: { idempotent: 'optional' },
      schema: {
        tags: ['disputes'],
        summary: 'Add a photo, video or PDF to a dispute (a party, until the case is ready)',
        description:
          'multipart/form-data: an optional `caption` field, then one `file` part. Photos (JPEG, PNG, WebP) and PDFs up to 10 MB, videos (MP4, MOV, WebM) up to 50 MB. The type is read from the bytes; a file whose declared type disagrees is refused (415), and so is one that does not parse as its type (a video needs a video track). The file streams to storage; one over the limit of its kind is refused (413) as soon as it passes it.',
        consumes: ['multipart/form-data'],
        headers: optionalIdempotencyHeader,
        params: disputeParams,
        response: { 201: disputeView, 202: disputeView, ...errors },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { disputeId } = request.params;
      const { row, role } = await caseFor(disputeId, user);
      if (role === 'admin') throw new NotFoundError(M.notFound);
      if (!request.isMultipart()) throw new ValidationError(EVIDENCE_MESSAGES.notMultipart);
      let caption = '';
      let stored: StoredUpload | null = null;
      const evidenceId = randomUUID();
      const removeStored = async () => {
        if (stored) await app.runtime.fileStorage.delete(stored.storageKey).catch(() => {});
      };
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname !== 'caption' || typeof part.value !== 'string') {
              throw new ValidationError(EVIDENCE_MESSAGES.fields);
            }
            caption = part.value;
            // Sent before the file (as the site does), a bad caption is refused before any upload.
            if ([...caption.trim()].length > DISPUTE_LIMITS.captionMax) throw new ValidationError(M.caption);
            continue;
          }
          if (stored) throw new ValidationError(EVIDENCE_MESSAGES.oneFile);
          // Streamed to storage under the limit of its kind, checked on the way (nothing kept if refused).
          stored = await storeUpload(part.file, {
            storage: app.runtime.fileStorage,
            limits: EVIDENCE_LIMITS,
            keyFor: (type) => `disputes/${row.disputeId}/${evidenceId}.${type.extension}`,
            typeMessage: EVIDENCE_MESSAGES.type,
            claimedType: part.mimetype,
          });
          if (!stored) throw new ValidationError(EVIDENCE_MESSAGES.noFile);
        }
      } catch (error) {
        await removeStored();
        throw multipartRefusal(error, {
          tooLarge: EVIDENCE_MESSAGES.tooLarge('video'),
          tooManyFiles: EVIDENCE_MESSAGES.oneFile,
          fields: EVIDENCE_MESSAGES.fields,
          notMultipart: EVIDENCE_MESSAGES.notMultipart,
        });
      }
      if (!stored) throw new ValidationError(EVIDENCE_MESSAGES.noFile);
      const upload: StoredUpload = stored;
      // A retry with the same Idempotency-Key gets the first answer; the copy it just stored goes.
      if (await claimIdempotencyKeyAfterStoring(request, reply, { caption, sha256: upload.sha256 }, removeStored)) {
        return reply;
      }
      let position;
      try {
        ({ position } = await run(request, disputeId, (now) => ({
          type: 'AddEvidence',
          actorId: user.id,
          evidenceId,
          kind: upload.type.kind,
          storageKey: upload.storageKey,
          contentType: upload.type.contentType,
          sizeBytes: upload.sizeBytes,
          sha256: upload.sha256,
          caption,
          now,
        })));
      } catch (error) {
        // Refused (the case moved on, too many files): keep no orphan file.
        await removeStored();
        throw error;
      }
      return answerWithView(request, reply, position, READ_MODELS, () => view(disputeId, user), 201);
    },
  );

  app.get(
    '/api/disputes/:disputeId/evidence/:evidenceId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['disputes'],
        summary: 'One evidence file (the parties and administrators only)',
        params: evidenceParams,
        response: {
          200: z.any().describe('The file, with its sniffed content type'),
          400: errorSchema,
          401: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { disputeId, evidenceId } = request.params;
      await caseFor(disputeId, user);
      const item = (await evidenceOf(sql, disputeId)).find((e) => e.evidenceId === evidenceId);
      const file = item ? await app.runtime.fileStorage.get(item.storageKey) : null;
      if (!item || !file) throw new NotFoundError(M.evidenceNotFound);
      return (
        reply
          .header('content-type', item.contentType)
          .header('content-length', file.sizeBytes)
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          // A PDF or video opened from here runs nothing: no scripts, no same-origin access.
          .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; media-src 'self'")
          .header(
            'content-disposition',
            `inline; filename="evidence-${evidenceId}.${item.storageKey.split('.').pop()}"`,
          )
          .send(file.body)
      );
    },
  );

  app.post(
    '/api/disputes/:disputeId/answer',
    {
      onRequest: app.requireRole('customer', 'contractor'),
      schema: {
        tags: ['disputes'],
        summary: 'Answer a dispute the other party opened, within 5 days; the case then goes to analysis',
        params: disputeParams,
        body: answerBody,
        response: { 200: disputeView, 202: disputeView, ...errors },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { disputeId } = request.params;
      const { role } = await caseFor(disputeId, user);
      if (role === 'admin') throw new NotFoundError(M.notFound);
      const { position } = await run(request, disputeId, (now) => ({
        type: 'AnswerDispute',
        actorId: user.id,
        statement: request.body.statement,
        now,
      }));
      return answerWithView(request, reply, position, READ_MODELS, () => view(disputeId, user));
    },
  );

  app.post(
    '/api/disputes/:disputeId/review-request',
    {
      onRequest: app.requireRole('customer', 'contractor'),
      schema: {
        tags: ['disputes'],
        summary: 'Ask for a human arbitrator instead of the proposed resolution, within 48 hours (a party)',
        params: disputeParams,
        body: emptyBody,
        response: { 200: disputeView, 202: disputeView, ...errors },
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { disputeId } = request.params;
      const { role } = await caseFor(disputeId, user);
      if (role === 'admin') throw new NotFoundError(M.notFound);
      const { position } = await run(request, disputeId, (now) => ({
        type: 'RequestHumanReview',
        actorId: user.id,
        now,
      }));
      return answerWithView(request, reply, position, READ_MODELS, () => view(disputeId, user));
    },
  );

  app.post(
    '/api/disputes/:disputeId/decision',
    {
      onRequest: app.requireRole('admin'),
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
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const { disputeId } = request.params;
      await caseFor(disputeId, user);
      const { outcome, split, reasons } = request.body;
      const shares = split
        ? {
            customerBps: split.customer * 100,
            contractorBps: split.contractor * 100,
            platformBps: split.platform * 100,
          }
        : null;
      const decided = await run(request, disputeId, (now) => ({
        type: 'DecideDispute',
        arbitratorId: user.id,
        outcome,
        shares,
        reasons,
        now,
      }));
      const decision = decided.newEvents.find((e) => e.type === 'DisputeDecided');
      let position = decided.position;
      if (decision?.type === 'DisputeDecided') {
        // Distributed at once; the dispute process retries if this process dies in between.
        const distributed = await distributeByDecision(store, disputeId, decision.data.shares, commandContext(request));
        position = distributed.position ?? position;
      }
      return answerWithView(request, reply, position, READ_MODELS, () => view(disputeId, user));
    },
  );
};
