import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { deciderSpec } from '../testing.ts';
import {
  recurringOfferDecider,
  serviceSubscriptionDecider,
  visitsToBook,
  type PublishRecurringOffer,
  type RecurringOfferState,
  type RequestServiceSubscription,
  type ServiceSubscriptionState,
} from './decider.ts';
import type { RecurringOfferEvent, ServiceSubscriptionEvent } from './events.ts';
import { RECURRING_MESSAGES as M } from './rules.ts';

const contractor = 'c0000000-0000-4000-8000-000000000001';
const customer = 'd0000000-0000-4000-8000-000000000002';
const stranger = 'e0000000-0000-4000-8000-000000000003';
const now = new Date('2026-11-02T15:00:00.000Z');
const offerSpec = deciderSpec(recurringOfferDecider);
const subscriptionSpec = deciderSpec(serviceSubscriptionDecider);

const publish = (overrides: Partial<PublishRecurringOffer> = {}): PublishRecurringOffer => ({
  type: 'PublishRecurringOffer',
  offerId: 'offer-1',
  contractorId: contractor,
  planId: 'local',
  title: '  Weekly lawn care ',
  description: 'Mowing, edging and clippings taken away.',
  service: 'lawn-mowing',
  pricePerVisitCents: 6_000,
  frequencies: ['monthly', 'weekly', 'weekly'],
  now,
  ...overrides,
});
const published: RecurringOfferEvent = {
  type: 'RecurringOfferPublished',
  data: {
    offerId: 'offer-1',
    contractorId: contractor,
    title: 'Weekly lawn care',
    description: 'Mowing, edging and clippings taken away.',
    service: 'lawn-mowing',
    pricePerVisitCents: 6_000,
    frequencies: ['weekly', 'monthly'],
    publishedAt: now.toISOString(),
  },
};
const activeOffer: RecurringOfferState = { status: 'active', offer: published.data as never };

describe('recurring offers', () => {
  it('publishes on a plan with subscription services, frequencies in order and once each', () => {
    offerSpec([]).when(publish()).then([published]);
  });

  it('is refused on Starter with the plan’s 403, naming the plan that lifts it', () => {
    offerSpec([])
      .when(publish({ planId: 'starter' }))
      .thenThrows(ForbiddenError, /Subscription services.*Local/);
  });

  it('refuses bad terms with clear messages', () => {
    offerSpec([])
      .when(publish({ title: 'ab' }))
      .thenThrows(ValidationError, M.title);
    offerSpec([])
      .when(publish({ service: 'astrology' }))
      .thenThrows(ValidationError, M.service);
    offerSpec([])
      .when(publish({ pricePerVisitCents: 999 }))
      .thenThrows(ValidationError, M.price);
    offerSpec([])
      .when(publish({ pricePerVisitCents: 10.5 }))
      .thenThrows(ValidationError, M.price);
    offerSpec([])
      .when(publish({ frequencies: [] }))
      .thenThrows(ValidationError, M.frequencies);
    offerSpec([])
      .when(publish({ frequencies: ['daily'] }))
      .thenThrows(ValidationError, M.frequencies);
  });

  it('is withdrawn by its contractor only, once', () => {
    offerSpec([published])
      .when({ type: 'WithdrawRecurringOffer', actorId: stranger, now })
      .thenThrows(ForbiddenError, M.notYourOffer);
    offerSpec([published])
      .when({ type: 'WithdrawRecurringOffer', actorId: contractor, now })
      .then([
        {
          type: 'RecurringOfferWithdrawn',
          data: { offerId: 'offer-1', contractorId: contractor, withdrawnAt: now.toISOString() },
        },
      ]);
    offerSpec([]).when({ type: 'WithdrawRecurringOffer', actorId: contractor, now }).thenThrows(NotFoundError);
  });
});

