import { describe, expect, it } from 'vitest';
import type { BookableWorkOrder, BookingRow } from '../../../projections/bookings.ts';
import type { OfferingView } from '../../../projections/catalogue-offerings.ts';
import type { TimeProposalRow } from '../../../projections/time-proposals.ts';
import type { ScheduleState } from '../../../shared/domain/booking/decider.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../shared/errors.ts';
import { bookingView, scheduleView, slotsView, timeProposalsView } from '../../../shared/http/booking.ts';
import {
  bookingTermsOf,
  bookingViewOf,
  commandAnswerOf,
  exceptionDatesAround,
  exceptionsSince,
  FORMER_MEMBER,
  scheduleViewOf,
  slotRangeOf,
  slotsViewOf,
  timeProposalsViewOf,
} from './views.ts';

const contractorId = '00000000-0000-4000-8000-00000000000a';
const customerId = '00000000-0000-4000-8000-00000000000b';
const bookingId = '00000000-0000-4000-8000-00000000000c';
const now = new Date('2026-03-02T12:00:00Z');
const HOUR = 3_600_000;

function row(overrides: Partial<BookingRow> = {}): BookingRow {
  const startsAt = new Date(now.getTime() + 48 * HOUR);
  return {
    id: bookingId,
    contractorId,
    customerId,
    status: 'confirmed',
    startsAt,
    endsAt: new Date(startsAt.getTime() + HOUR),
    timeZone: 'America/Toronto',
    customerTimeZone: 'America/Vancouver',
    workOrderId: null,
    workOrderTitle: null,
    offeringId: null,
    offeringTitle: null,
    priceCents: 10_000,
    note: null,
    declineReason: null,
    cancelReason: null,
    cancelledBy: null,
    lateFeeCents: null,
    previousStartsAt: null,
    rescheduledBy: null,
    remindedAt: null,
    requestedAt: new Date('2026-03-01T10:00:00Z'),
    confirmedAt: new Date('2026-03-01T11:00:00Z'),
    declinedAt: null,
    cancelledAt: null,
    completedAt: null,
    ...overrides,
  };
}

const names = new Map([[contractorId, 'Cora Contractor']]);

describe('bookingViewOf', () => {
  it('shows a confirmed booking two days ahead to its customer: free to cancel or move, nothing to confirm', () => {
    const view = bookingViewOf(row(), { id: customerId }, names, now);
    expect(bookingView.parse(view)).toEqual(view);
    expect(view.viewerRole).toBe('customer');
    expect(view.contractor).toEqual({ id: contractorId, name: 'Cora Contractor' });
    expect(view.customer).toEqual({ id: customerId, name: FORMER_MEMBER });
    expect(view.actions).toEqual({ confirm: false, decline: false, reschedule: true, cancel: true, complete: false });
    expect(view.cancellation).toEqual({
      freeUntil: new Date(now.getTime() + 24 * HOUR).toISOString(),
      feeIfCancelledNowCents: 0,
      lateFeeCents: 2_000,
    });
    expect(view.lateFeeCents).toBeNull();
    expect(view.confirmedAt).toBe('2026-03-01T11:00:00.000Z');
  });

  it('inside 24 hours the customer may no longer move a confirmed booking and would owe the late fee', () => {
    const startsAt = new Date(now.getTime() + 2 * HOUR);
    const view = bookingViewOf(
      row({ startsAt, endsAt: new Date(startsAt.getTime() + HOUR) }),
      { id: customerId },
      names,
      now,
    );
    expect(view.actions.reschedule).toBe(false);
    expect(view.actions.cancel).toBe(true);
    expect(view.cancellation.feeIfCancelledNowCents).toBe(2_000);
  });

  it('lets the contractor confirm or decline a request, and complete a confirmed booking once started', () => {
    const request = bookingViewOf(row({ status: 'requested', confirmedAt: null }), { id: contractorId }, names, now);
    expect(request.viewerRole).toBe('contractor');
    expect(request.actions).toMatchObject({ confirm: true, decline: true, complete: false });
    const started = new Date(now.getTime() - HOUR);
    const underway = bookingViewOf(row({ startsAt: started, endsAt: now }), { id: contractorId }, names, now);
    expect(underway.actions).toEqual({
      confirm: false,
      decline: false,
      reschedule: false,
      cancel: false,
      complete: true,
    });
  });

  it('says who cancelled and what it cost, and marks a customer’s move as awaiting confirmation', () => {
    const cancelled = bookingViewOf(
      row({ status: 'cancelled', cancelledBy: contractorId, cancelledAt: now, lateFeeCents: null }),
      { id: customerId },
      names,
      now,
    );
    expect(cancelled.cancelledBy).toBe('contractor');
    expect(cancelled.lateFeeCents).toBe(0);
    const moved = bookingViewOf(
      row({ status: 'requested', previousStartsAt: new Date('2026-03-03T15:00:00Z') }),
      { id: customerId },
      names,
      now,
    );
    expect(moved.awaitingConfirmationOfNewTime).toBe(true);
    expect(moved.previousStartsAt).toBe('2026-03-03T15:00:00.000Z');
  });
});

