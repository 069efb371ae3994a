import { disputeEventSchemas } from './events.ts';
import { ConflictError, ForbiddenError, ValidationError } from '../../errors.ts';
import type { ProvinceCode } from '../../geo/provinces.ts';
import type { Decider } from '../decider.ts';
import { sharesAreValid } from '../escrow/money.ts';
import { analyseDispute as analyseCase, sharesOf } from './analysis.ts';
import type {
  DecisionOutcome,
  DisputeAnalysis,
  DisputeEvent,
  DisputeReason,
  FileEvidenceKind,
  PartyRole,
  Shares,
} from './events.ts';
import { DISPUTE_LIMITS as L, DISPUTE_MESSAGES as M } from './messages.ts';
import {
  ARBITRATOR_FLAT_FEE_CENTS,
  canAutoResolve,
  decisionRule,
  HUMAN_REVIEW_REQUEST_HOURS,
  RESPONSE_DAYS,
  type EvidenceItem,
  type OutcomeId,
} from './rules.ts';

/** What the escrow says about the job when a dispute is opened (read from its stream). */
export type EscrowFacts = {
  customerId: string;
  contractorId: string;
  amountCents: number;
  contractorProvince: ProvinceCode;
  /** The escrow's status: only `funded` and `completed` hold money that can be disputed. */
  status: string;
};

export type OpenDispute = {
  type: 'OpenDispute';
  jobId: string;
  actorId: string;
  escrow: EscrowFacts | null;
  reason: DisputeReason;
  description: string;
  now: Date;
};
export type AddEvidence = {
  type: 'AddEvidence';
  actorId: string;
  evidenceId: string;
  kind: FileEvidenceKind;
  storageKey: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  caption: string;
  now: Date;
};
export type AnswerDispute = { type: 'AnswerDispute'; actorId: string; statement: string; now: Date };
export type CloseResponseWindow = { type: 'CloseResponseWindow'; now: Date };
/** The analysis is computed here, from the case's own events; only the optional narrative comes from outside. */
export type AnalyseDispute = { type: 'AnalyseDispute'; narrative: string | null; now: Date };
export type RequestHumanReview = { type: 'RequestHumanReview'; actorId: string; now: Date };
export type FinaliseProposal = { type: 'FinaliseProposal'; now: Date };
export type DecideDispute = {
  type: 'DecideDispute';
  arbitratorId: string;
  outcome: DecisionOutcome;
  /** Only for a custom split. */
  shares: Shares | null;
  reasons: string;
  now: Date;
};
export type VoidDispute = { type: 'VoidDispute'; now: Date };

export type DisputeCommand =
  | OpenDispute
  | AddEvidence
  | AnswerDispute
  | CloseResponseWindow
  | AnalyseDispute
  | RequestHumanReview
  | FinaliseProposal
  | DecideDispute
  | VoidDispute;

import type { DisputeStatus } from './statuses.ts';
export { disputeStatuses, type DisputeStatus } from './statuses.ts';

export type OpenDisputeState = {
  status: DisputeStatus;
  disputeId: string;
  jobId: string;
  customerId: string;
  contractorId: string;
  openerRole: PartyRole;
  reason: DisputeReason;
  amountCents: number;
  contractorProvince: ProvinceCode;
  workMarkedComplete: boolean;
  respondBy: string;
  /** Each party's evidence as the scoring sees it: statements as text, files with their captions. */
  evidence: Record<PartyRole, EvidenceItem[]>;
  files: Record<PartyRole, number>;
  answered: boolean;
  analysis: DisputeAnalysis | null;
  proposal: { outcome: OutcomeId; shares: Shares; appealBy: string } | null;
  reviewRequested: boolean;
  decision: { outcome: DecisionOutcome; shares: Shares; decidedAt: string } | null;
};
export type DisputeState = { status: 'none' } | OpenDisputeState;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

function roleIn(state: OpenDisputeState | EscrowFacts, userId: string): PartyRole | null {
  if (userId === state.customerId) return 'customer';
  if (userId === state.contractorId) return 'contractor';
  return null;
}

