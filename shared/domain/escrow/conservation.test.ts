import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { provinceCodes, type ProvinceCode } from '../../geo/provinces.ts';
import { escrowDecider, type EscrowCommand, type EscrowState } from './decider.ts';
import type { EscrowEvent } from './events.ts';

/**
 * Conservation of money, over random histories: whatever happens to an escrow, no more ever leaves
 * it than the customer paid in, and once it is closed (released, refunded or distributed) what left
 * — the contractor's net, the customer's refund, the platform's fee, the tax on the fee, the
 * platform's arbitration share and a late-cancellation fee kept for the contractor — is exactly
 * what was paid in, to the cent.
 *
 * The histories are random sequences of every escrow command, by random actors (the customer, the
 * contractor or a stranger), with random late fees, random arbitration shares and a clock that
 * moves forward by random amounts, often across the 14-day auto-release and the 80-day escalation.
 * Refused commands are skipped, as the API would answer them with an error and change nothing.
 */

const customer = 'customer-1';
const contractor = 'contractor-1';
const stranger = 'stranger-1';
const jobId = 'job-1';
const DAY = 86_400_000;

/** Who sends a command: 'rightful' is the party allowed to send it (the customer to pay, the contractor to complete…). */
type Actor = typeof customer | typeof contractor | typeof stranger | 'rightful';
type Shares = { customerBps: number; contractorBps: number; platformBps: number };

type Step =
  | { kind: 'create' }
  | { kind: 'fund'; actor: Actor; exact: boolean }
  | { kind: 'fail'; actor: Actor; code: 'card_declined' | 'insufficient_funds' }
  | { kind: 'complete'; actor: Actor }
  | { kind: 'approve'; actor: Actor }
  | { kind: 'changes'; actor: Actor; note: string }
  | { kind: 'auto' }
  | { kind: 'cancel'; by: 'customer' | 'contractor' | 'system'; lateFeeBps: number }
  | { kind: 'freeze'; actor: Actor; dispute: string }
  | { kind: 'distribute'; dispute: string; shares: Shares }
  | { kind: 'escalate' };

// Mostly the party allowed to act, so that histories get somewhere; often anyone at all.
const actor: fc.Arbitrary<Actor> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Actor>('rightful') },
  { weight: 2, arbitrary: fc.constantFrom<Actor>(customer, contractor, stranger) },
);
const who = (a: Actor, rightful: string) => (a === 'rightful' ? rightful : a);
const dispute = fc.constantFrom('dispute-1', 'dispute-2');

/** Shares in whole basis points that always add up to 10,000, edges included. */
const shares: fc.Arbitrary<Shares> = fc.oneof(
  fc.constantFrom<Shares>(
    { customerBps: 10_000, contractorBps: 0, platformBps: 0 },
    { customerBps: 0, contractorBps: 10_000, platformBps: 0 },
    { customerBps: 0, contractorBps: 0, platformBps: 10_000 },
    { customerBps: 3_333, contractorBps: 3_333, platformBps: 3_334 },
    { customerBps: 1, contractorBps: 9_998, platformBps: 1 },
  ),
  fc.tuple(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 10_000 })).map(([a, b]) => {
    const [low, high] = a <= b ? [a, b] : [b, a];
    return { customerBps: low, contractorBps: high - low, platformBps: 10_000 - high };
  }),
);

/** A late fee as a share of the amount, in basis points: none, some, all, more than all, negative. */
const lateFeeBps = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 0, max: 10_000 }),
  fc.constantFrom(10_000, 15_000, 1_000_000, -500),
);

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Step>({ kind: 'create' }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('fund' as const),
      actor,
      exact: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('fail' as const),
      actor,
      code: fc.constantFrom('card_declined' as const, 'insufficient_funds' as const),
    }),
  },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('complete' as const), actor }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('approve' as const), actor }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('changes' as const),
      actor,
      note: fc.constantFrom('Second coat please.', '', '   ', 'x'.repeat(2_001)),
    }),
  },
  { weight: 2, arbitrary: fc.constant<Step>({ kind: 'auto' }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('cancel' as const),
      by: fc.constantFrom('customer' as const, 'contractor' as const, 'system' as const),
      lateFeeBps,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('freeze' as const), actor, dispute }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('distribute' as const), dispute, shares }) },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: 'escalate' }) },
);

