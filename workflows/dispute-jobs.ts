import { noNarrator, type DisputeNarrator } from '../shared/ai/dispute-narrator.ts';
import { foldEvents, handleCommand, type CommandContext } from '../shared/domain/decider.ts';
import { analyseDispute } from '../shared/domain/disputes/analysis.ts';
import { disputeDecider, type DisputeCommand, type OpenDisputeState } from '../shared/domain/disputes/decider.ts';
import {
  disputeStreamId,
  type DisputeEvent,
  type Shares,
  disputeEventSchemas,
} from '../shared/domain/disputes/events.ts';
import { escrowDecider } from '../shared/domain/escrow/decider.ts';
import { escrowStreamId } from '../shared/domain/escrow/events.ts';
import { ConflictError } from '../shared/errors.ts';
import type { EventStore, Position } from '../shared/eventstore/types.ts';
import { readEvents } from '../shared/eventstore/typed.ts';
import {
  decisionsAwaitingDistribution,
  disputesAwaitingFreeze,
  disputesPastResponseWindow,
  disputesReadyForAnalysis,
  proposalsPastAppealWindow,
} from '../projections/disputes.ts';
import { attempt, systemContext } from './money-process.ts';
import type { ScheduledJob } from '../infrastructure/scheduling/scheduled.ts';

/**
 * The dispute process, driven by timers like the money process (workflows/money-jobs.ts): each
 * step is a command whose decider refuses or ignores a second run, so a doubled tick or a second
 * worker never does anything twice.
 *
 * - an opened dispute freezes its escrow (the route does it at once; this catches a crash between
 *   the two appends), and a dispute whose escrow stopped holding the money in that gap is voided;
 * - 5 days without an answer close the response window;
 * - a ready case is analysed (within a second or two, well inside the 30 s allowed, docs/product.md#disputes);
 * - a proposal unappealed for 48 h becomes the decision;
 * - a decision distributes the escrow (the route does it at once; this catches a crash).
 */

const onDispute = (store: EventStore, disputeId: string, command: DisputeCommand, now: Date) =>
  attempt(() => handleCommand(store, disputeStreamId(disputeId), disputeDecider, command, systemContext(now)));

/** Freezes the escrow for its dispute; voids the dispute when the escrow no longer holds the money. */
export async function freezeEscrowFor(
  store: EventStore,
  dispute: { disputeId: string; openedBy: string },
  context: CommandContext,
): Promise<{ outcome: 'frozen' | 'voided'; position: Position | null }> {
  try {
    const frozen = await handleCommand(
      store,
      escrowStreamId(dispute.disputeId),
      escrowDecider,
      { type: 'FreezeEscrow', disputeId: dispute.disputeId, actorId: dispute.openedBy, now: context.now },
      { ...context, actorId: dispute.openedBy },
      { retries: 5 },
    );
    return { outcome: 'frozen', position: frozen.position };
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    const voided = await handleCommand(
      store,
      disputeStreamId(dispute.disputeId),
      disputeDecider,
      { type: 'VoidDispute', now: context.now },
      context,
    );
    return { outcome: 'voided', position: voided.position };
  }
}

/** Distributes the escrow by the dispute's decision (a no-op when already done). */
export function distributeByDecision(store: EventStore, disputeId: string, shares: Shares, context: CommandContext) {
  return handleCommand(
    store,
    escrowStreamId(disputeId),
    escrowDecider,
    { type: 'DistributeEscrow', disputeId, shares, now: context.now },
    context,
    { retries: 5 },
  );
}

export const disputeProgressJob: ScheduledJob = {
  name: 'dispute-progress',
  intervalMs: 1000,
  async run({ sql, store, now }) {
    let handled = 0;
    for (const dispute of await disputesAwaitingFreeze(sql, now)) {
      handled += await attempt(async () => {
        await freezeEscrowFor(store, dispute, systemContext(now));
        return { newEvents: [] };
      });
    }
    for (const { disputeId } of await disputesPastResponseWindow(sql, now)) {
      handled += await onDispute(store, disputeId, { type: 'CloseResponseWindow', now }, now);
    }
    for (const { disputeId } of await proposalsPastAppealWindow(sql, now)) {
      handled += await onDispute(store, disputeId, { type: 'FinaliseProposal', now }, now);
    }
    for (const { disputeId, shares } of await decisionsAwaitingDistribution(sql)) {
      handled += await attempt(() => distributeByDecision(store, disputeId, shares, systemContext(now)));
    }
    return handled;
  },
};

/** What the optional narrator is told: the parties' own words and the built-in numbers, no personal data. */
async function narrativeFor(store: EventStore, disputeId: string, narrator: DisputeNarrator): Promise<string | null> {
  if (narrator === noNarrator) return null;
  const events = await readEvents<DisputeEvent>(store, disputeStreamId(disputeId), disputeEventSchemas);
  const state = foldEvents(disputeDecider, events);
  if (state.status !== 'analysing') return null;
  const open = state as OpenDisputeState;
  const { narrative: _none, ...analysis } = analyseDispute({
    amountCents: open.amountCents,
    reason: open.reason,
    workMarkedComplete: open.workMarkedComplete,
    evidence: open.evidence,
  });
  const statements = (role: 'customer' | 'contractor') =>
    open.evidence[role].filter((item) => item.kind === 'text').map((item) => item.description ?? '');
  return narrator({
    reason: open.reason,
    amountCents: open.amountCents,
    statements: { customer: statements('customer'), contractor: statements('contractor') },
    analysis,
  });
}

/** A tick works through the ready cases for at most this long, so a burst does not wait tick after tick. */
const ANALYSIS_TICK_BUDGET_MS = 10_000;

export const disputeAnalysisJob: ScheduledJob = {
  name: 'dispute-analysis',
  intervalMs: 1000,
  async run({ sql, store, now, narrator }) {
    let handled = 0;
    const started = Date.now();
    const done = new Set<string>();
    for (;;) {
      // The read model may not show an analysis made a moment ago: skip what this tick already did.
      const ready = (await disputesReadyForAnalysis(sql, 50)).filter(({ disputeId }) => !done.has(disputeId));
      if (ready.length === 0) return handled;
      for (const { disputeId } of ready) {
        done.add(disputeId);
        const narrative = await narrativeFor(store, disputeId, narrator ?? noNarrator);
        handled += await onDispute(store, disputeId, { type: 'AnalyseDispute', narrative, now }, now);
      }
      if (Date.now() - started > ANALYSIS_TICK_BUDGET_MS) return handled;
    }
  },
};
