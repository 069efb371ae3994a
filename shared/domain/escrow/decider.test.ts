import { describe, expect, it } from 'vitest';
import { type AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import type { ProvinceCode } from '../../geo/provinces.ts';
import { foldEvents } from '../decider.ts';
import { payoutDueDate } from '../money/business-days.ts';
import {
  autoReleaseAt,
  contractorPayoutId,
  customerRefundId,
  escrowDecider,
  type EscrowCommand,
  type EscrowState,
} from './decider.ts';
import type { EscrowEvent } from './events.ts';
import { ESCROW_MESSAGES as M } from './messages.ts';

const customer = 'c0000000-0000-4000-8000-000000000001';
const contractor = 'c0000000-0000-4000-8000-000000000002';
const stranger = 'c0000000-0000-4000-8000-000000000099';
const jobId = 'c0000000-0000-4000-8000-000000000003';
const DAY = 86_400_000;
/** Monday 2 March 2026, 10:00 in Toronto. */
const t0 = new Date('2026-03-02T15:00:00.000Z');
const later = (days: number, from = t0) => new Date(from.getTime() + days * DAY);
const AMOUNT = 100_000;

type Open = Exclude<EscrowState, { status: 'none' }>;

const stateOf = (events: readonly EscrowEvent[]) => foldEvents(escrowDecider, events);
const open = (events: readonly EscrowEvent[]): Open => {
  const state = stateOf(events);
  if (state.status === 'none') throw new Error('the escrow should exist');
  return state;
};
const when = (events: readonly EscrowEvent[], command: EscrowCommand) => escrowDecider.decide(command, stateOf(events));

/** Given events, when a command: refused with this class, status and exact message. */
function refused(
  events: readonly EscrowEvent[],
  command: EscrowCommand,
  errorClass: new (message: string) => AppError,
  message: string,
) {
  let thrown: unknown;
  try {
    when(events, command);
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `${command.type} should have been refused`).toBeInstanceOf(errorClass);
  expect((thrown as AppError).message).toBe(message);
  return thrown as AppError;
}

// ─── Commands ────────────────────────────────────────────────────────────────────────────────────

const create = (
  overrides: Partial<Extract<EscrowCommand, { type: 'CreateEscrow' }>> = {},
): Extract<EscrowCommand, { type: 'CreateEscrow' }> => ({
  type: 'CreateEscrow',
  jobId,
  contractVersion: 2,
  customerId: customer,
  contractorId: contractor,
  amountCents: AMOUNT,
  contractorProvince: 'ON',
  startsAt: '2026-03-20T14:00:00.000Z',
  now: t0,
  ...overrides,
});
const fund = (now = t0, actorId = customer, amountCents = AMOUNT): EscrowCommand => ({
  type: 'RecordFunding',
  actorId,
  amountCents,
  paymentId: 'ch_1',
  cardBrand: 'visa',
  cardLast4: '4242',
  now,
});
const fail = (now = t0, actorId = customer): EscrowCommand => ({
  type: 'RecordFundingFailure',
  actorId,
  code: 'card_declined',
  cardLast4: '0002',
  now,
});
const complete = (now = later(1), actorId = contractor, note: string | null = null): EscrowCommand => ({
  type: 'MarkWorkComplete',
  actorId,
  note,
  now,
});
const approve = (now = later(2), actorId = customer): EscrowCommand => ({ type: 'ApproveWork', actorId, now });
const changes = (
  note = 'A second coat in the hallway, please.',
  now = later(2),
  actorId = customer,
): EscrowCommand => ({
  type: 'RequestChanges',
  actorId,
  note,
  now,
});
const auto = (now: Date): EscrowCommand => ({ type: 'AutoRelease', now });
const cancel = (
  cancelledBy: 'customer' | 'contractor' | 'system',
  lateFeeCents = 0,
  now = later(1),
): EscrowCommand => ({ type: 'CancelEscrow', cancelledBy, lateFeeCents, now });
const freeze = (disputeId = 'd1', actorId = customer, now = later(3)): EscrowCommand => ({
  type: 'FreezeEscrow',
  disputeId,
  actorId,
  now,
});
const distribute = (
  customerBps: number,
  contractorBps: number,
  platformBps: number,
  disputeId = 'd1',
  now = later(4),
): EscrowCommand => ({ type: 'DistributeEscrow', disputeId, shares: { customerBps, contractorBps, platformBps }, now });
const escalate = (now: Date): EscrowCommand => ({ type: 'EscalateHold', now });

/** Applies the commands one after the other to a new escrow, and returns the whole history. */
function history(...commands: EscrowCommand[]): EscrowEvent[] {
  return historyFrom(create(), ...commands);
}
function historyFrom(creation: EscrowCommand, ...commands: EscrowCommand[]): EscrowEvent[] {
  const events: EscrowEvent[] = [];
  for (const command of [creation, ...commands]) events.push(...when(events, command));
  return events;
}

const created = () => history();
const funded = () => history(fund());
const completed = () => history(fund(), complete());
const released = () => history(fund(), complete(), approve());
const refunded = () => history(fund(), cancel('customer', 2_000));
const cancelled = () => history(cancel('customer'));
const frozen = () => history(fund(), freeze());
const distributed = () => history(fund(), freeze(), distribute(5_000, 5_000, 0));

const everyCommand = (now = later(100)): EscrowCommand[] => [
  fund(now),
  fail(now),
  complete(now),
  approve(now),
  changes(undefined, now),
  auto(now),
  cancel('customer', 0, now),
  freeze('d1', customer, now),
  distribute(0, 10_000, 0, 'd1', now),
  escalate(now),
];

// ─── Specs ───────────────────────────────────────────────────────────────────────────────────────

describe('escrow: creation', () => {
  it('is created with the amount, the contractor’s province and the fee quoted with its tax', () => {
    expect(when([], create())).toEqual([
      {
        type: 'EscrowCreated',
        data: {
          jobId,
          contractVersion: 2,
          customerId: customer,
          contractorId: contractor,
          amountCents: AMOUNT,
          contractorProvince: 'ON',
          fee: {
            reading: 'transaction',
            tierId: '500-1999',
            rateBps: 600,
            feeCents: 6_000,
            taxLines: [{ code: 'HST', ratePcm: 13_000, cents: 780 }],
          },
          startsAt: '2026-03-20T14:00:00.000Z',
          createdAt: t0.toISOString(),
        },
      },
    ]);
    expect(open(created())).toMatchObject({
      status: 'awaiting-funding',
      amountCents: AMOUNT,
      paymentId: null,
      fundedAt: null,
      paidInCents: 0,
      paidOutCents: 0,
    });
  });

  it('is created once: a second CreateEscrow (a retried job) changes nothing', () => {
    expect(when(created(), create())).toEqual([]);
    expect(when(created(), create({ amountCents: 1, now: later(5) }))).toEqual([]);
    expect(when(released(), create())).toEqual([]);
  });

  it('refuses every other command before it exists (404)', () => {
    for (const command of everyCommand()) {
      expect(refused([], command, NotFoundError, M.notFound).statusCode).toBe(404);
    }
  });
});

describe('escrow: funding', () => {
  it('is funded by its customer for the contract amount', () => {
    expect(when(created(), fund(later(1)))).toEqual([
      {
        type: 'EscrowFunded',
        data: {
          jobId,
          customerId: customer,
          contractorId: contractor,
          amountCents: AMOUNT,
          paymentId: 'ch_1',
          cardBrand: 'visa',
          cardLast4: '4242',
          fundedAt: later(1).toISOString(),
        },
      },
    ]);
    expect(open(history(fund(later(1))))).toMatchObject({
      status: 'funded',
      paymentId: 'ch_1',
      fundedAt: later(1).toISOString(),
      paidInCents: AMOUNT,
      paidOutCents: 0,
    });
  });

  it('is funded only by the customer (403)', () => {
    expect(refused(created(), fund(t0, contractor), ForbiddenError, M.customerOnly).statusCode).toBe(403);
    refused(created(), fund(t0, stranger), ForbiddenError, M.customerOnly);
    refused(created(), fail(t0, contractor), ForbiddenError, M.customerOnly);
  });

  it('is funded only once (409 already funded), whatever has happened since', () => {
    expect(refused(funded(), fund(), ConflictError, M.alreadyFunded).statusCode).toBe(409);
    refused(funded(), fail(), ConflictError, M.alreadyFunded);
    refused(completed(), fund(), ConflictError, M.alreadyFunded);
    refused(frozen(), fund(), ConflictError, M.alreadyFunded);
    // A closed escrow says what became of it.
    refused(released(), fund(), ConflictError, M.alreadyReleased);
    refused(refunded(), fund(), ConflictError, M.alreadyRefunded);
    refused(cancelled(), fund(), ConflictError, M.alreadyCancelled);
    refused(distributed(), fund(), ConflictError, M.alreadyDistributed);
  });

  it.each([AMOUNT - 1, AMOUNT + 1, 0, AMOUNT * 2])(
    'refuses a payment of %i cents for a 100,000-cent contract',
    (paid) => {
      refused(created(), fund(t0, customer, paid), ConflictError, M.amountMismatch);
    },
  );

  it('records a failed payment without changing anything, and the customer may try again', () => {
    expect(when(created(), fail(later(1)))).toEqual([
      {
        type: 'EscrowFundingFailed',
        data: {
          jobId,
          customerId: customer,
          code: 'card_declined',
          cardLast4: '0002',
          failedAt: later(1).toISOString(),
        },
      },
    ]);
    const insufficient: EscrowCommand = {
      type: 'RecordFundingFailure',
      actorId: customer,
      code: 'insufficient_funds',
      cardLast4: '9995',
      now: later(1),
    };
    expect(when(created(), insufficient)).toMatchObject([
      { type: 'EscrowFundingFailed', data: { code: 'insufficient_funds', cardLast4: '9995' } },
    ]);
    const afterFailures = history(fail(later(1)), insufficient);
    expect(stateOf(afterFailures)).toEqual(stateOf(created()));
    expect(when(afterFailures, fund(later(2)))).toMatchObject([{ type: 'EscrowFunded' }]);
  });
});

describe('escrow: completion, approval and changes', () => {
  it('is marked complete by the contractor once funded, with the auto-release date', () => {
    expect(when(funded(), complete(later(1), contractor, 'All done.'))).toEqual([
      {
        type: 'WorkMarkedComplete',
        data: {
          jobId,
          customerId: customer,
          contractorId: contractor,
          note: 'All done.',
          completedAt: later(1).toISOString(),
          autoReleaseAt: later(15).toISOString(),
        },
      },
    ]);
    expect(autoReleaseAt(later(1).toISOString())).toBe(later(15).toISOString());
    expect(open(completed())).toMatchObject({ status: 'completed', completedAt: later(1).toISOString() });
  });

  it('is marked complete only by the contractor (403)', () => {
    refused(funded(), complete(later(1), customer), ForbiddenError, M.contractorOnly);
    refused(funded(), complete(later(1), stranger), ForbiddenError, M.contractorOnly);
  });

  it('is marked complete only when funded, and only once', () => {
    refused(created(), complete(), ConflictError, M.notFunded);
    refused(completed(), complete(later(2)), ConflictError, M.alreadyCompleted);
    refused(frozen(), complete(later(4)), ConflictError, M.frozen);
    refused(released(), complete(later(4)), ConflictError, M.alreadyReleased);
    refused(refunded(), complete(later(4)), ConflictError, M.alreadyRefunded);
    refused(cancelled(), complete(later(4)), ConflictError, M.alreadyCancelled);
    refused(distributed(), complete(later(5)), ConflictError, M.alreadyDistributed);
  });

  it('is approved or sent back only by the customer (403)', () => {
    for (const actor of [contractor, stranger]) {
      refused(completed(), approve(later(2), actor), ForbiddenError, M.customerOnly);
      refused(completed(), changes(undefined, later(2), actor), ForbiddenError, M.customerOnly);
    }
  });

  it('is approved or sent back only once the work is marked complete', () => {
    refused(funded(), approve(), ConflictError, M.notCompleted);
    refused(funded(), changes(), ConflictError, M.notCompleted);
    refused(created(), approve(), ConflictError, M.notFunded);
    refused(created(), changes(), ConflictError, M.notFunded);
    refused(frozen(), approve(later(4)), ConflictError, M.frozen);
    refused(released(), approve(later(3)), ConflictError, M.alreadyReleased);
    refused(released(), changes(undefined, later(3)), ConflictError, M.alreadyReleased);
  });

  it('records the customer’s change request (trimmed) and goes back to funded', () => {
    expect(when(completed(), changes('  Second coat please.  ', later(2)))).toEqual([
      {
        type: 'ChangesRequested',
        data: {
          jobId,
          customerId: customer,
          contractorId: contractor,
          note: 'Second coat please.',
          requestedAt: later(2).toISOString(),
        },
      },
    ]);
    const sentBack = history(fund(), complete(), changes());
    expect(open(sentBack)).toMatchObject({ status: 'funded', completedAt: null });
    refused(sentBack, approve(later(3)), ConflictError, M.notCompleted);
    // The contractor finishes again and the customer approves.
    const approved = history(fund(), complete(), changes(), complete(later(3)), approve(later(4)));
    expect(approved.at(-1)).toMatchObject({ type: 'EscrowReleased', data: { trigger: 'approval' } });
  });

  it.each([
    ['empty', ''],
    ['blank', ' \n\t '],
    ['too long', 'x'.repeat(2_001)],
  ])('refuses a change request with a note that is %s (400)', (_label, note) => {
    expect(refused(completed(), changes(note), ValidationError, M.changesNote).statusCode).toBe(400);
  });

  it('accepts a note of 1 and of 2,000 characters', () => {
    expect(when(completed(), changes('x'))).toHaveLength(1);
    expect(when(completed(), changes('x'.repeat(2_000)))).toHaveLength(1);
    expect(when(completed(), changes(`  ${'x'.repeat(2_000)}  `))).toHaveLength(1);
  });
});

describe('escrow: release, the fee and the tax', () => {
  it('releases $1,000 in Ontario: fee $60 (6 %), HST $7.80, net $932.20, one payout', () => {
    // Approved Friday 20 November 2026 at 13:00 in Toronto: paid Tuesday the 24th.
    const at = new Date('2026-11-20T18:00:00.000Z');
    expect(when(completed(), approve(at))).toEqual([
      {
        type: 'EscrowReleased',
        data: {
          jobId,
          customerId: customer,
          contractorId: contractor,
          trigger: 'approval',
          amountCents: AMOUNT,
          fee: {
            reading: 'transaction',
            tierId: '500-1999',
            rateBps: 600,
            feeCents: 6_000,
            taxLines: [{ code: 'HST', ratePcm: 13_000, cents: 780 }],
          },
          contractorNetCents: 93_220,
          payout: { payoutId: contractorPayoutId(jobId), amountCents: 93_220, dueOn: '2026-11-24' },
          releasedAt: at.toISOString(),
        },
      },
    ]);
    expect(contractorPayoutId(jobId)).toBe(`${jobId}-contractor`);
    expect(open(released())).toMatchObject({ status: 'released', paidInCents: AMOUNT, paidOutCents: AMOUNT });
  });

  it.each([
    // amount, province, fee, tax lines, net
    [40_000, 'ON', 3_200, [416], 36_384],
    [100_000, 'QC', 6_000, [300, 599], 93_101],
    [100_000, 'AB', 6_000, [300], 93_700],
    [100_000, 'BC', 6_000, [300, 420], 93_280],
    [300_000, 'NB', 15_000, [2_250], 282_750],
    [1_000_000, 'SK', 40_000, [2_000, 2_400], 955_600],
  ] as [number, ProvinceCode, number, number[], number][])(
    'releases %i cents in %s: fee %i, tax %j, net %i',
    (amount, province, fee, tax, net) => {
      const events = historyFrom(
        create({ amountCents: amount, contractorProvince: province }),
        fund(t0, customer, amount),
        complete(),
      );
      const [event] = when(events, approve());
      if (event?.type !== 'EscrowReleased') throw new Error('expected a release');
      expect(event.data.fee.feeCents).toBe(fee);
      expect(event.data.fee.taxLines.map((l) => l.cents)).toEqual(tax);
      expect(event.data.contractorNetCents).toBe(net);
      expect(net + fee + tax.reduce((a, b) => a + b, 0)).toBe(amount);
    },
  );

  describe('Nova Scotia’s HST change on 2025-04-01: the rate on the day the fee is charged', () => {
    const nsHistory = () =>
      historyFrom(
        create({ contractorProvince: 'NS', now: new Date('2025-03-30T15:00:00.000Z') }),
        fund(new Date('2025-03-30T16:00:00.000Z')),
        complete(new Date('2025-03-31T12:00:00.000Z')),
      );

    it('quotes 15 % at creation, on 2025-03-30', () => {
      expect(nsHistory()[0]).toMatchObject({
        data: { fee: { feeCents: 6_000, taxLines: [{ code: 'HST', ratePcm: 15_000, cents: 900 }] } },
      });
    });

    it('charges 14 % when approved on 2025-04-02T15:00Z', () => {
      expect(when(nsHistory(), approve(new Date('2025-04-02T15:00:00.000Z')))).toMatchObject([
        {
          type: 'EscrowReleased',
          data: {
            fee: { feeCents: 6_000, taxLines: [{ code: 'HST', ratePcm: 14_000, cents: 840 }] },
            contractorNetCents: 93_160,
            payout: { amountCents: 93_160 },
          },
        },
      ]);
    });

    it('charges 15 % when approved on 2025-03-31T15:00Z', () => {
      expect(when(nsHistory(), approve(new Date('2025-03-31T15:00:00.000Z')))).toMatchObject([
        {
          type: 'EscrowReleased',
          data: {
            fee: { feeCents: 6_000, taxLines: [{ code: 'HST', ratePcm: 15_000, cents: 900 }] },
            contractorNetCents: 93_100,
          },
        },
      ]);
    });

    it('reads the day in Halifax: 02:30 UTC on April 1 is still March 31 there (15 %)', () => {
      expect(when(nsHistory(), approve(new Date('2025-04-01T02:30:00.000Z')))).toMatchObject([
        { data: { fee: { taxLines: [{ ratePcm: 15_000 }] } } },
      ]);
      expect(when(nsHistory(), approve(new Date('2025-04-01T03:00:00.000Z')))).toMatchObject([
        { data: { fee: { taxLines: [{ ratePcm: 14_000 }] } } },
      ]);
    });
  });

  it('schedules the payout on the second business day after the release day', () => {
    // Released Thursday 2 April 2026: Good Friday, the weekend, then Monday and Tuesday.
    const at = new Date('2026-04-02T15:00:00.000Z');
    const [event] = when(completed(), approve(at));
    expect(event).toMatchObject({ data: { payout: { dueOn: '2026-04-07' } } });
    expect(payoutDueDate(at)).toBe('2026-04-07');
  });
});

describe('escrow: auto-release', () => {
  const done = () => history(fund(), complete(later(1)));

  it('is refused before 14 days after completion, even by a millisecond (409)', () => {
    for (const at of [later(2), later(14), new Date(later(15).getTime() - 1)]) {
      expect(refused(done(), auto(at), ConflictError, M.notDueForAutoRelease).statusCode).toBe(409);
    }
  });

  it('releases at exactly 14 days, and after', () => {
    expect(when(done(), auto(later(15)))).toMatchObject([
      {
        type: 'EscrowReleased',
        data: { trigger: 'auto-release', contractorNetCents: 93_220, releasedAt: later(15).toISOString() },
      },
    ]);
    expect(when(done(), auto(later(60)))).toMatchObject([
      { type: 'EscrowReleased', data: { trigger: 'auto-release' } },
    ]);
  });

  it('counts from the latest completion after a change request', () => {
    const again = history(fund(), complete(later(1)), changes(undefined, later(2)), complete(later(10)));
    refused(again, auto(later(15)), ConflictError, M.notDueForAutoRelease);
    expect(when(again, auto(later(24)))).toMatchObject([{ type: 'EscrowReleased' }]);
  });

  it('is refused when the work is not complete, frozen or already closed', () => {
    refused(created(), auto(later(30)), ConflictError, M.notFunded);
    refused(funded(), auto(later(30)), ConflictError, M.notCompleted);
    refused(history(fund(), complete(), changes()), auto(later(30)), ConflictError, M.notCompleted);
    refused(history(fund(), complete(), freeze()), auto(later(30)), ConflictError, M.frozen);
    refused(released(), auto(later(30)), ConflictError, M.alreadyReleased);
  });

  it('a refunded escrow can never be released (409 already refunded)', () => {
    refused(refunded(), auto(later(30)), ConflictError, M.alreadyRefunded);
    refused(refunded(), approve(later(30)), ConflictError, M.alreadyRefunded);
  });
});

describe('escrow: cancellation', () => {
  it.each(['customer', 'contractor', 'system'] as const)(
    'before funding, cancelled by the %s: EscrowCancelled and nothing moves',
    (by) => {
      expect(when(created(), cancel(by, 5_000))).toEqual([
        { type: 'EscrowCancelled', data: { jobId, cancelledBy: by, cancelledAt: later(1).toISOString() } },
      ]);
      expect(open(history(cancel(by)))).toMatchObject({ status: 'cancelled', paidInCents: 0, paidOutCents: 0 });
    },
  );

  it('after funding, by the customer with a late fee: the rest is refunded, the late fee paid to the contractor', () => {
    const at = later(1);
    expect(when(funded(), cancel('customer', 20_000, at))).toEqual([
      {
        type: 'EscrowRefunded',
        data: {
          jobId,
          customerId: customer,
          contractorId: contractor,
          reason: 'cancellation',
          cancelledBy: 'customer',
          refund: { refundId: customerRefundId(jobId), paymentId: 'ch_1', amountCents: 80_000 },
          lateFeeCents: 20_000,
          payout: { payoutId: contractorPayoutId(jobId), amountCents: 20_000, dueOn: payoutDueDate(at) },
          refundedAt: at.toISOString(),
        },
      },
    ]);
    expect(customerRefundId(jobId)).toBe(`${jobId}-customer`);
    expect(open(history(fund(), cancel('customer', 20_000)))).toMatchObject({
      status: 'refunded',
      paidInCents: AMOUNT,
      paidOutCents: AMOUNT,
    });
  });

  it('after funding, by the customer without a late fee: a full refund and no payout', () => {
    expect(when(funded(), cancel('customer', 0))).toMatchObject([
      {
        type: 'EscrowRefunded',
        data: { cancelledBy: 'customer', refund: { amountCents: AMOUNT }, lateFeeCents: 0, payout: null },
      },
    ]);
  });

  it('keeps the late fee within the amount: never more than was paid, never negative', () => {
    expect(when(funded(), cancel('customer', AMOUNT * 3))).toMatchObject([
      { data: { refund: { amountCents: 0 }, lateFeeCents: AMOUNT, payout: { amountCents: AMOUNT } } },
    ]);
    expect(when(funded(), cancel('customer', -500))).toMatchObject([
      { data: { refund: { amountCents: AMOUNT }, lateFeeCents: 0, payout: null } },
    ]);
  });

  it('after funding, by the contractor: a full refund whatever the late fee', () => {
    for (const lateFee of [0, 1_500, 20_000, AMOUNT]) {
      expect(when(funded(), cancel('contractor', lateFee))).toMatchObject([
        {
          type: 'EscrowRefunded',
          data: { cancelledBy: 'contractor', refund: { amountCents: AMOUNT }, lateFeeCents: 0, payout: null },
        },
      ]);
    }
  });

  it('is a no-op when already cancelled or refunded (a retried tick)', () => {
    expect(when(cancelled(), cancel('customer'))).toEqual([]);
    expect(when(refunded(), cancel('customer', 5_000))).toEqual([]);
    expect(when(refunded(), cancel('contractor'))).toEqual([]);
  });

  it('is refused once the work is complete, while frozen, and once released or distributed', () => {
    expect(refused(completed(), cancel('customer'), ConflictError, M.workAlreadyDone).statusCode).toBe(409);
    refused(completed(), cancel('contractor'), ConflictError, M.workAlreadyDone);
    refused(frozen(), cancel('customer'), ConflictError, M.frozen);
    refused(released(), cancel('customer'), ConflictError, M.alreadyReleased);
    refused(distributed(), cancel('customer'), ConflictError, M.alreadyDistributed);
  });
});

describe('escrow: disputes (freeze and distribution)', () => {
  it('is frozen by a party while money is held (funded or completed)', () => {
    expect(when(funded(), freeze('d1', contractor, later(3)))).toEqual([
      {
        type: 'EscrowFrozen',
        data: { jobId, disputeId: 'd1', openedBy: contractor, frozenAt: later(3).toISOString() },
      },
    ]);
    expect(when(completed(), freeze('d1', customer))).toMatchObject([{ type: 'EscrowFrozen' }]);
    expect(open(frozen())).toMatchObject({ status: 'frozen', disputeId: 'd1' });
  });

  it('is frozen only when held, only by a party, by one dispute at a time', () => {
    expect(refused(funded(), freeze('d1', stranger), ForbiddenError, M.notAParty).statusCode).toBe(403);
    refused(created(), freeze(), ConflictError, M.notHeld);
    refused(released(), freeze(), ConflictError, M.alreadyReleased);
    refused(refunded(), freeze(), ConflictError, M.alreadyRefunded);
    refused(cancelled(), freeze(), ConflictError, M.alreadyCancelled);
    refused(distributed(), freeze('d2'), ConflictError, M.alreadyDistributed);
    refused(frozen(), freeze('d2'), ConflictError, M.otherDispute);
    // The same dispute again (a retry) changes nothing.
    expect(when(frozen(), freeze('d1', contractor))).toEqual([]);
  });

  it('is distributed only when frozen, by the same dispute, in shares adding up to 10,000', () => {
    expect(refused(funded(), distribute(0, 10_000, 0), ConflictError, M.notFrozen).statusCode).toBe(409);
    refused(completed(), distribute(0, 10_000, 0), ConflictError, M.notFrozen);
    refused(created(), distribute(0, 10_000, 0), ConflictError, M.notFrozen);
    refused(released(), distribute(0, 10_000, 0), ConflictError, M.alreadyReleased);
    refused(frozen(), distribute(0, 10_000, 0, 'd2'), ConflictError, M.otherDispute);
    refused(distributed(), distribute(0, 10_000, 0, 'd2'), ConflictError, M.alreadyDistributed);
    for (const [c, k, p] of [
      [7_000, 2_000, 999],
      [7_000, 2_000, 1_001],
      [0, 0, 0],
      [-1, 10_001, 0],
      [5_000.5, 4_999.5, 0],
      [10_000, 10_000, -10_000],
    ]) {
      expect(refused(frozen(), distribute(c!, k!, p!), ValidationError, M.shares).statusCode).toBe(400);
    }
    // The same decision again (a retry) changes nothing.
    expect(when(distributed(), distribute(5_000, 5_000, 0))).toEqual([]);
  });

  it('splits 70 / 20 / 10: the arbitration fee and its tax come out of the contractor’s part only', () => {
    const at = later(4);
    expect(when(frozen(), distribute(7_000, 2_000, 1_000, 'd1', at))).toEqual([
      {
        type: 'EscrowDistributed',
        data: {
          jobId,
          customerId: customer,
          contractorId: contractor,
          disputeId: 'd1',
          shares: { customerBps: 7_000, contractorBps: 2_000, platformBps: 1_000 },
          customerRefundCents: 70_000,
          contractorGrossCents: 20_000,
          platformShareCents: 10_000,
          fee: {
            reading: 'arbitration',
            tierId: '500-1999',
            rateBps: 400,
            feeCents: 800,
            taxLines: [{ code: 'HST', ratePcm: 13_000, cents: 104 }],
          },
          contractorNetCents: 19_096,
          refund: { refundId: customerRefundId(jobId), paymentId: 'ch_1', amountCents: 70_000 },
          payout: { payoutId: contractorPayoutId(jobId), amountCents: 19_096, dueOn: payoutDueDate(at) },
          distributedAt: at.toISOString(),
        },
      },
    ]);
  });

  it('a full refund schedules no payout and charges no fee', () => {
    expect(when(frozen(), distribute(10_000, 0, 0))).toMatchObject([
      {
        data: {
          customerRefundCents: AMOUNT,
          contractorGrossCents: 0,
          fee: { feeCents: 0, taxLines: [{ cents: 0 }] },
          contractorNetCents: 0,
          refund: { amountCents: AMOUNT },
          payout: null,
        },
      },
    ]);
  });

  it('a full release refunds nothing and charges the arbitration scale (4 % on $1,000)', () => {
    expect(when(frozen(), distribute(0, 10_000, 0))).toMatchObject([
      {
        data: {
          customerRefundCents: 0,
          contractorGrossCents: AMOUNT,
          fee: { reading: 'arbitration', feeCents: 4_000, taxLines: [{ cents: 520 }] },
          contractorNetCents: 95_480,
          refund: null,
          payout: { amountCents: 95_480 },
        },
      },
    ]);
    expect(open(distributed())).toMatchObject({ status: 'distributed', paidInCents: AMOUNT, paidOutCents: AMOUNT });
  });

  it('freezing stops everything else until the decision', () => {
    const held = history(fund(), complete(), freeze('d1', customer, later(2)));
    refused(held, approve(later(3)), ConflictError, M.frozen);
    refused(held, changes(undefined, later(3)), ConflictError, M.frozen);
    refused(held, auto(later(30)), ConflictError, M.frozen);
    refused(held, cancel('customer', 0, later(3)), ConflictError, M.frozen);
    refused(held, complete(later(3)), ConflictError, M.frozen);
  });
});

describe('escrow: escalation of a long hold', () => {
  it('is refused before day 80 of the hold (409)', () => {
    expect(refused(funded(), escalate(later(79)), ConflictError, M.notDueForEscalation).statusCode).toBe(409);
    refused(funded(), escalate(new Date(later(80).getTime() - 1)), ConflictError, M.notDueForEscalation);
  });

  it('escalates from day 80 of funding, once, without changing the status', () => {
    expect(when(funded(), escalate(later(80)))).toEqual([
      {
        type: 'EscrowEscalated',
        data: { jobId, reason: 'hold-limit', heldSince: t0.toISOString(), escalatedAt: later(80).toISOString() },
      },
    ]);
    const escalated = history(fund(), escalate(later(85)));
    expect(open(escalated)).toMatchObject({ status: 'funded', escalatedAt: later(85).toISOString() });
    refused(escalated, escalate(later(86)), ConflictError, M.alreadyEscalated);
    // The hold can still end normally.
    expect(
      historyFrom(create(), fund(), escalate(later(85)), complete(later(86)), approve(later(87))).at(-1),
    ).toMatchObject({ type: 'EscrowReleased' });
  });

  it('counts from the funding, not the creation', () => {
    const lateFunding = history(fund(later(10)));
    refused(lateFunding, escalate(later(85)), ConflictError, M.notDueForEscalation);
    expect(when(lateFunding, escalate(later(90)))).toMatchObject([
      { type: 'EscrowEscalated', data: { heldSince: later(10).toISOString() } },
    ]);
  });

  it('escalates a completed or frozen hold too', () => {
    expect(when(completed(), escalate(later(80)))).toHaveLength(1);
    expect(when(frozen(), escalate(later(80)))).toHaveLength(1);
  });

  it('is refused when nothing is held', () => {
    refused(created(), escalate(later(100)), ConflictError, M.notFunded);
    refused(released(), escalate(later(100)), ConflictError, M.alreadyReleased);
    refused(refunded(), escalate(later(100)), ConflictError, M.alreadyRefunded);
    refused(cancelled(), escalate(later(100)), ConflictError, M.alreadyCancelled);
    refused(distributed(), escalate(later(100)), ConflictError, M.alreadyDistributed);
  });
});

describe('escrow: a closed escrow stays closed', () => {
  it.each([
    ['released', released],
    ['refunded', refunded],
    ['cancelled', cancelled],
    ['distributed', distributed],
  ] as const)('a %s escrow moves no more money, whatever the command', (_label, closed) => {
    const events = closed();
    const before = stateOf(events);
    for (const command of everyCommand()) {
      let produced: EscrowEvent[] = [];
      try {
        produced = when(events, command);
      } catch (error) {
        expect(error).toBeInstanceOf(ConflictError);
        continue;
      }
      expect(produced, command.type).toEqual([]);
    }
    expect(stateOf(events)).toEqual(before);
  });
});