describe('commandAnswerOf', () => {
  it('answers with the booking as the calendar holds it, and 404 when it does not', () => {
    const state: ScheduleState = {
      status: 'open',
      contractorId,
      availability: { timeZone: 'America/Toronto', weekly: [], slotMinutes: 60 },
      exceptions: {},
      bookings: {
        [bookingId]: {
          bookingId,
          customerId,
          startsAt: '2026-03-04T15:00:00.000Z',
          endsAt: '2026-03-04T16:00:00.000Z',
          status: 'requested',
          workOrderId: null,
          priceCents: null,
          remindedFor: null,
        },
      },
    };
    expect(commandAnswerOf(state, bookingId)).toEqual({
      booking: {
        id: bookingId,
        status: 'requested',
        startsAt: '2026-03-04T15:00:00.000Z',
        endsAt: '2026-03-04T16:00:00.000Z',
      },
    });
    expect(() => commandAnswerOf(state, customerId)).toThrow(NotFoundError);
    expect(() => commandAnswerOf({ status: 'unset' }, bookingId)).toThrow(NotFoundError);
  });
});

describe('availability and schedule', () => {
  it('shows exceptions from today in the calendar’s zone (Toronto without a calendar)', () => {
    const lateEvening = new Date('2026-03-03T03:30:00Z');
    expect(exceptionsSince(null, lateEvening)).toBe('2026-03-02');
    expect(exceptionsSince({ timeZone: 'UTC', weekly: [], slotMinutes: 60 }, lateEvening)).toBe('2026-03-03');
  });

  it('lists active offerings only, priced for one slot, with the cancellation policy', () => {
    const offering = (id: string, pricingModel: 'hourly' | 'fixed', isActive: boolean) =>
      ({
        id,
        contractorId,
        title: `T${id}`,
        description: 'd',
        pricingModel,
        priceCents: 6_000,
        price: '60.00',
        isRemoteService: false,
        isActive,
        service: null,
        acceptsBarter: false,
        barterWants: null,
        createdAt: now.toISOString(),
      }) satisfies OfferingView;
    const offerings = [
      offering('00000000-0000-4000-8000-000000000001', 'hourly', true),
      offering('00000000-0000-4000-8000-000000000002', 'fixed', true),
      offering('00000000-0000-4000-8000-000000000003', 'fixed', false),
    ];
    const view = scheduleViewOf(
      { id: contractorId, name: undefined },
      { timeZone: 'America/Halifax', weekly: [], slotMinutes: 90 },
      offerings,
    );
    expect(scheduleView.parse(view)).toEqual(view);
    expect(view.contractor.name).toBe(FORMER_MEMBER);
    expect(view.offerings.map((o) => o.bookingPriceCents)).toEqual([9_000, 6_000]);
    expect(view.policy.freeHours).toBe(24);
    const noHours = scheduleViewOf({ id: contractorId, name: 'Cora' }, null, offerings);
    expect(noHours).toMatchObject({ timeZone: null, slotMinutes: null });
    expect(noHours.offerings.map((o) => o.bookingPriceCents)).toEqual([null, null]);
  });
});