/** How far the clock moves before a step: often a little, often across 14 or 80 days. */
const wait = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 2 * DAY }) },
  { weight: 2, arbitrary: fc.integer({ min: 13 * DAY, max: 15 * DAY }) },
  { weight: 1, arbitrary: fc.integer({ min: 79 * DAY, max: 82 * DAY }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 120 * DAY }) },
);

function commandOf(s: Step, amountCents: number, province: ProvinceCode, now: Date): EscrowCommand {
  switch (s.kind) {
    case 'create':
      return {
        type: 'CreateEscrow',
        jobId,
        contractVersion: 1,
        customerId: customer,
        contractorId: contractor,
        amountCents,
        contractorProvince: province,
        startsAt: null,
        now,
      };
    case 'fund':
      return {
        type: 'RecordFunding',
        actorId: who(s.actor, customer),
        amountCents: s.exact ? amountCents : amountCents + 1,
        paymentId: 'ch_1',
        cardBrand: 'visa',
        cardLast4: '4242',
        now,
      };
    case 'fail':
      return { type: 'RecordFundingFailure', actorId: who(s.actor, customer), code: s.code, cardLast4: '0002', now };
    case 'complete':
      return { type: 'MarkWorkComplete', actorId: who(s.actor, contractor), note: null, now };
    case 'approve':
      return { type: 'ApproveWork', actorId: who(s.actor, customer), now };
    case 'changes':
      return { type: 'RequestChanges', actorId: who(s.actor, customer), note: s.note, now };
    case 'auto':
      return { type: 'AutoRelease', now };
    case 'cancel':
      return {
        type: 'CancelEscrow',
        cancelledBy: s.by,
        lateFeeCents: Math.floor((amountCents * s.lateFeeBps) / 10_000),
        now,
      };
    case 'freeze':
      return { type: 'FreezeEscrow', actorId: who(s.actor, customer), disputeId: s.dispute, now };
    case 'distribute':
      return { type: 'DistributeEscrow', disputeId: s.dispute, shares: s.shares, now };
    case 'escalate':
      return { type: 'EscalateHold', now };
  }
}

// ─── The invariants ──────────────────────────────────────────────────────────────────────────────

function check(condition: boolean, message: string, detail?: unknown): asserts condition {
  if (!condition) throw new Error(`${message}${detail === undefined ? '' : `: ${JSON.stringify(detail)}`}`);
}

/** Every amount (a number under a key ending in "cents", any case) is a non-negative safe integer. */
function checkAmounts(value: unknown, path: string): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => checkAmounts(item, `${path}[${i}]`));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (/cents$/i.test(key)) {
        check(
          typeof inner === 'number' && Number.isSafeInteger(inner) && inner >= 0,
          `bad amount at ${path}.${key}`,
          inner,
        );
      }
      checkAmounts(inner, `${path}.${key}`);
    }
  }
}

const sumTax = (lines: readonly { cents: number }[]) => lines.reduce((sum, line) => sum + line.cents, 0);

const MONEY_MOVING = new Set<EscrowEvent['type']>([
  'EscrowFunded',
  'EscrowReleased',
  'EscrowRefunded',
  'EscrowDistributed',
]);
const CLOSED = new Set(['released', 'refunded', 'distributed', 'cancelled']);

/** What each event moved, by destination, with the per-event checks of where every cent goes. */
type Ledger = {
  paidIn: number;
  contractorNet: number;
  customerRefund: number;
  fee: number;
  tax: number;
  platformShare: number;
  lateFeeToContractor: number;
};

const emptyLedger = (): Ledger => ({
  paidIn: 0,
  contractorNet: 0,
  customerRefund: 0,
  fee: 0,
  tax: 0,
  platformShare: 0,
  lateFeeToContractor: 0,
});

const paidOut = (l: Ledger) =>
  l.contractorNet + l.customerRefund + l.fee + l.tax + l.platformShare + l.lateFeeToContractor;

