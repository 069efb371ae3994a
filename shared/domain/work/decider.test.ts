import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { deciderSpec } from '../testing.ts';
import { workOrderDecider, type PostWorkOrder, type WorkOrderCommand } from './decider.ts';
import type { WorkOrderDetails, WorkOrderEvent, WorkOrderPosted } from './events.ts';
import { dollarsToCents, earliestCanadianToday, WORK_MESSAGES, WORK_ORDER_PHOTO_LIMIT } from './rules.ts';

// 12:00 UTC on 22 November is 04:00 in Vancouver: "today" everywhere in Canada is the 22nd.
const now = new Date('2026-11-22T12:00:00.000Z');
const at = now.toISOString();
const workOrderId = '0a7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e70';
const customer = '1c1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';
const otherCustomer = '1d1d1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';
const alice = '2a2a1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';
const bob = '2b2b1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';
const carol = '2c2c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';
const p1 = '3a3a1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e01';
const p2 = '3a3a1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e02';
const p3 = '3a3a1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e03';

const spec = deciderSpec(workOrderDecider);

const details: WorkOrderDetails = {
  title: 'Paint a two-bedroom apartment',
  description: 'Two bedrooms and a hallway, walls only, paint supplied by me.',
  category: 'painting',
  service: 'painting',
  location: { fsa: 'H2X', city: 'Montréal', province: 'QC', lat: 45.51, lng: -73.57 },
  remote: false,
  budgetMinCents: 80_000,
  budgetMaxCents: 120_000,
  preferredDates: ['2026-12-01', '2026-11-28'],
  photos: [],
};

const post = (
  overrides: Partial<WorkOrderDetails> = {},
  command: Partial<Omit<PostWorkOrder, 'details'>> = {},
): WorkOrderCommand => ({
  type: 'PostWorkOrder',
  workOrderId,
  customerId: customer,
  mode: 'bids',
  directContractorId: null,
  details: { ...details, ...overrides },
  now,
  ...command,
});

const posted = (mode: 'bids' | 'direct' = 'bids'): WorkOrderPosted => ({
  type: 'WorkOrderPosted',
  data: {
    ...details,
    preferredDates: ['2026-11-28', '2026-12-01'],
    workOrderId,
    customerId: customer,
    mode,
    directContractorId: mode === 'direct' ? alice : null,
    postedAt: at,
  },
});

const submitted = (proposalId: string, contractorId: string, priceCents = 100_000): WorkOrderEvent => ({
  type: 'ProposalSubmitted',
  data: {
    workOrderId,
    customerId: customer,
    proposalId,
    contractorId,
    priceCents,
    durationHours: 16,
    earliestStart: '2026-11-30',
    message: 'I can start next week, two painters.',
    submittedAt: at,
  },
});

const submit = (overrides: Partial<Record<string, unknown>> = {}): WorkOrderCommand =>
  ({
    type: 'SubmitProposal',
    workOrderId,
    proposalId: p1,
    contractorId: alice,
    priceCents: 100_000,
    durationHours: 16,
    earliestStart: '2026-11-30',
    message: '  I can start next week, two painters. ',
    now,
    ...overrides,
  }) as WorkOrderCommand;

const accept = (proposalId: string, actorId = customer): WorkOrderCommand => ({
  type: 'AcceptProposal',
  workOrderId,
  proposalId,
  actorId,
  now,
});

const declinedEvent = (proposalId: string, contractorId: string, reason: 'other_accepted' | 'order_cancelled') =>
  ({
    type: 'ProposalDeclined',
    data: { workOrderId, customerId: customer, proposalId, contractorId, declinedAt: at, reason },
  }) satisfies WorkOrderEvent;

const acceptedEvents = (proposalId: string, contractorId: string, priceCents: number): WorkOrderEvent[] => [
  {
    type: 'ProposalAccepted',
    data: { workOrderId, customerId: customer, proposalId, contractorId, priceCents, acceptedAt: at },
  },
  {
    type: 'WorkOrderAwarded',
    data: { workOrderId, customerId: customer, contractorId, proposalId, priceCents, awardedAt: at },
  },
];