function textWithin(text: string, min: number, max: number): boolean {
  const length = [...text.trim()].length;
  return length >= min && length <= max;
}

function evolve(state: DisputeState, event: DisputeEvent): DisputeState {
  if (event.type === 'DisputeOpened') {
    const d = event.data;
    const evidence: Record<PartyRole, EvidenceItem[]> = { customer: [], contractor: [] };
    evidence[d.openerRole].push({ kind: 'text', description: d.description });
    return {
      status: 'awaiting-response',
      disputeId: d.disputeId,
      jobId: d.jobId,
      customerId: d.customerId,
      contractorId: d.contractorId,
      openerRole: d.openerRole,
      reason: d.reason,
      amountCents: d.amountCents,
      contractorProvince: d.contractorProvince,
      workMarkedComplete: d.workMarkedComplete,
      respondBy: d.respondBy,
      evidence,
      files: { customer: 0, contractor: 0 },
      answered: false,
      analysis: null,
      proposal: null,
      reviewRequested: false,
      decision: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'EvidenceAdded': {
      const { partyRole, kind, caption } = event.data;
      return {
        ...state,
        evidence: { ...state.evidence, [partyRole]: [...state.evidence[partyRole], { kind, description: caption }] },
        files: { ...state.files, [partyRole]: state.files[partyRole] + 1 },
      };
    }
    case 'DisputeAnswered': {
      const { partyRole, statement } = event.data;
      return {
        ...state,
        status: 'analysing',
        answered: true,
        evidence: {
          ...state.evidence,
          [partyRole]: [...state.evidence[partyRole], { kind: 'text', description: statement }],
        },
      };
    }
    case 'ResponseWindowClosed':
      return { ...state, status: 'analysing' };
    case 'DisputeAnalysed':
      // Without a proposal the case goes straight to a human arbitrator.
      return { ...state, status: 'in-review', analysis: event.data.analysis };
    case 'ResolutionProposed': {
      const { outcome, shares, appealBy } = event.data;
      return { ...state, status: 'proposed', proposal: { outcome, shares, appealBy } };
    }
    case 'HumanReviewRequested':
      return { ...state, status: 'in-review', reviewRequested: true };
    case 'DisputeDecided': {
      const { outcome, shares, decidedAt } = event.data;
      return { ...state, status: 'decided', decision: { outcome, shares, decidedAt } };
    }
    case 'DisputeVoided':
      return { ...state, status: 'void' };
  }
}

function requireOpen(state: DisputeState): OpenDisputeState {
  if (state.status === 'none') throw new ConflictError(M.notFound);
  if (state.status === 'decided') throw new ConflictError(M.closed);
  if (state.status === 'void') throw new ConflictError(M.voided);
  return state;
}

function requireParty(state: OpenDisputeState, actorId: string): PartyRole {
  const role = roleIn(state, actorId);
  if (!role) throw new ForbiddenError(M.notAParty);
  return role;
}

/** The parties as the case's events carry them, for their notifications. */
const partiesOf = (open: OpenDisputeState) => ({
  customerId: open.customerId,
  contractorId: open.contractorId,
  openerRole: open.openerRole,
});

function decide(command: DisputeCommand, state: DisputeState): DisputeEvent[] {
  const now = command.now.toISOString();
  switch (command.type) {
    case 'OpenDispute':
      return openDispute(command, state, now);
    case 'AddEvidence':
      return addEvidence(command, state, now);
    case 'AnswerDispute':
      return answerDispute(command, state, now);
    case 'CloseResponseWindow':
      return closeResponseWindow(command, state, now);
    case 'AnalyseDispute':
      return analyseDispute(command, state, now);
    case 'RequestHumanReview':
      return requestHumanReview(command, state, now);
    case 'FinaliseProposal':
      return finaliseProposal(command, state, now);
    case 'DecideDispute':
      return decideDispute(command, state, now);
    case 'VoidDispute':
      return voidDispute(state, now);
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${String((unknown as { type: string }).type)}`);
    }
  }
}

function openDispute(command: OpenDispute, state: DisputeState, now: string): DisputeEvent[] {
  if (state.status !== 'none') throw new ConflictError(M.alreadyOpen);
  const escrow = command.escrow;
  if (!escrow) throw new ConflictError(M.escrowNotFound);
  const openerRole = roleIn(escrow, command.actorId);
  if (!openerRole) throw new ForbiddenError(M.notAParty);
  if (escrow.status !== 'funded' && escrow.status !== 'completed') throw new ConflictError(M.notHeld);
  if (!textWithin(command.description, L.descriptionMin, L.descriptionMax)) throw new ValidationError(M.description);
  return [
    {
      type: 'DisputeOpened',
      data: {
        disputeId: command.jobId,
        jobId: command.jobId,
        customerId: escrow.customerId,
        contractorId: escrow.contractorId,
        openedBy: command.actorId,
        openerRole,
        reason: command.reason,
        description: command.description.trim(),
        amountCents: escrow.amountCents,
        contractorProvince: escrow.contractorProvince,
        workMarkedComplete: escrow.status === 'completed',
        respondBy: new Date(command.now.getTime() + RESPONSE_DAYS * DAY_MS).toISOString(),
        openedAt: now,
      },
    },
  ];
}

function addEvidence(command: AddEvidence, state: DisputeState, now: string): DisputeEvent[] {
  const open = requireOpen(state);
  const role = requireParty(open, command.actorId);
  if (open.status !== 'awaiting-response') throw new ConflictError(M.evidenceClosed);
  if (open.files[role] >= L.filesPerParty) throw new ConflictError(M.tooManyFiles);
  if ([...command.caption.trim()].length > L.captionMax) throw new ValidationError(M.caption);
  return [
    {
      type: 'EvidenceAdded',
      data: {
        disputeId: open.disputeId,
        evidenceId: command.evidenceId,
        addedBy: command.actorId,
        partyRole: role,
        kind: command.kind,
        storageKey: command.storageKey,
        contentType: command.contentType,
        sizeBytes: command.sizeBytes,
        sha256: command.sha256,
        caption: command.caption.trim(),
        addedAt: now,
      },
    },
  ];
}

function answerDispute(command: AnswerDispute, state: DisputeState, now: string): DisputeEvent[] {
  const open = requireOpen(state);
  const role = requireParty(open, command.actorId);
  if (role === open.openerRole) throw new ForbiddenError(M.openerCannotAnswer);
  if (open.answered) throw new ConflictError(M.alreadyAnswered);
  if (open.status !== 'awaiting-response' || command.now.getTime() >= Date.parse(open.respondBy)) {
    throw new ConflictError(M.responseWindowOver);
  }
  if (!textWithin(command.statement, L.descriptionMin, L.descriptionMax)) throw new ValidationError(M.statement);
  return [
    {
      type: 'DisputeAnswered',
      data: {
        disputeId: open.disputeId,
        parties: partiesOf(open),
        answeredBy: command.actorId,
        partyRole: role,
        statement: command.statement.trim(),
        answeredAt: now,
      },
    },
  ];
}

function closeResponseWindow(command: CloseResponseWindow, state: DisputeState, now: string): DisputeEvent[] {
  const open = requireOpen(state);
  if (open.status !== 'awaiting-response') return [];
  if (command.now.getTime() < Date.parse(open.respondBy)) throw new ConflictError(M.responseWindowOpen);
  return [
    { type: 'ResponseWindowClosed', data: { disputeId: open.disputeId, parties: partiesOf(open), closedAt: now } },
  ];
}

/** Scores the case; a confident enough analysis also proposes its resolution. */
function analyseDispute(command: AnalyseDispute, state: DisputeState, now: string): DisputeEvent[] {
  const open = requireOpen(state);
  if (open.analysis) return [];
  if (open.status !== 'analysing') throw new ConflictError(M.notReady);
  const { disputeId } = open;
  const parties = partiesOf(open);
  const analysis = analyseCase({
    amountCents: open.amountCents,
    reason: open.reason,
    workMarkedComplete: open.workMarkedComplete,
    evidence: open.evidence,
    narrative: command.narrative,
  });
  const events: DisputeEvent[] = [{ type: 'DisputeAnalysed', data: { disputeId, parties, analysis, analysedAt: now } }];
  if (canAutoResolve(analysis.confidencePct / 100)) {
    events.push({
      type: 'ResolutionProposed',
      data: {
        disputeId,
        parties,
        outcome: analysis.recommendation.outcome,
        shares: analysis.recommendation.shares,
        appealBy: new Date(command.now.getTime() + HUMAN_REVIEW_REQUEST_HOURS * HOUR_MS).toISOString(),
        proposedAt: now,
      },
    });
  }
  return events;
}

function requestHumanReview(command: RequestHumanReview, state: DisputeState, now: string): DisputeEvent[] {
  const open = requireOpen(state);
  const role = requireParty(open, command.actorId);
  if (open.reviewRequested) throw new ConflictError(M.alreadyAppealed);
  if (open.status !== 'proposed' || !open.proposal) throw new ConflictError(M.noProposal);
  if (command.now.getTime() >= Date.parse(open.proposal.appealBy)) throw new ConflictError(M.appealWindowOver);
  return [
    {
      type: 'HumanReviewRequested',
      data: {
        disputeId: open.disputeId,
        parties: partiesOf(open),
        requestedBy: command.actorId,
        partyRole: role,
        requestedAt: now,
      },
    },
  ];
}

/** The proposal nobody appealed in time becomes the decision. */
function finaliseProposal(command: FinaliseProposal, state: DisputeState, now: string): DisputeEvent[] {
  const open = requireOpen(state);
  if (open.status !== 'proposed' || !open.proposal) return [];
  if (command.now.getTime() < Date.parse(open.proposal.appealBy)) throw new ConflictError(M.appealWindowOpen);
  return [
    {
      type: 'DisputeDecided',
      data: {
        disputeId: open.disputeId,
        jobId: open.jobId,
        customerId: open.customerId,
        contractorId: open.contractorId,
        decidedBy: null,
        via: 'auto-resolution',
        outcome: open.proposal.outcome,
        shares: open.proposal.shares,
        reasons: 'No party asked for a human review within 48 hours, so the proposed resolution became final.',
        arbitratorFeeCents: 0,
        decidedAt: now,
      },
    },
  ];
}

/** An arbitrator's decision. */
function decideDispute(command: DecideDispute, state: DisputeState, now: string): DisputeEvent[] {
  const open = requireOpen(state);
  if (open.status === 'proposed') throw new ConflictError(M.proposalPending);
  if (open.status !== 'in-review') throw new ConflictError(M.notReadyForDecision);
  if (!textWithin(command.reasons, L.reasonsMin, L.reasonsMax)) throw new ValidationError(M.reasons);
  let shares: Shares;
  if (command.outcome === 'custom') {
    if (!command.shares || !sharesAreValid(command.shares)) throw new ValidationError(M.shares);
    shares = command.shares;
  } else {
    if (command.shares) throw new ValidationError(M.sharesForOutcome);
    shares = sharesOf(decisionRule(command.outcome).split);
  }
  return [
    {
      type: 'DisputeDecided',
      data: {
        disputeId: open.disputeId,
        jobId: open.jobId,
        customerId: open.customerId,
        contractorId: open.contractorId,
        decidedBy: command.arbitratorId,
        via: 'arbitrator',
        outcome: command.outcome,
        shares,
        reasons: command.reasons.trim(),
        arbitratorFeeCents: ARBITRATOR_FLAT_FEE_CENTS,
        decidedAt: now,
      },
    },
  ];
}

/** The case's escrow could not be frozen: the case is void, unless it has moved on already. */
function voidDispute(state: DisputeState, now: string): DisputeEvent[] {
  const open = requireOpen(state);
  if (open.status !== 'awaiting-response' || open.answered || open.analysis) return [];
  return [
    {
      type: 'DisputeVoided',
      data: { disputeId: open.disputeId, parties: partiesOf(open), reason: 'escrow-not-held', voidedAt: now },
    },
  ];
}

export const disputeDecider: Decider<DisputeState, DisputeCommand, DisputeEvent> = {
  eventSchemas: disputeEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
};