function record(ledger: Ledger, event: EscrowEvent, amountCents: number): void {
  switch (event.type) {
    case 'EscrowFunded':
      check(event.data.amountCents === amountCents, 'funded another amount than the contract');
      ledger.paidIn += event.data.amountCents;
      return;
    case 'EscrowReleased': {
      const d = event.data;
      const tax = sumTax(d.fee.taxLines);
      check(d.amountCents === ledger.paidIn, 'released another amount than was paid in', d);
      check(d.contractorNetCents + d.fee.feeCents + tax === d.amountCents, 'release does not add up', d);
      check(d.payout.amountCents === d.contractorNetCents, 'the payout is not the net', d);
      ledger.contractorNet += d.contractorNetCents;
      ledger.fee += d.fee.feeCents;
      ledger.tax += tax;
      return;
    }
    case 'EscrowRefunded': {
      const d = event.data;
      check(d.refund.amountCents + d.lateFeeCents === ledger.paidIn, 'refund does not add up', d);
      check((d.payout?.amountCents ?? 0) === d.lateFeeCents, 'the payout is not the late fee', d);
      if (d.cancelledBy === 'contractor')
        check(d.lateFeeCents === 0, 'a contractor’s cancellation cost the customer', d);
      ledger.customerRefund += d.refund.amountCents;
      ledger.lateFeeToContractor += d.lateFeeCents;
      return;
    }
    case 'EscrowDistributed': {
      const d = event.data;
      const tax = sumTax(d.fee.taxLines);
      check(
        d.customerRefundCents + d.contractorGrossCents + d.platformShareCents === ledger.paidIn,
        'distribution does not add up',
        d,
      );
      check(d.contractorNetCents + d.fee.feeCents + tax === d.contractorGrossCents, 'fee not from the gross', d);
      check((d.refund?.amountCents ?? 0) === d.customerRefundCents, 'the refund is not the customer’s part', d);
      check((d.payout?.amountCents ?? 0) === d.contractorNetCents, 'the payout is not the net', d);
      ledger.customerRefund += d.customerRefundCents;
      ledger.contractorNet += d.contractorNetCents;
      ledger.fee += d.fee.feeCents;
      ledger.tax += tax;
      ledger.platformShare += d.platformShareCents;
      return;
    }
    default:
      return;
  }
}

// ─── The property ────────────────────────────────────────────────────────────────────────────────

type Outcome = 'released-approval' | 'released-auto-release' | 'refunded' | 'distributed' | 'cancelled' | 'open';

/** Runs one random history; returns how it ended, for the coverage check. */
function runHistory(
  amountCents: number,
  province: ProvinceCode,
  start: number,
  steps: readonly [Step, number][],
): { outcome: Outcome; escalated: boolean; refusals: number } {
  let now = start;
  let state: EscrowState = escrowDecider.initialState();
  const ledger = emptyLedger();
  let outcome: Outcome = 'open';
  let refusals = 0;

  const apply = (command: EscrowCommand) => {
    const wasClosed = state.status !== 'none' && CLOSED.has(state.status);
    const statusBefore = state.status;
    let produced: EscrowEvent[];
    try {
      produced = escrowDecider.decide(command, state);
    } catch (error) {
      // A refusal is a domain error with an HTTP status, never a crash.
      check(error instanceof AppError, `${command.type} crashed: ${String(error)}`);
      refusals += 1;
      return;
    }
    for (const event of produced) {
      checkAmounts(event.data, event.type);
      check(!(wasClosed && MONEY_MOVING.has(event.type)), `a closed escrow accepted ${event.type}`);
      record(ledger, event, amountCents);
      state = escrowDecider.evolve(state, event);
      if (event.type === 'EscrowReleased') outcome = `released-${event.data.trigger}`;
      if (event.type === 'EscrowRefunded') outcome = 'refunded';
      if (event.type === 'EscrowDistributed') outcome = 'distributed';
      if (event.type === 'EscrowCancelled') outcome = 'cancelled';
    }
    if (wasClosed) check(state.status === statusBefore, 'a closed escrow changed status');

    // After every step: never more out than in, and the state agrees with the events.
    const out = paidOut(ledger);
    check(out <= ledger.paidIn, 'more left than was paid in', ledger);
    check(ledger.paidIn <= amountCents, 'paid in more than the contract', ledger);
    if (state.status !== 'none') {
      check(state.paidInCents === ledger.paidIn, 'the state’s paid-in disagrees with the events');
      check(state.paidOutCents === out, 'the state’s paid-out disagrees with the events');
      check(state.paidOutCents <= state.paidInCents, 'the state shows more out than in');
      if (state.status === 'released' || state.status === 'refunded' || state.status === 'distributed') {
        // Closed with money: every cent that came in went somewhere, exactly once.
        check(out === ledger.paidIn && ledger.paidIn === amountCents, 'a closed escrow does not balance', ledger);
      } else {
        // Open (or cancelled before funding): nothing has left.
        check(out === 0, `money left a ${state.status} escrow`, ledger);
      }
    }
  };

  apply(commandOf({ kind: 'create' }, amountCents, province, new Date(now)));
  for (const [s, delay] of steps) {
    now += delay;
    apply(commandOf(s, amountCents, province, new Date(now)));
  }
  return { outcome, escalated: state.status !== 'none' && state.escalatedAt !== null, refusals };
}