describe('work order decider: PostWorkOrder', () => {
  it('records an open-for-bids order, trimmed, preferred dates sorted', () => {
    spec([])
      .when(post({ title: '  Paint a two-bedroom apartment ' }))
      .then([posted()]);
  });

  it('keeps a full postal code out of the event: a place is its forward sortation area', () => {
    const withFullCode = { ...details.location!, fsa: undefined, postalCode: 'H2X 1Y4' };
    spec([])
      .when(post({ title: '  Paint a two-bedroom apartment ', location: withFullCode }))
      .then([posted()]);
  });

  it('records a direct post with its picked contractor', () => {
    spec([])
      .when(post({}, { mode: 'direct', directContractorId: alice }))
      .then([posted('direct')]);
  });

  it('refuses a direct post without a contractor, or sent to the customer themselves', () => {
    spec([])
      .when(post({}, { mode: 'direct', directContractorId: null }))
      .thenThrows(ValidationError, WORK_MESSAGES.directContractorRequired);
    spec([])
      .when(post({}, { mode: 'direct', directContractorId: customer }))
      .thenThrows(ValidationError, WORK_MESSAGES.directContractorSelf);
  });

  it('refuses a contractor on an order open for bids', () => {
    spec([])
      .when(post({}, { directContractorId: alice }))
      .thenThrows(ValidationError, WORK_MESSAGES.directContractorInBids);
  });

  it('refuses a title outside 5–120 characters after trimming, and accepts both bounds', () => {
    for (const title of ['  abcd ', 'x'.repeat(121)]) {
      spec([]).when(post({ title })).thenThrows(ValidationError, WORK_MESSAGES.title);
    }
    for (const title of ['abcde', 'y'.repeat(120)]) {
      const events = workOrderDecider.decide(post({ title }), workOrderDecider.initialState());
      expect(events[0]!.data).toMatchObject({ title });
    }
  });

  it('refuses a description outside 20–5000 characters', () => {
    for (const description of ['x'.repeat(19), ` ${'x'.repeat(19)}  `, 'x'.repeat(5001)]) {
      spec([]).when(post({ description })).thenThrows(ValidationError, WORK_MESSAGES.description);
    }
  });

  it('refuses an unknown category, and a service of another category', () => {
    spec([])
      .when(post({ category: 'astrology' }))
      .thenThrows(ValidationError, WORK_MESSAGES.category);
    spec([])
      .when(post({ service: 'plumbing' }))
      .thenThrows(ValidationError, WORK_MESSAGES.service);
  });

  it('accepts a category without a service', () => {
    const events = workOrderDecider.decide(post({ service: null }), workOrderDecider.initialState());
    expect(events[0]!.data).toMatchObject({ category: 'painting', service: null });
  });

  it('checks the budget: positive, whole cents, at most $1,000,000, min not above max', () => {
    const cases: [Partial<WorkOrderDetails>, string][] = [
      [{ budgetMinCents: 0 }, WORK_MESSAGES.budgetPositive],
      [{ budgetMinCents: -100 }, WORK_MESSAGES.budgetPositive],
      [{ budgetMinCents: 10.5 }, WORK_MESSAGES.budgetCents],
      [{ budgetMaxCents: 100_000_001 }, WORK_MESSAGES.budgetMax],
      [{ budgetMinCents: 130_000 }, WORK_MESSAGES.budgetOrder],
    ];
    for (const [overrides, message] of cases) {
      spec([]).when(post(overrides)).thenThrows(ValidationError, message);
    }
  });

  it('accepts a fixed budget (min equals max) of exactly $1,000,000', () => {
    const events = workOrderDecider.decide(
      post({ budgetMinCents: 100_000_000, budgetMaxCents: 100_000_000 }),
      workOrderDecider.initialState(),
    );
    expect(events[0]!.data).toMatchObject({ budgetMinCents: 100_000_000, budgetMaxCents: 100_000_000 });
  });

  it('checks preferred dates: calendar dates, at most 5, none in the past', () => {
    spec([])
      .when(
        post({ preferredDates: ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06'] }),
      )
      .thenThrows(ValidationError, WORK_MESSAGES.preferredDatesCount);
    for (const date of ['2026-02-30', '01/12/2026', 'tomorrow']) {
      spec([])
        .when(post({ preferredDates: [date] }))
        .thenThrows(ValidationError, WORK_MESSAGES.preferredDateFormat);
    }
    spec([])
      .when(post({ preferredDates: ['2026-11-21'] }))
      .thenThrows(ValidationError, WORK_MESSAGES.preferredDatePast);
  });

  it('accepts today as a preferred date, and drops duplicates', () => {
    const events = workOrderDecider.decide(
      post({ preferredDates: ['2026-11-22', '2026-11-22'] }),
      workOrderDecider.initialState(),
    );
    expect(events[0]!.data).toMatchObject({ preferredDates: ['2026-11-22'] });
  });

  it('takes "today" as the Pacific date, so a Vancouver customer after 4 pm is not in the past', () => {
    // 02:00 UTC on the 23rd is 18:00 on the 22nd in Vancouver.
    const late = new Date('2026-11-23T02:00:00.000Z');
    expect(earliestCanadianToday(late)).toBe('2026-11-22');
    const events = workOrderDecider.decide(
      { ...(post({ preferredDates: ['2026-11-22'] }) as PostWorkOrder), now: late },
      workOrderDecider.initialState(),
    );
    expect(events).toHaveLength(1);
  });

  it('requires a location unless the work is remote', () => {
    spec([])
      .when(post({ location: null }))
      .thenThrows(ValidationError, WORK_MESSAGES.locationRequired);
    const events = workOrderDecider.decide(post({ location: null, remote: true }), workOrderDecider.initialState());
    expect(events[0]!.data).toMatchObject({ location: null, remote: true });
  });

  it(`allows up to ${WORK_ORDER_PHOTO_LIMIT} distinct photos`, () => {
    const photos = Array.from({ length: WORK_ORDER_PHOTO_LIMIT + 1 }, (_, i) => `photo-${i}`);
    spec([]).when(post({ photos })).thenThrows(ValidationError, WORK_MESSAGES.photos);
    spec([])
      .when(post({ photos: ['a', 'a'] }))
      .thenThrows(ValidationError, WORK_MESSAGES.photosDuplicate);
    const events = workOrderDecider.decide(
      post({ photos: photos.slice(0, WORK_ORDER_PHOTO_LIMIT) }),
      workOrderDecider.initialState(),
    );
    expect(events).toHaveLength(1);
  });

  it('refuses to post the same order twice', () => {
    spec([posted()]).when(post()).thenThrows(ConflictError, WORK_MESSAGES.alreadyPosted);
  });
});

describe('work order decider: EditWorkOrder', () => {
  const edit = (actorId = customer, overrides: Partial<WorkOrderDetails> = {}): WorkOrderCommand => ({
    type: 'EditWorkOrder',
    workOrderId,
    actorId,
    details: { ...details, title: 'Paint three rooms', ...overrides },
    now,
  });

  it('lets the customer edit an open order', () => {
    spec([posted(), submitted(p1, alice)])
      .when(edit())
      .then([
        {
          type: 'WorkOrderEdited',
          data: {
            ...details,
            title: 'Paint three rooms',
            preferredDates: ['2026-11-28', '2026-12-01'],
            workOrderId,
            customerId: customer,
            editedAt: at,
          },
        },
      ]);
  });

  it('refuses anyone but the customer', () => {
    for (const actor of [otherCustomer, alice]) {
      spec([posted()]).when(edit(actor)).thenThrows(ForbiddenError, WORK_MESSAGES.onlyCustomerEdits);
    }
  });

  it('refuses an order that does not exist', () => {
    spec([]).when(edit()).thenThrows(NotFoundError, WORK_MESSAGES.notFound);
  });

  it('refuses an awarded, declined or cancelled order', () => {
    const awarded = [posted(), submitted(p1, alice), ...acceptedEvents(p1, alice, 100_000)];
    const declined: WorkOrderEvent[] = [
      posted('direct'),
      {
        type: 'DirectRequestDeclined',
        data: { workOrderId, customerId: customer, contractorId: alice, reason: null, declinedAt: at },
      },
    ];
    const cancelled: WorkOrderEvent[] = [
      posted(),
      { type: 'WorkOrderCancelled', data: { workOrderId, customerId: customer, reason: null, cancelledAt: at } },
    ];
    for (const history of [awarded, declined, cancelled]) {
      spec(history).when(edit()).thenThrows(ConflictError, WORK_MESSAGES.notEditable);
    }
  });

  it('validates the new details like a new post', () => {
    spec([posted()])
      .when(edit(customer, { budgetMinCents: 500_000 }))
      .thenThrows(ValidationError, WORK_MESSAGES.budgetOrder);
  });
});

describe('work order decider: CancelWorkOrder', () => {
  const cancel = (
    actorId = customer,
    hasActiveBooking = false,
    reason: string | null = ' Plans changed ',
  ): WorkOrderCommand => ({
    type: 'CancelWorkOrder',
    workOrderId,
    actorId,
    reason,
    hasActiveBooking,
    now,
  });
  const withdrawn: WorkOrderEvent = {
    type: 'ProposalWithdrawn',
    data: { workOrderId, customerId: customer, proposalId: p2, contractorId: bob, withdrawnAt: at },
  };

  it('declines every live proposal, then cancels', () => {
    spec([posted(), submitted(p1, alice), submitted(p2, bob), withdrawn, submitted(p3, carol)])
      .when(cancel())
      .then([
        declinedEvent(p1, alice, 'order_cancelled'),
        declinedEvent(p3, carol, 'order_cancelled'),
        {
          type: 'WorkOrderCancelled',
          data: { workOrderId, customerId: customer, reason: 'Plans changed', cancelledAt: at, contractorId: null },
        },
      ]);
  });

  it('names the picked contractor of a direct post, so they are told', () => {
    spec([posted('direct')])
      .when(cancel(customer, false, null))
      .then([
        {
          type: 'WorkOrderCancelled',
          data: { workOrderId, customerId: customer, reason: null, cancelledAt: at, contractorId: alice },
        },
      ]);
  });

  it('cancels an awarded order that has no booking, naming the awarded contractor', () => {
    spec([posted(), submitted(p1, alice), ...acceptedEvents(p1, alice, 100_000)])
      .when(cancel(customer, false, null))
      .then([
        {
          type: 'WorkOrderCancelled',
          data: { workOrderId, customerId: customer, reason: null, cancelledAt: at, contractorId: alice },
        },
      ]);
  });

  it('refuses an order with an active booking', () => {
    spec([posted(), submitted(p1, alice), ...acceptedEvents(p1, alice, 100_000)])
      .when(cancel(customer, true))
      .thenThrows(ConflictError, WORK_MESSAGES.hasBooking);
  });

  it('refuses anyone but the customer', () => {
    for (const actor of [otherCustomer, alice]) {
      spec([posted()]).when(cancel(actor)).thenThrows(ForbiddenError, WORK_MESSAGES.onlyCustomerCancels);
    }
  });

  it('refuses a second cancellation, and a declined direct request', () => {
    spec([
      posted(),
      { type: 'WorkOrderCancelled', data: { workOrderId, customerId: customer, reason: null, cancelledAt: at } },
    ])
      .when(cancel())
      .thenThrows(ConflictError, WORK_MESSAGES.alreadyCancelled);
    spec([
      posted('direct'),
      {
        type: 'DirectRequestDeclined',
        data: { workOrderId, customerId: customer, contractorId: alice, reason: null, declinedAt: at },
      },
    ])
      .when(cancel())
      .thenThrows(ConflictError, WORK_MESSAGES.notCancellable);
  });

  it('refuses an over-long reason', () => {
    spec([posted()])
      .when(cancel(customer, false, 'x'.repeat(501)))
      .thenThrows(ValidationError, WORK_MESSAGES.reason);
  });
});

describe('work order decider: direct requests', () => {
  const answer = (type: 'AcceptDirectRequest' | 'DeclineDirectRequest', actorId = alice): WorkOrderCommand =>
    type === 'AcceptDirectRequest'
      ? { type, workOrderId, actorId, now }
      : { type, workOrderId, actorId, reason: ' Fully booked ', now };

  it('the picked contractor accepts: the order is awarded at the budget maximum', () => {
    spec([posted('direct')])
      .when(answer('AcceptDirectRequest'))
      .then([
        {
          type: 'DirectRequestAccepted',
          data: { workOrderId, customerId: customer, contractorId: alice, acceptedAt: at },
        },
        {
          type: 'WorkOrderAwarded',
          data: {
            workOrderId,
            customerId: customer,
            contractorId: alice,
            proposalId: null,
            priceCents: 120_000,
            awardedAt: at,
          },
        },
      ]);
  });

  it('the picked contractor declines, with a reason', () => {
    spec([posted('direct')])
      .when(answer('DeclineDirectRequest'))
      .then([
        {
          type: 'DirectRequestDeclined',
          data: { workOrderId, customerId: customer, contractorId: alice, reason: 'Fully booked', declinedAt: at },
        },
      ]);
  });

  it('nobody else may answer, not even the customer', () => {
    for (const actor of [bob, customer]) {
      for (const type of ['AcceptDirectRequest', 'DeclineDirectRequest'] as const) {
        spec([posted('direct')])
          .when(answer(type, actor))
          .thenThrows(ForbiddenError, WORK_MESSAGES.onlyPickedContractor);
      }
    }
  });

  it('a request is answered once', () => {
    const accepted: WorkOrderEvent[] = [
      posted('direct'),
      {
        type: 'DirectRequestAccepted',
        data: { workOrderId, customerId: customer, contractorId: alice, acceptedAt: at },
      },
      {
        type: 'WorkOrderAwarded',
        data: {
          workOrderId,
          customerId: customer,
          contractorId: alice,
          proposalId: null,
          priceCents: 120_000,
          awardedAt: at,
        },
      },
    ];
    spec(accepted).when(answer('DeclineDirectRequest')).thenThrows(ConflictError, WORK_MESSAGES.directAnswered);
    spec(accepted).when(answer('AcceptDirectRequest')).thenThrows(ConflictError, WORK_MESSAGES.directAnswered);
  });

  it('a cancelled request cannot be accepted', () => {
    spec([
      posted('direct'),
      {
        type: 'WorkOrderCancelled',
        data: { workOrderId, customerId: customer, reason: null, cancelledAt: at, contractorId: alice },
      },
    ])
      .when(answer('AcceptDirectRequest'))
      .thenThrows(ConflictError, WORK_MESSAGES.alreadyCancelled);
  });

  it('an order open for bids has no direct request to answer', () => {
    spec([posted()]).when(answer('AcceptDirectRequest')).thenThrows(ConflictError, WORK_MESSAGES.notDirect);
  });
});

describe('work order decider: SubmitProposal', () => {
  it('records a proposal on an open order, message trimmed', () => {
    spec([posted()])
      .when(submit())
      .then([submitted(p1, alice)]);
  });

  it('refuses a proposal on a direct post', () => {
    spec([posted('direct')])
      .when(submit())
      .thenThrows(ConflictError, WORK_MESSAGES.notBids);
  });

  it('refuses the customer bidding on their own order', () => {
    spec([posted()])
      .when(submit({ contractorId: customer }))
      .thenThrows(ForbiddenError, WORK_MESSAGES.ownOrder);
  });

  it('refuses a proposal on an awarded or cancelled order', () => {
    spec([posted(), submitted(p2, bob), ...acceptedEvents(p2, bob, 100_000)])
      .when(submit())
      .thenThrows(ConflictError, WORK_MESSAGES.notOpenForProposals);
    spec([
      posted(),
      { type: 'WorkOrderCancelled', data: { workOrderId, customerId: customer, reason: null, cancelledAt: at } },
    ])
      .when(submit())
      .thenThrows(ConflictError, WORK_MESSAGES.notOpenForProposals);
  });

  it('allows one live proposal per contractor, and a new one after withdrawing', () => {
    spec([posted(), submitted(p1, alice)])
      .when(submit({ proposalId: p2 }))
      .thenThrows(ConflictError, WORK_MESSAGES.liveProposalExists);
    spec([
      posted(),
      submitted(p1, alice),
      {
        type: 'ProposalWithdrawn',
        data: { workOrderId, customerId: customer, proposalId: p1, contractorId: alice, withdrawnAt: at },
      },
    ])
      .when(submit({ proposalId: p2 }))
      .then([{ ...submitted(p2, alice) }]);
  });

  it('lets several contractors bid', () => {
    spec([posted(), submitted(p1, alice)])
      .when(submit({ proposalId: p2, contractorId: bob, priceCents: 90_000 }))
      .then([submitted(p2, bob, 90_000)]);
  });

  it('checks price, duration, earliest start and message', () => {
    const cases: [Partial<Record<string, unknown>>, string][] = [
      [{ priceCents: 0 }, WORK_MESSAGES.price],
      [{ priceCents: 100_000_001 }, WORK_MESSAGES.price],
      [{ priceCents: 99.5 }, WORK_MESSAGES.price],
      [{ durationHours: 0 }, WORK_MESSAGES.duration],
      [{ durationHours: 0.25 }, WORK_MESSAGES.duration],
      [{ durationHours: 1000.5 }, WORK_MESSAGES.duration],
      [{ earliestStart: '2026-13-01' }, WORK_MESSAGES.earliestStartFormat],
      [{ earliestStart: '2026-11-21' }, WORK_MESSAGES.earliestStartPast],
      [{ message: '   short   ' }, WORK_MESSAGES.proposalMessage],
      [{ message: 'x'.repeat(2001) }, WORK_MESSAGES.proposalMessage],
    ];
    for (const [overrides, message] of cases) {
      spec([posted()]).when(submit(overrides)).thenThrows(ValidationError, message);
    }
  });

  it('refuses a proposal on an order that does not exist', () => {
    spec([]).when(submit()).thenThrows(NotFoundError, WORK_MESSAGES.notFound);
  });
});

describe('work order decider: WithdrawProposal', () => {
  const withdraw = (proposalId = p1, actorId = alice): WorkOrderCommand => ({
    type: 'WithdrawProposal',
    workOrderId,
    proposalId,
    actorId,
    now,
  });

  it('lets its contractor withdraw a live proposal', () => {
    spec([posted(), submitted(p1, alice)])
      .when(withdraw())
      .then([
        {
          type: 'ProposalWithdrawn',
          data: { workOrderId, customerId: customer, proposalId: p1, contractorId: alice, withdrawnAt: at },
        },
      ]);
  });

  it('refuses another contractor and the customer', () => {
    for (const actor of [bob, customer]) {
      spec([posted(), submitted(p1, alice)])
        .when(withdraw(p1, actor))
        .thenThrows(ForbiddenError, WORK_MESSAGES.onlyProposalOwner);
    }
  });

  it('refuses an accepted proposal', () => {
    spec([posted(), submitted(p1, alice), ...acceptedEvents(p1, alice, 100_000)])
      .when(withdraw())
      .thenThrows(ConflictError, WORK_MESSAGES.proposalAccepted);
  });

  it('refuses a proposal already withdrawn or declined', () => {
    spec([
      posted(),
      submitted(p1, alice),
      {
        type: 'ProposalWithdrawn',
        data: { workOrderId, customerId: customer, proposalId: p1, contractorId: alice, withdrawnAt: at },
      },
    ])
      .when(withdraw())
      .thenThrows(ConflictError, WORK_MESSAGES.proposalNotLive);
    spec([
      posted(),
      submitted(p1, alice),
      submitted(p2, bob),
      ...acceptedEvents(p2, bob, 100_000),
      declinedEvent(p1, alice, 'other_accepted'),
    ])
      .when(withdraw())
      .thenThrows(ConflictError, WORK_MESSAGES.proposalNotLive);
  });

  it('refuses an unknown proposal', () => {
    spec([posted()]).when(withdraw(p3)).thenThrows(NotFoundError, WORK_MESSAGES.proposalNotFound);
  });
});

describe('work order decider: AcceptProposal', () => {
  it('accepts one proposal, declines every other live one, and awards the order at its price', () => {
    const withdrawnCarol: WorkOrderEvent = {
      type: 'ProposalWithdrawn',
      data: { workOrderId, customerId: customer, proposalId: p3, contractorId: carol, withdrawnAt: at },
    };
    spec([posted(), submitted(p1, alice, 95_000), submitted(p2, bob, 110_000), submitted(p3, carol), withdrawnCarol])
      .when(accept(p2))
      .then([
        acceptedEvents(p2, bob, 110_000)[0]!,
        declinedEvent(p1, alice, 'other_accepted'),
        acceptedEvents(p2, bob, 110_000)[1]!,
      ]);
  });

  it('refuses a second accept, of the same or another proposal, with a clear 409', () => {
    const history = [
      posted(),
      submitted(p1, alice),
      submitted(p2, bob),
      acceptedEvents(p1, alice, 100_000)[0]!,
      declinedEvent(p2, bob, 'other_accepted'),
      acceptedEvents(p1, alice, 100_000)[1]!,
    ];
    spec(history).when(accept(p1)).thenThrows(ConflictError, WORK_MESSAGES.alreadyAccepted);
    spec(history).when(accept(p2)).thenThrows(ConflictError, WORK_MESSAGES.alreadyAccepted);
  });

  it('refuses anyone but the customer', () => {
    for (const actor of [otherCustomer, alice, bob]) {
      spec([posted(), submitted(p1, alice)])
        .when(accept(p1, actor))
        .thenThrows(ForbiddenError, WORK_MESSAGES.onlyCustomerAccepts);
    }
  });

  it('refuses a withdrawn proposal and an unknown one', () => {
    spec([
      posted(),
      submitted(p1, alice),
      {
        type: 'ProposalWithdrawn',
        data: { workOrderId, customerId: customer, proposalId: p1, contractorId: alice, withdrawnAt: at },
      },
    ])
      .when(accept(p1))
      .thenThrows(ConflictError, WORK_MESSAGES.proposalNotLive);
    spec([posted()]).when(accept(p1)).thenThrows(NotFoundError, WORK_MESSAGES.proposalNotFound);
  });

  it('refuses a proposal of a cancelled order', () => {
    spec([
      posted(),
      submitted(p1, alice),
      declinedEvent(p1, alice, 'order_cancelled'),
      {
        type: 'WorkOrderCancelled',
        data: { workOrderId, customerId: customer, reason: null, cancelledAt: at, contractorId: null },
      },
    ])
      .when(accept(p1))
      .thenThrows(ConflictError, WORK_MESSAGES.alreadyCancelled);
  });
});

describe('dollarsToCents', () => {
  it('reads dollars as people type them, in English and French', () => {
    expect(dollarsToCents('1500')).toBe(150_000);
    expect(dollarsToCents('$1,500.50')).toBe(150_050);
    expect(dollarsToCents('1 500,50 $')).toBe(150_050);
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents('abc')).toBeNull();
    expect(dollarsToCents('1.234')).toBeNull();
    expect(dollarsToCents('')).toBeNull();
  });
});

describe('AwardUrgentJob', () => {
  const award = (contractorId = alice): WorkOrderCommand => ({
    type: 'AwardUrgentJob',
    workOrderId,
    customerId: customer,
    contractorId,
    details: { ...details, budgetMinCents: 37_500, budgetMaxCents: 37_500, preferredDates: [] },
    now,
  });

  it('posts the order to the contractor who accepted and awards it at the alert’s price in one append', () => {
    spec([])
      .when(award())
      .then([
        {
          type: 'WorkOrderPosted',
          data: {
            ...details,
            budgetMinCents: 37_500,
            budgetMaxCents: 37_500,
            preferredDates: [],
            workOrderId,
            customerId: customer,
            mode: 'direct',
            directContractorId: alice,
            urgentAlertId: workOrderId,
            postedAt: at,
          },
        },
        {
          type: 'WorkOrderAwarded',
          data: {
            workOrderId,
            customerId: customer,
            contractorId: alice,
            proposalId: null,
            priceCents: 37_500,
            awardedAt: at,
          },
        },
      ]);
  });

  it('happens once: a second award of the same alert is refused', () => {
    const first = workOrderDecider.decide(award(), workOrderDecider.initialState());
    spec(first).when(award(bob)).thenThrows(ConflictError, WORK_MESSAGES.alreadyPosted);
  });
});