describe('slots', () => {
  it('defaults to the 7 days from today in the viewer’s zone and refuses bad ranges', () => {
    const range = slotRangeOf({}, 'America/Vancouver', new Date('2026-03-03T05:00:00Z'));
    expect([range.fromDay.toISODate(), range.toDay.toISODate()]).toEqual(['2026-03-02', '2026-03-09']);
    expect(() => slotRangeOf({ from: '2026-02-30' }, 'UTC', now)).toThrow(ValidationError);
    expect(() => slotRangeOf({ from: '2026-03-05', to: '2026-03-05' }, 'UTC', now)).toThrow('to must be after from');
    expect(() => slotRangeOf({ from: '2026-03-01', to: '2026-04-13' }, 'UTC', now)).toThrow(
      'Ask for at most 42 days of slots at a time',
    );
    expect(slotRangeOf({ from: '2026-03-01', to: '2026-04-12' }, 'UTC', now).toDay.toISODate()).toBe('2026-04-12');
  });

  it('reads exceptions one day either side of the range, in the calendar’s zone', () => {
    expect(
      exceptionDatesAround(new Date('2026-03-02T05:00:00Z'), new Date('2026-03-09T05:00:00Z'), 'America/Toronto'),
    ).toEqual({
      first: '2026-03-01',
      last: '2026-03-10',
    });
  });

  it('gives each slot its local date and time in the viewer’s zone', () => {
    const range = slotRangeOf({ from: '2026-03-02', to: '2026-03-04' }, 'America/Vancouver', now);
    const view = slotsViewOf(contractorId, range, {
      timeZone: 'America/Toronto',
      slotMinutes: 60,
      slots: [{ startsAt: '2026-03-03T07:00:00.000Z', endsAt: '2026-03-03T08:00:00.000Z' }],
    });
    expect(slotsView.parse(view)).toEqual(view);
    expect(view).toMatchObject({ viewerTimeZone: 'America/Vancouver', from: '2026-03-02', to: '2026-03-04' });
    expect(view.slots).toEqual([
      { startsAt: '2026-03-03T07:00:00.000Z', endsAt: '2026-03-03T08:00:00.000Z', date: '2026-03-02', time: '23:00' },
    ]);
    expect(slotsViewOf(contractorId, range, null)).toMatchObject({ timeZone: null, slotMinutes: null, slots: [] });
  });
});

describe('bookingTermsOf', () => {
  const order: BookableWorkOrder = {
    workOrderId: 'job-1',
    customerId,
    title: 'Fix the sink',
    status: 'awarded',
    contractorId,
    priceCents: 12_000,
    activeBookingId: null,
  };

  it('gives the job’s customer its terms, and refuses everyone and everything else', () => {
    expect(bookingTermsOf(order, customerId)).toEqual({
      workOrderId: 'job-1',
      jobType: 'work-order',
      title: 'Fix the sink',
      contractorId,
      priceCents: 12_000,
      activeBookingId: null,
    });
    expect(() => bookingTermsOf(null, customerId)).toThrow(NotFoundError);
    expect(() => bookingTermsOf(order, contractorId)).toThrow(ForbiddenError);
    expect(() => bookingTermsOf({ ...order, status: 'cancelled' }, customerId)).toThrow(ConflictError);
    expect(() => bookingTermsOf({ ...order, status: 'open', contractorId: null }, customerId)).toThrow(
      'This job has no contractor yet.',
    );
  });
});

describe('timeProposalsViewOf', () => {
  const proposal = (overrides: Partial<TimeProposalRow> = {}): TimeProposalRow => ({
    proposalId: '00000000-0000-4000-8000-0000000000d1',
    workOrderId: 'job-1',
    customerId,
    contractorId,
    times: [new Date(now.getTime() + 2 * HOUR).toISOString()],
    proposedAt: now.toISOString(),
    acceptedBookingId: null,
    acceptedStartsAt: null,
    ...overrides,
  });
  const job = { contractorId, status: 'awarded' as const };

  it('lets the job’s contractor accept a time still ahead, never its customer', () => {
    const forContractor = timeProposalsViewOf([proposal()], contractorId, job, now.getTime());
    expect(timeProposalsView.parse(forContractor)).toEqual(forContractor);
    expect(forContractor[0]).toMatchObject({ canAccept: true, accepted: null });
    expect(timeProposalsViewOf([proposal()], customerId, job, now.getTime())[0]!.canAccept).toBe(false);
  });

  it('offers no accept once a time was accepted, the times are too close, or the job is not awarded', () => {
    const accepted = proposal({ acceptedBookingId: bookingId, acceptedStartsAt: '2026-03-02T14:00:00.000Z' });
    const views = timeProposalsViewOf([proposal(), accepted], contractorId, job, now.getTime());
    expect(views.map((v) => v.canAccept)).toEqual([false, false]);
    expect(views[1]!.accepted).toEqual({ bookingId, startsAt: '2026-03-02T14:00:00.000Z' });
    const soon = proposal({ times: [new Date(now.getTime() + 30 * 60_000).toISOString()] });
    expect(timeProposalsViewOf([soon], contractorId, job, now.getTime())[0]!.canAccept).toBe(false);
    expect(
      timeProposalsViewOf([proposal()], contractorId, { ...job, status: 'cancelled' }, now.getTime())[0]!.canAccept,
    ).toBe(false);
  });

  it('shows only proposals between the viewer and the other party', () => {
    const other = proposal({ contractorId: '00000000-0000-4000-8000-0000000000ee' });
    expect(timeProposalsViewOf([other], contractorId, job, now.getTime())).toEqual([]);
  });
});
