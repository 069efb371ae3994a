import type { PartyRole } from './events.ts';

/**
 * The stages a dispute goes through, as the status page shows them: each is done (with its time),
 * current (with what it waits for and until when), upcoming, or skipped (a stage this case did not
 * need, e.g. a proposal when the analysis went straight to the arbitrator).
 */
export const timelineStages = ['opened', 'response', 'analysis', 'proposal', 'review', 'decision', 'payout'] as const;
export type TimelineStage = (typeof timelineStages)[number];

export type TimelineEntry = {
  stage: TimelineStage;
  state: 'done' | 'current' | 'upcoming' | 'skipped';
  /** When it happened (done), or by when it is due (current), when known. */
  at: string | null;
  /** For 'response': whether the other party answered or let the window close. */
  detail?: 'answered' | 'no-answer' | 'appealed' | 'unappealed' | 'arbitrator' | 'auto-resolution' | 'void';
  by?: PartyRole;
};

export type TimelineFacts = {
  status: 'awaiting-response' | 'analysing' | 'proposed' | 'in-review' | 'decided' | 'void';
  openedAt: string;
  respondBy: string;
  answeredAt: string | null;
  readyAt: string | null;
  analysedAt: string | null;
  proposal: { proposedAt: string; appealBy: string } | null;
  reviewRequestedAt: string | null;
  reviewRequestedBy: PartyRole | null;
  decidedAt: string | null;
  decidedVia: 'arbitrator' | 'auto-resolution' | null;
  voidedAt: string | null;
  /** The payouts the decision scheduled: the last one sent closes the case, the first due is shown. */
  payouts: { dueOn: string | null; sentAt: string | null }[];
};

export function disputeTimeline(f: TimelineFacts): TimelineEntry[] {
  const entries: TimelineEntry[] = [{ stage: 'opened', state: 'done', at: f.openedAt }];
  if (f.status === 'void') {
    entries.push({ stage: 'decision', state: 'done', at: f.voidedAt, detail: 'void' });
    return entries;
  }
  const ready = f.readyAt !== null;
  entries.push(
    ready
      ? { stage: 'response', state: 'done', at: f.readyAt, detail: f.answeredAt ? 'answered' : 'no-answer' }
      : { stage: 'response', state: 'current', at: f.respondBy },
  );
  entries.push(
    f.analysedAt
      ? { stage: 'analysis', state: 'done', at: f.analysedAt }
      : { stage: 'analysis', state: ready ? 'current' : 'upcoming', at: null },
  );
  if (f.proposal) {
    const appealed = f.reviewRequestedAt !== null;
    entries.push(
      f.status === 'proposed'
        ? { stage: 'proposal', state: 'current', at: f.proposal.appealBy }
        : {
            stage: 'proposal',
            state: 'done',
            at: f.proposal.proposedAt,
            detail: appealed ? 'appealed' : 'unappealed',
            ...(appealed && f.reviewRequestedBy ? { by: f.reviewRequestedBy } : {}),
          },
    );
  } else {
    entries.push({ stage: 'proposal', state: f.analysedAt ? 'skipped' : 'upcoming', at: null });
  }
  const humanReview = f.decidedVia === 'arbitrator' || (f.decidedVia === null && f.status === 'in-review');
  if (f.decidedVia === 'auto-resolution') {
    entries.push({ stage: 'review', state: 'skipped', at: null });
  } else {
    entries.push({
      stage: 'review',
      state: f.decidedAt ? 'done' : humanReview ? 'current' : 'upcoming',
      at: f.decidedAt ? (f.reviewRequestedAt ?? f.analysedAt) : null,
    });
  }
  entries.push(
    f.decidedAt
      ? { stage: 'decision', state: 'done', at: f.decidedAt, detail: f.decidedVia ?? 'arbitrator' }
      : { stage: 'decision', state: 'upcoming', at: null },
  );
  const allSent = f.payouts.length > 0 && f.payouts.every((p) => p.sentAt !== null);
  const lastSent = f.payouts.reduce<string | null>(
    (last, p) => (p.sentAt && (!last || p.sentAt > last) ? p.sentAt : last),
    null,
  );
  const firstDue = f.payouts.reduce<string | null>(
    (first, p) => (p.dueOn && (!first || p.dueOn < first) ? p.dueOn : first),
    null,
  );
  entries.push(
    allSent
      ? { stage: 'payout', state: 'done', at: lastSent }
      : { stage: 'payout', state: f.decidedAt ? 'current' : 'upcoming', at: f.decidedAt ? firstDue : null },
  );
  return entries;
}