describe('escrow conservation (property)', () => {
  it('what leaves an escrow never exceeds what came in, and equals it to the cent once closed', () => {
    const outcomes = new Map<Outcome, number>();
    let escalations = 0;
    let refusals = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 10_000_000 }),
        fc.constantFrom(...provinceCodes),
        // From 2024 to 2027: across Nova Scotia's HST change on 2025-04-01.
        fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2027, 0, 1) }),
        fc.array(fc.tuple(step, wait), { minLength: 3, maxLength: 30, size: 'max' }),
        (amountCents, province, start, steps) => {
          const result = runHistory(amountCents, province, start, steps);
          outcomes.set(result.outcome, (outcomes.get(result.outcome) ?? 0) + 1);
          if (result.escalated) escalations += 1;
          refusals += result.refusals;
        },
      ),
      { numRuns: 2_000 },
    );
    // The generator really reaches every ending, so the property is not vacuous.
    for (const outcome of [
      'released-approval',
      'released-auto-release',
      'refunded',
      'distributed',
      'cancelled',
      'open',
    ] as const) {
      expect(outcomes.get(outcome) ?? 0, outcome).toBeGreaterThanOrEqual(10);
    }
    expect(escalations).toBeGreaterThanOrEqual(10);
    expect(refusals).toBeGreaterThan(0);
  });

  it('balances on hand-picked awkward histories', () => {
    const start = Date.UTC(2025, 2, 31, 20, 0);
    const fund: Step = { kind: 'fund', actor: customer, exact: true };
    const complete: Step = { kind: 'complete', actor: contractor };
    const cases: [number, ProvinceCode, [Step, number][]][] = [
      // The smallest amount, an arbitrated split of it with a platform share.
      [
        100,
        'QC',
        [
          [fund, 0],
          [{ kind: 'freeze', actor: contractor, dispute: 'dispute-1' }, DAY],
          [
            {
              kind: 'distribute',
              dispute: 'dispute-1',
              shares: { customerBps: 3_333, contractorBps: 3_333, platformBps: 3_334 },
            },
            DAY,
          ],
        ],
      ],
      // Released across Nova Scotia's change, after a change request and an escalation.
      [
        9_999_999,
        'NS',
        [
          [fund, 0],
          [complete, DAY],
          [{ kind: 'changes', actor: customer, note: 'Again' }, DAY],
          [{ kind: 'escalate' }, 80 * DAY],
          [complete, DAY],
          [{ kind: 'auto' }, 14 * DAY],
        ],
      ],
      // A late fee larger than the amount.
      [
        1_501,
        'BC',
        [
          [fund, 0],
          [{ kind: 'cancel', by: 'customer', lateFeeBps: 15_000 }, DAY],
        ],
      ],
    ];
    for (const [amount, province, steps] of cases) {
      expect(runHistory(amount, province, start, steps).outcome).not.toBe('open');
    }
  });
});
