import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, ValidationError } from '../../errors.ts';
import { foldEvents } from '../decider.ts';
import { deciderSpec } from '../testing.ts';
import { disputeDecider, type DisputeCommand, type EscrowFacts, type OpenDisputeState } from './decider.ts';
import type { DisputeEvent, EvidenceAdded } from './events.ts';
import { DISPUTE_MESSAGES as M } from './messages.ts';
import { ARBITRATOR_FLAT_FEE_CENTS } from './rules.ts';

const customer = 'd0000000-0000-4000-8000-000000000001';
const contractor = 'd0000000-0000-4000-8000-000000000002';
const admin = 'd0000000-0000-4000-8000-000000000003';
const stranger = 'd0000000-0000-4000-8000-000000000099';
const jobId = 'd0000000-0000-4000-8000-000000000010';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const t0 = new Date('2026-05-04T14:00:00.000Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const parties = { customerId: customer, contractorId: contractor, openerRole: 'customer' };

const spec = deciderSpec(disputeDecider);
const stateOf = (events: readonly DisputeEvent[]) => foldEvents(disputeDecider, events);
const decide = (events: readonly DisputeEvent[], command: DisputeCommand) =>
  disputeDecider.decide(command, stateOf(events));
const openState = (events: readonly DisputeEvent[]) => stateOf(events) as OpenDisputeState;

const escrow = (status = 'completed', amountCents = 80_000): EscrowFacts => ({
  customerId: customer,
  contractorId: contractor,
  amountCents,
  contractorProvince: 'ON',
  status,
});
const longText = (length: number) =>
  'The tiles are cracked and uneven along the whole wall. '.repeat(10).slice(0, length);

const opened = (options: { by?: string; status?: string; amountCents?: number; description?: string } = {}) =>
  decide([], {
    type: 'OpenDispute',
    jobId,
    actorId: options.by ?? customer,
    escrow: escrow(options.status, options.amountCents),
    reason: 'poor-quality',
    description: options.description ?? longText(150),
    now: t0,
  });

const photo = (by: string, n = 1, caption = ''): DisputeCommand => ({
  type: 'AddEvidence',
  actorId: by,
  evidenceId: `e${n}`,
  kind: 'photo',
  storageKey: `disputes/${jobId}/e${n}.jpg`,
  contentType: 'image/jpeg',
  sizeBytes: 1000,
  sha256: 'a'.repeat(64),
  caption,
  now: at(HOUR),
});

describe('opening a dispute', () => {
  it('opens on a held escrow, for 5 days of answer, with the job and escrow facts', () => {
    const [event] = opened();
    expect(event).toEqual({
      type: 'DisputeOpened',
      data: {
        disputeId: jobId,
        jobId,
        customerId: customer,
        contractorId: contractor,
        openedBy: customer,
        openerRole: 'customer',
        reason: 'poor-quality',
        description: longText(150),
        amountCents: 80_000,
        contractorProvince: 'ON',
        workMarkedComplete: true,
        respondBy: at(5 * DAY).toISOString(),
        openedAt: t0.toISOString(),
      },
    });
  });

  it('lets the contractor open too, and records whether the work was marked complete', () => {
    const [event] = opened({ by: contractor, status: 'funded' });
    expect(event!.type === 'DisputeOpened' && event!.data.openerRole).toBe('contractor');
    expect(event!.type === 'DisputeOpened' && event!.data.workMarkedComplete).toBe(false);
  });

  it('refuses a stranger, an escrow that holds nothing, no escrow, a short description and a second dispute', () => {
    expect(() => opened({ by: stranger })).toThrow(ForbiddenError);
    for (const status of ['awaiting-funding', 'released', 'refunded', 'cancelled', 'frozen', 'distributed']) {
      expect(() => opened({ status }), status).toThrow(M.notHeld);
    }
    expect(() =>
      decide([], {
        type: 'OpenDispute',
        jobId,
        actorId: customer,
        escrow: null,
        reason: 'other',
        description: longText(50),
        now: t0,
      }),
    ).toThrow(M.escrowNotFound);
    expect(() => opened({ description: '  too short        ' })).toThrow(ValidationError);
    spec(opened())
      .when({
        type: 'OpenDispute',
        jobId,
        actorId: contractor,
        escrow: escrow(),
        reason: 'other',
        description: longText(40),
        now: t0,
      })
      .thenThrows(ConflictError, M.alreadyOpen);
  });
});

describe('evidence and the answer', () => {
  it('takes files from both parties while the case waits for the answer, up to 10 each', () => {
    const events = [...opened()];
    for (let n = 1; n <= 10; n++) events.push(...decide(events, photo(customer, n)));
    expect(openState(events).files.customer).toBe(10);
    expect(() => decide(events, photo(customer, 11))).toThrow(M.tooManyFiles);
    expect(decide(events, photo(contractor, 12))).toHaveLength(1);
    expect(() => decide(events, photo(stranger, 13))).toThrow(ForbiddenError);
    expect(() => decide(events, photo(contractor, 14, 'x'.repeat(501)))).toThrow(M.caption);
  });

  it('lets only the other party answer, once, within 5 days, and the answer makes the case ready', () => {
    const events = opened();
    const answer = (actorId: string, now = at(DAY)): DisputeCommand => ({
      type: 'AnswerDispute',
      actorId,
      statement: 'The tiles were laid as agreed; the cracks come from the old wall.',
      now,
    });
    expect(() => decide(events, answer(customer))).toThrow(M.openerCannotAnswer);
    expect(() => decide(events, answer(stranger))).toThrow(ForbiddenError);
    expect(() => decide(events, answer(contractor, at(5 * DAY)))).toThrow(M.responseWindowOver);
    const answered = [...events, ...decide(events, answer(contractor, at(5 * DAY - 1)))];
    expect(openState(answered).status).toBe('analysing');
    expect(openState(answered).evidence.contractor).toEqual([
      { kind: 'text', description: 'The tiles were laid as agreed; the cracks come from the old wall.' },
    ]);
    expect(() => decide(answered, answer(contractor))).toThrow(M.alreadyAnswered);
    // Once the case is ready, its evidence is closed.
    expect(() => decide(answered, photo(customer))).toThrow(M.evidenceClosed);
  });

  it('closes the response window after 5 days without an answer, not before, and only once', () => {
    const events = opened();
    expect(() => decide(events, { type: 'CloseResponseWindow', now: at(5 * DAY - 1) })).toThrow(M.responseWindowOpen);
    const closed = [...events, ...decide(events, { type: 'CloseResponseWindow', now: at(5 * DAY) })];
    expect(closed.at(-1)).toEqual({
      type: 'ResponseWindowClosed',
      data: { disputeId: jobId, parties, closedAt: at(5 * DAY).toISOString() },
    });
    expect(openState(closed).status).toBe('analysing');
    expect(decide(closed, { type: 'CloseResponseWindow', now: at(6 * DAY) })).toEqual([]);
  });
});

/** A case made ready by the contractor's short answer. */
function readyCase(options: { customerPhotos?: number } = {}) {
  const events = [...opened()];
  for (let n = 1; n <= (options.customerPhotos ?? 1); n++) events.push(...decide(events, photo(customer, n)));
  events.push(
    ...decide(events, {
      type: 'AnswerDispute',
      actorId: contractor,
      statement: 'The work was done as agreed in the contract.',
      now: at(DAY),
    }),
  );
  return events;
}

describe('analysis and auto-resolution', () => {
  it('analyses only a ready case, once; below 80 % confidence it goes to a human arbitrator', () => {
    expect(() => decide(opened(), { type: 'AnalyseDispute', narrative: null, now: at(DAY) })).toThrow(M.notReady);
    const events = readyCase();
    const analysed = decide(events, { type: 'AnalyseDispute', narrative: null, now: at(DAY + 10_000) });
    expect(analysed).toHaveLength(1);
    const analysis = analysed[0]!.type === 'DisputeAnalysed' ? analysed[0]!.data.analysis : null;
    // Customer: long description (1 + 1) and a photo (3) = 5; contractor: a short answer = 1.
    expect(analysis?.evidenceScores).toEqual({ customer: 5, contractor: 1 });
    expect(analysis!.confidencePct).toBeLessThan(80);
    const after = [...events, ...analysed];
    expect(openState(after).status).toBe('in-review');
    expect(decide(after, { type: 'AnalyseDispute', narrative: null, now: at(2 * DAY) })).toEqual([]);
  });

  it('proposes a resolution at 80 % or more, final only after 48 h without an appeal', () => {
    // One-sided evidence: four photos for the customer, no answer from the contractor.
    const events = [...opened()];
    for (let n = 1; n <= 4; n++) events.push(...decide(events, photo(customer, n)));
    events.push(...decide(events, { type: 'CloseResponseWindow', now: at(5 * DAY) }));
    const analysed = decide(events, { type: 'AnalyseDispute', narrative: 'A summary.', now: at(5 * DAY) });
    expect(analysed.map((e) => e.type)).toEqual(['DisputeAnalysed', 'ResolutionProposed']);
    const proposal = analysed[1]!;
    expect(proposal.type === 'ResolutionProposed' && proposal.data.appealBy).toBe(at(7 * DAY).toISOString());
    expect(proposal.type === 'ResolutionProposed' && proposal.data.outcome).toBe('shared-fault');
    const proposed = [...events, ...analysed];
    expect(openState(proposed).status).toBe('proposed');
    expect(openState(proposed).analysis?.narrative).toBe('A summary.');

    // Without an appeal: not final at 47:59:59.999, final at 48 h, with no arbitrator fee.
    expect(() => decide(proposed, { type: 'FinaliseProposal', now: at(7 * DAY - 1) })).toThrow(M.appealWindowOpen);
    const [decided] = decide(proposed, { type: 'FinaliseProposal', now: at(7 * DAY) });
    expect(decided).toMatchObject({
      type: 'DisputeDecided',
      data: {
        via: 'auto-resolution',
        decidedBy: null,
        outcome: 'shared-fault',
        shares: { customerBps: 7000, contractorBps: 2000, platformBps: 1000 },
        arbitratorFeeCents: 0,
      },
    });
    // An arbitrator cannot step in while the proposal runs.
    expect(() =>
      decide(proposed, {
        type: 'DecideDispute',
        arbitratorId: admin,
        outcome: 'minor-issues',
        shares: null,
        reasons: 'The photos show minor issues only.',
        now: at(6 * DAY),
      }),
    ).toThrow(M.proposalPending);

    // With an appeal in time: the case goes to a human, and the proposal never becomes final.
    expect(() => decide(proposed, { type: 'RequestHumanReview', actorId: contractor, now: at(7 * DAY) })).toThrow(
      M.appealWindowOver,
    );
    expect(() => decide(proposed, { type: 'RequestHumanReview', actorId: stranger, now: at(6 * DAY) })).toThrow(
      ForbiddenError,
    );
    const appealed = [
      ...proposed,
      ...decide(proposed, { type: 'RequestHumanReview', actorId: contractor, now: at(7 * DAY - 1) }),
    ];
    expect(appealed.at(-1)).toMatchObject({ type: 'HumanReviewRequested', data: { partyRole: 'contractor' } });
    expect(openState(appealed).status).toBe('in-review');
    expect(decide(appealed, { type: 'FinaliseProposal', now: at(8 * DAY) })).toEqual([]);
    expect(() => decide(appealed, { type: 'RequestHumanReview', actorId: customer, now: at(7 * DAY - 1) })).toThrow(
      M.alreadyAppealed,
    );
  });
});

describe('the arbitrator’s decision', () => {
  const inReview = () => {
    const events = readyCase();
    return [...events, ...decide(events, { type: 'AnalyseDispute', narrative: null, now: at(DAY) })];
  };
  const decideWith = (events: DisputeEvent[], outcome: string, shares: unknown = null, reasons = longText(40)) =>
    decide(events, {
      type: 'DecideDispute',
      arbitratorId: admin,
      outcome: outcome as 'custom',
      shares: shares as null,
      reasons,
      now: at(2 * DAY),
    });

  it('decides a matrix outcome with its split, written reasons and the flat fee', () => {
    const [event] = decideWith(inReview(), 'shared-fault');
    expect(event).toEqual({
      type: 'DisputeDecided',
      data: {
        disputeId: jobId,
        jobId,
        customerId: customer,
        contractorId: contractor,
        decidedBy: admin,
        via: 'arbitrator',
        outcome: 'shared-fault',
        shares: { customerBps: 7000, contractorBps: 2000, platformBps: 1000 },
        reasons: longText(40).trim(),
        arbitratorFeeCents: ARBITRATOR_FLAT_FEE_CENTS,
        decidedAt: at(2 * DAY).toISOString(),
      },
    });
    expect(decideWith(inReview(), 'contractor-full-payment')[0]).toMatchObject({
      data: { shares: { customerBps: 0, contractorBps: 10_000, platformBps: 0 } },
    });
    expect(decideWith(inReview(), 'customer-refund')[0]).toMatchObject({
      data: { shares: { customerBps: 9000, contractorBps: 0, platformBps: 1000 } },
    });
    expect(decideWith(inReview(), 'minor-issues')[0]).toMatchObject({
      data: { shares: { customerBps: 3000, contractorBps: 6000, platformBps: 1000 } },
    });
  });

  it('takes a custom split only when it adds up to 100 %, and shares only with a custom split', () => {
    const custom = { customerBps: 5000, contractorBps: 4500, platformBps: 500 };
    expect(decideWith(inReview(), 'custom', custom)[0]).toMatchObject({ data: { outcome: 'custom', shares: custom } });
    expect(() =>
      decideWith(inReview(), 'custom', { customerBps: 5000, contractorBps: 4500, platformBps: 400 }),
    ).toThrow(M.shares);
    expect(() =>
      decideWith(inReview(), 'custom', { customerBps: -100, contractorBps: 9600, platformBps: 500 }),
    ).toThrow(M.shares);
    expect(() => decideWith(inReview(), 'custom', null)).toThrow(M.shares);
    expect(() => decideWith(inReview(), 'minor-issues', custom)).toThrow(M.sharesForOutcome);
    expect(() => decideWith(inReview(), 'minor-issues', null, 'too short')).toThrow(M.reasons);
  });

  it('refuses a decision before the case is ready, and any decision on a closed case with 409', () => {
    expect(() => decideWith([...opened()], 'minor-issues')).toThrow(M.notReadyForDecision);
    const decided = [...inReview(), ...decideWith(inReview(), 'minor-issues')];
    spec(decided)
      .when({
        type: 'DecideDispute',
        arbitratorId: admin,
        outcome: 'customer-refund',
        shares: null,
        reasons: longText(40),
        now: at(3 * DAY),
      })
      .thenThrows(ConflictError, M.closed);
    expect(() => decide(decided, photo(customer, 20))).toThrow(M.closed);
    expect(() => decide(decided, { type: 'RequestHumanReview', actorId: customer, now: at(3 * DAY) })).toThrow(
      M.closed,
    );
  });
});

describe('voiding', () => {
  it('voids a dispute whose escrow stopped holding the money before it was frozen; nothing more happens on it', () => {
    const events = [...opened()];
    const voided = [...events, ...decide(events, { type: 'VoidDispute', now: at(1000) })];
    expect(voided.at(-1)).toEqual({
      type: 'DisputeVoided',
      data: { disputeId: jobId, parties, reason: 'escrow-not-held', voidedAt: at(1000).toISOString() },
    });
    expect(() => decide(voided, photo(customer))).toThrow(M.voided);
    const withEvidence: EvidenceAdded = decide(events, photo(customer))[0] as EvidenceAdded;
    expect(withEvidence.type).toBe('EvidenceAdded');
  });
});