const request = (overrides: Partial<RequestServiceSubscription> = {}): RequestServiceSubscription => ({
  type: 'RequestServiceSubscription',
  subscriptionId: 'sub-1',
  customerId: customer,
  offer: activeOffer,
  contractorPlanId: 'local',
  frequency: 'weekly',
  // Friday 6 November 2026, 09:00 in Toronto (EST after the 1 November change).
  firstVisit: '2026-11-06T09:00',
  timeZone: 'America/Toronto',
  durationMinutes: 60,
  customerTimeZone: 'America/Toronto',
  card: { paymentMethodId: 'pm_1', brand: 'visa', last4: '4242' },
  note: ' Gate code 1234 ',
  now,
  ...overrides,
});
const requested: ServiceSubscriptionEvent = {
  type: 'ServiceSubscriptionRequested',
  data: {
    subscriptionId: 'sub-1',
    offerId: 'offer-1',
    contractorId: contractor,
    customerId: customer,
    title: 'Weekly lawn care',
    description: 'Mowing, edging and clippings taken away.',
    service: 'lawn-mowing',
    pricePerVisitCents: 6_000,
    frequency: 'weekly',
    firstVisit: '2026-11-06T09:00',
    timeZone: 'America/Toronto',
    durationMinutes: 60,
    customerTimeZone: 'America/Toronto',
    paymentMethodId: 'pm_1',
    cardBrand: 'visa',
    cardLast4: '4242',
    note: 'Gate code 1234',
    requestedAt: now.toISOString(),
  },
};
const parties = { subscriptionId: 'sub-1', contractorId: contractor, customerId: customer };
const activated: ServiceSubscriptionEvent = {
  type: 'ServiceSubscriptionActivated',
  data: { ...parties, contractVersion: 1, contractTextHash: 'abc', activatedAt: now.toISOString() },
};
const fold = (events: ServiceSubscriptionEvent[]): ServiceSubscriptionState =>
  events.reduce(serviceSubscriptionDecider.evolve, serviceSubscriptionDecider.initialState());

