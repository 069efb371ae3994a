import { z } from 'zod';
import { disputeStatuses } from '../domain/disputes/statuses.ts';
import { disputeReasons, fileEvidenceKinds } from '../domain/disputes/events.ts';
import { DISPUTE_LIMITS as L, DISPUTE_MESSAGES as M } from '../domain/disputes/messages.ts';
import { outcomeIds, scoreCategories } from '../domain/disputes/rules.ts';
import { timelineStages } from '../domain/disputes/timeline.ts';
import { wholeNumberQuery } from './query.ts';

const uuid = (what: string) => z.uuid({ error: `${what} must be a UUID` });

export const disputeParams = z.strictObject({ disputeId: uuid('The dispute id') });
export const evidenceParams = z.strictObject({
  disputeId: uuid('The dispute id'),
  evidenceId: uuid('The evidence id'),
});

const text = (message: string, min: number, max: number) =>
  z.string({ error: message }).trim().min(min, { error: message }).max(max, { error: message });

export const openBody = z.strictObject({
  jobId: uuid('jobId'),
  reason: z.enum(disputeReasons, { error: `reason must be one of ${disputeReasons.join(', ')}` }),
  description: text(M.description, L.descriptionMin, L.descriptionMax),
});

export const answerBody = z.strictObject({ statement: text(M.statement, L.descriptionMin, L.descriptionMax) });

export const emptyBody = z.strictObject({}).optional();

const percent = z
  .number({ error: M.shares })
  .int({ error: M.shares })
  .min(0, { error: M.shares })
  .max(100, { error: M.shares });

export const decisionBody = z
  .strictObject({
    outcome: z.enum([...outcomeIds, 'custom'], {
      error: `outcome must be one of ${[...outcomeIds, 'custom'].join(', ')}`,
    }),
    /** Whole percentages, only for a custom split. */
    split: z
      .strictObject({ customer: percent, contractor: percent, platform: percent }, { error: M.shares })
      .optional(),
    reasons: text(M.reasons, L.reasonsMin, L.reasonsMax),
  })
  .refine((body) => (body.outcome === 'custom') === (body.split !== undefined), {
    error: (issue) => ((issue.input as { outcome?: string }).outcome === 'custom' ? M.shares : M.sharesForOutcome),
  });

export const queueQuery = z.strictObject({
  sort: z.enum(['age', 'amount'], { error: 'sort must be age or amount' }).default('age'),
  state: z.enum(['open', 'decided', 'all'], { error: 'state must be open, decided or all' }).default('open'),
  limit: wholeNumberQuery('limit', { min: 1, max: 200, default: 100 }),
});

const shares = z.object({ customerBps: z.number(), contractorBps: z.number(), platformBps: z.number() });
const iso = z.string().nullable();
const party = z.object({ id: z.string(), name: z.string() });

const analysis = z.object({
  analyser: z.string(),
  evidenceScores: z.object({ customer: z.number(), contractor: z.number() }),
  balance: z.number(),
  scores: z.object({ quality: z.number(), price: z.number(), timeline: z.number() }) satisfies z.ZodType<
    Record<(typeof scoreCategories)[number], number>
  >,
  explanation: z.array(
    z.object({
      category: z.enum(scoreCategories),
      start: z.number(),
      primary: z.boolean(),
      adjustments: z.array(z.object({ cause: z.enum(['evidence-balance', 'work-not-complete']), delta: z.number() })),
      score: z.number(),
    }),
  ),
  average: z.number(),
  recommendation: z.object({ outcome: z.enum(outcomeIds), shares }),
  confidencePct: z.number(),
  confidence: z.object({ base: z.number(), fromBalance: z.number(), fromVolume: z.number(), nearBoundary: z.number() }),
  flags: z.array(z.string()),
  narrative: z.string().nullable(),
});

export const disputeSummary = z.object({
  disputeId: z.string(),
  jobId: z.string(),
  title: z.string(),
  status: z.enum(disputeStatuses),
  viewerRole: z.enum(['customer', 'contractor', 'admin']),
  openerRole: z.enum(['customer', 'contractor']),
  reason: z.enum(disputeReasons),
  amountCents: z.number(),
  parties: z.object({ customer: party, contractor: party }),
  openedAt: z.string(),
  respondBy: z.string(),
  readyAt: iso,
  decidedAt: iso,
  decisionOutcome: z.enum([...outcomeIds, 'custom']).nullable(),
  confidencePct: z.number().nullable(),
  flags: z.array(z.string()),
  evidenceCount: z.number(),
  /** What waits for the viewer: answer, appeal or decide. */
  waitsForViewer: z.boolean(),
});

export const disputeView = disputeSummary.extend({
  description: z.string(),
  contractorProvince: z.string(),
  workMarkedComplete: z.boolean(),
  answeredAt: iso,
  answerStatement: z.string().nullable(),
  analysedAt: iso,
  analysis: analysis.nullable(),
  proposal: z.object({ outcome: z.enum(outcomeIds), shares, appealBy: z.string(), proposedAt: z.string() }).nullable(),
  reviewRequestedAt: iso,
  reviewRequestedBy: z.enum(['customer', 'contractor']).nullable(),
  decision: z
    .object({
      via: z.enum(['arbitrator', 'auto-resolution']),
      outcome: z.enum([...outcomeIds, 'custom']),
      shares,
      reasons: z.string(),
      /** Shown to administrators only. */
      arbitratorFeeCents: z.number().nullable(),
    })
    .nullable(),
  voidedAt: iso,
  evidence: z.array(
    z.object({
      evidenceId: z.string(),
      partyRole: z.enum(['customer', 'contractor']),
      kind: z.enum(fileEvidenceKinds),
      contentType: z.string(),
      sizeBytes: z.number(),
      sha256: z.string(),
      caption: z.string(),
      addedAt: z.string(),
      url: z.string(),
    }),
  ),
  escrow: z
    .object({
      status: z.string(),
      customerRefundCents: z.number(),
      contractorGrossCents: z.number(),
      platformShareCents: z.number(),
      feeCents: z.number(),
      taxCents: z.number(),
      contractorNetCents: z.number(),
    })
    .nullable(),
  payouts: z.array(
    z.object({
      kind: z.enum(['payout', 'refund']),
      amountCents: z.number(),
      dueOn: z.string().nullable(),
      status: z.string(),
      /** When the decision that moves it was recorded: a refund has no due day (it is issued at once). */
      scheduledAt: z.string(),
      sentAt: iso,
    }),
  ),
  timeline: z.array(
    z.object({
      stage: z.enum(timelineStages),
      state: z.enum(['done', 'current', 'upcoming', 'skipped']),
      at: iso,
      detail: z.string().optional(),
      by: z.enum(['customer', 'contractor']).optional(),
    }),
  ),
  actions: z.object({ addEvidence: z.boolean(), answer: z.boolean(), requestReview: z.boolean(), decide: z.boolean() }),
});

export const disputeListView = z.object({ disputes: z.array(disputeSummary) });