describe('service subscriptions', () => {
  it('copies the offer’s terms when requested', () => {
    subscriptionSpec([]).when(request()).then([requested]);
  });

  it('refuses what the offer does not allow', () => {
    subscriptionSpec([])
      .when(request({ offer: { status: 'none' } }))
      .thenThrows(NotFoundError, M.offerNotFound);
    subscriptionSpec([])
      .when(request({ offer: { ...activeOffer, status: 'withdrawn' } as RecurringOfferState }))
      .thenThrows(ConflictError, M.offerWithdrawn);
    subscriptionSpec([])
      .when(request({ contractorPlanId: 'starter' }))
      .thenThrows(ConflictError, M.offerUnavailable);
    subscriptionSpec([])
      .when(request({ customerId: contractor }))
      .thenThrows(ValidationError, M.ownOffer);
    subscriptionSpec([])
      .when(request({ frequency: 'biweekly' }))
      .thenThrows(ValidationError, M.frequencyNotOffered);
    subscriptionSpec([]).when(request()).then([requested]);
    subscriptionSpec([requested]).when(request()).thenThrows(ConflictError, M.exists);
  });

  it('refuses a first visit that is not a real future local time within 60 days', () => {
    subscriptionSpec([])
      .when(request({ firstVisit: '2026-11-02T09:00' }))
      .thenThrows(ValidationError, M.firstVisitPast);
    subscriptionSpec([])
      .when(request({ firstVisit: '2027-02-01T09:00' }))
      .thenThrows(ValidationError, M.firstVisitTooFar);
    // 02:30 on 14 March 2027 does not exist in Toronto (clocks jump from 02:00 to 03:00).
    subscriptionSpec([])
      .when(request({ firstVisit: '2027-03-14T02:30', now: new Date('2027-03-01T12:00:00Z') }))
      .thenThrows(ValidationError, M.firstVisit);
    subscriptionSpec([])
      .when(request({ firstVisit: 'next friday' }))
      .thenThrows(ValidationError, M.firstVisit);
  });

  it('activates once, when the agreement is executed', () => {
    subscriptionSpec([requested])
      .when({ type: 'ActivateServiceSubscription', contractVersion: 1, contractTextHash: 'abc', now })
      .then([activated]);
    subscriptionSpec([requested, activated])
      .when({ type: 'ActivateServiceSubscription', contractVersion: 1, contractTextHash: 'abc', now })
      .then([]);
  });

  it('is declined by the contractor only, while it waits', () => {
    subscriptionSpec([requested])
      .when({ type: 'DeclineServiceSubscription', actorId: customer, reason: null, now })
      .thenThrows(ForbiddenError, M.contractorOnly);
    subscriptionSpec([requested])
      .when({ type: 'DeclineServiceSubscription', actorId: contractor, reason: ' Fully booked ', now })
      .then([
        {
          type: 'ServiceSubscriptionDeclined',
          data: { ...parties, reason: 'Fully booked', declinedAt: now.toISOString() },
        },
      ]);
    subscriptionSpec([requested, activated])
      .when({ type: 'DeclineServiceSubscription', actorId: contractor, reason: null, now })
      .thenThrows(ConflictError, M.notRequested);
  });

  it('books the visits of the next 14 days that have no record, only while active', () => {
    expect(visitsToBook(fold([requested]), now)).toEqual([]);
    const due = visitsToBook(fold([requested, activated]), now);
    // 6 and 13 November; the 20th is past the 14 days (16 November 15:00 UTC).
    expect(due.map((v) => v.startsAt)).toEqual(['2026-11-06T14:00:00.000Z', '2026-11-13T14:00:00.000Z']);
    const booked: ServiceSubscriptionEvent = {
      type: 'RecurringVisitBooked',
      data: { ...parties, visitIndex: 0, bookingId: 'b0', startsAt: due[0]!.startsAt, bookedAt: now.toISOString() },
    };
    expect(visitsToBook(fold([requested, activated, booked]), now).map((v) => v.index)).toEqual([1]);
    const paused: ServiceSubscriptionEvent = {
      type: 'ServiceSubscriptionPaused',
      data: { ...parties, pausedBy: customer, pausedAt: now.toISOString(), releasedVisits: [] },
    };
    expect(visitsToBook(fold([requested, activated, paused]), now)).toEqual([]);
  });

  it('records a booked or refused visit once', () => {
    subscriptionSpec([requested, activated])
      .when({
        type: 'RecordVisitNotBooked',
        visitIndex: 1,
        reason: 'The contractor is not available at that time',
        now,
      })
      .then([
        {
          type: 'RecurringVisitNotBooked',
          data: {
            ...parties,
            visitIndex: 1,
            startsAt: '2026-11-13T14:00:00.000Z',
            reason: 'The contractor is not available at that time',
            at: now.toISOString(),
          },
        },
      ]);
    const booked: ServiceSubscriptionEvent = {
      type: 'RecurringVisitBooked',
      data: {
        ...parties,
        visitIndex: 0,
        bookingId: 'b0',
        startsAt: '2026-11-06T14:00:00.000Z',
        bookedAt: now.toISOString(),
      },
    };
    subscriptionSpec([requested, activated])
      .when({ type: 'RecordVisitBooked', visitIndex: 0, bookingId: 'b0', now })
      .then([booked]);
    subscriptionSpec([requested, activated, booked])
      .when({ type: 'RecordVisitBooked', visitIndex: 0, bookingId: 'b0', now })
      .then([]);
  });

  it('skips a future visit for either party, once', () => {
    const skipped: ServiceSubscriptionEvent = {
      type: 'RecurringVisitSkipped',
      data: {
        ...parties,
        visitIndex: 3,
        startsAt: '2026-11-27T14:00:00.000Z',
        skippedBy: contractor,
        skippedAt: now.toISOString(),
      },
    };
    subscriptionSpec([requested, activated])
      .when({ type: 'SkipVisit', actorId: contractor, visitIndex: 3, now })
      .then([skipped]);
    subscriptionSpec([requested, activated, skipped])
      .when({ type: 'SkipVisit', actorId: customer, visitIndex: 3, now })
      .thenThrows(ConflictError, M.visitSkipped);
    subscriptionSpec([requested, activated])
      .when({ type: 'SkipVisit', actorId: stranger, visitIndex: 3, now })
      .thenThrows(ForbiddenError, M.notAParty);
    subscriptionSpec([requested, activated])
      .when({ type: 'SkipVisit', actorId: customer, visitIndex: 0, now: new Date('2026-11-06T14:00:00Z') })
      .thenThrows(ConflictError, M.visitPast);
    subscriptionSpec([requested, activated])
      .when({ type: 'SkipVisit', actorId: customer, visitIndex: -1, now })
      .thenThrows(ValidationError, M.visitIndex);
  });

  it('is paused and resumed by the customer, and cancelled by either, after which nothing changes', () => {
    const paused: ServiceSubscriptionEvent = {
      type: 'ServiceSubscriptionPaused',
      data: { ...parties, pausedBy: customer, pausedAt: now.toISOString(), releasedVisits: [] },
    };
    subscriptionSpec([requested])
      .when({ type: 'PauseServiceSubscription', actorId: customer, now })
      .thenThrows(ConflictError, M.notActive);
    subscriptionSpec([requested, activated])
      .when({ type: 'PauseServiceSubscription', actorId: contractor, now })
      .thenThrows(ForbiddenError, M.customerOnly);
    subscriptionSpec([requested, activated])
      .when({ type: 'PauseServiceSubscription', actorId: customer, now })
      .then([paused]);
    subscriptionSpec([requested, activated, paused])
      .when({ type: 'ResumeServiceSubscription', actorId: customer, now })
      .then([
        {
          type: 'ServiceSubscriptionResumed',
          data: { ...parties, resumedBy: customer, resumedAt: now.toISOString() },
        },
      ]);
    subscriptionSpec([requested, activated])
      .when({ type: 'ResumeServiceSubscription', actorId: customer, now })
      .then([]);
    const cancelled: ServiceSubscriptionEvent = {
      type: 'ServiceSubscriptionCancelled',
      data: { ...parties, cancelledBy: contractor, reason: 'Moving away', cancelledAt: now.toISOString() },
    };
    subscriptionSpec([requested, activated, paused])
      .when({ type: 'CancelServiceSubscription', actorId: contractor, reason: 'Moving away', now })
      .then([cancelled]);
    subscriptionSpec([requested, activated, cancelled])
      .when({ type: 'CancelServiceSubscription', actorId: customer, reason: null, now })
      .thenThrows(ConflictError, M.ended);
    subscriptionSpec([requested, activated, cancelled])
      .when({ type: 'ResumeServiceSubscription', actorId: customer, now })
      .thenThrows(ConflictError, M.ended);
    subscriptionSpec([requested, activated, cancelled])
      .when({ type: 'SkipVisit', actorId: customer, visitIndex: 4, now })
      .thenThrows(ConflictError, M.ended);
    expect(visitsToBook(fold([requested, activated, cancelled]), now)).toEqual([]);
  });

  it('gives back the booked visits more than 24 hours ahead when paused, and books them again after a resume', () => {
    const booked = (visitIndex: number, startsAt: string): ServiceSubscriptionEvent => ({
      type: 'RecurringVisitBooked',
      data: { ...parties, visitIndex, bookingId: `b${visitIndex}`, startsAt, bookedAt: now.toISOString() },
    });
    const history = [
      requested,
      activated,
      booked(0, '2026-11-06T14:00:00.000Z'),
      booked(1, '2026-11-13T14:00:00.000Z'),
    ];
    // Thursday 5 November 20:00 UTC: the first visit is 18 hours away, the second a week.
    const at = new Date('2026-11-05T20:00:00.000Z');
    const [paused] = serviceSubscriptionDecider.decide(
      { type: 'PauseServiceSubscription', actorId: customer, now: at },
      fold(history),
    );
    expect(paused).toEqual({
      type: 'ServiceSubscriptionPaused',
      data: { ...parties, pausedBy: customer, pausedAt: at.toISOString(), releasedVisits: [1] },
    });
    const resumed: ServiceSubscriptionEvent = {
      type: 'ServiceSubscriptionResumed',
      data: { ...parties, resumedBy: customer, resumedAt: at.toISOString() },
    };
    const after = fold([...history, paused!, resumed]);
    expect(after).toMatchObject({ status: 'active', generation: 1 });
    // Visit 1 again (visit 2, on 20 November, is past the 14 days).
    expect(visitsToBook(after, at).map((v) => v.index)).toEqual([1]);
  });

  it('refuses everything on a subscription that does not exist', () => {
    subscriptionSpec([])
      .when({ type: 'CancelServiceSubscription', actorId: customer, reason: null, now })
      .thenThrows(NotFoundError, M.notFound);
  });
});
