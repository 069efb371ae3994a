import type { z } from 'zod';
import type {
  availabilityBody,
  availabilityView,
  bookingTermsView,
  bookingView,
  exceptionBody,
  policyView,
  requestBody,
  scheduleView,
  slotsView,
  slotView,
  timeProposalAnswer,
  timeProposalBody,
} from '../../../shared/http/booking.ts';
import { apiRequest } from '../../lib/api.ts';
import { createFetcherStore, storesByUrl, invalidateKeys, revalidateKeys } from '../../lib/query.ts';

/**
 * The booking API (api/modules/booking/) as the islands use it: its answers typed from the shapes
 * in shared/http/booking.ts, its reads as nanoquery stores keyed by their URL, and its writes as
 * functions that update or refetch what they change.
 */
export type Booking = z.output<typeof bookingView>;
export type BookingStatus = Booking['status'];
export type BookingAction = keyof Booking['actions'];
export type Slot = z.output<typeof slotView>;
export type Slots = z.output<typeof slotsView>;
export type Policy = z.output<typeof policyView>;
export type Schedule = z.output<typeof scheduleView>;
export type BookingTerms = z.output<typeof bookingTermsView>;
export type AvailabilityAnswer = z.output<typeof availabilityView>;
/** The weekly hours as the editor sends them (its zone is one it offered; the server checks it again). */
export type Availability = Omit<z.input<typeof availabilityBody>, 'timeZone'> & { timeZone: string };
export type WeeklyWindow = Availability['weekly'][number];
export type AvailabilityException = AvailabilityAnswer['exceptions'][number];
export type ExceptionInput = z.input<typeof exceptionBody>;
export type BookingRequest = z.input<typeof requestBody>;
export type TimeProposal = z.output<typeof timeProposalAnswer>['proposal'];
export type TimeProposalInput = z.input<typeof timeProposalBody>;

/** What the server stores for a closed account's name (the UI says it in the page's language). */
export const FORMER_MEMBER = 'Former member';

const BOOKINGS = '/api/bookings';
const enc = encodeURIComponent;

export const bookingUrls = {
  schedule: (contractorId: string) => `/api/contractors/${enc(contractorId)}/schedule`,
  slotsOf: (contractorId: string) => `/api/contractors/${enc(contractorId)}/slots?`,
  slots: (contractorId: string, from: string, to: string, tz: string) =>
    `${bookingUrls.slotsOf(contractorId)}${new URLSearchParams({ from, to, tz })}`,
  terms: (jobId: string) => `/api/work-orders/${enc(jobId)}/booking-terms`,
  booking: (id: string) => `${BOOKINGS}/${enc(id)}`,
  mine: (when: 'upcoming' | 'past') => `${BOOKINGS}/mine?when=${when}`,
  availability: '/api/contractor/availability',
  exception: (date: string) => `/api/contractor/availability/exceptions/${date}`,
  timeProposals: (workOrderId: string) => `/api/work-orders/${enc(workOrderId)}/time-proposals`,
};

const scheduleStores = storesByUrl<Schedule>();
const slotsStores = storesByUrl<Slots>();
const termsStores = storesByUrl<BookingTerms>();
const bookingStores = storesByUrl<Booking>();
const mineStores = storesByUrl<Booking[]>();

/** GET /api/contractors/:id/schedule: the public schedule page's contractor, offerings and policy. */
export const $schedule = (contractorId: string) => scheduleStores(bookingUrls.schedule(contractorId));
/** GET /api/contractors/:id/slots: a range of open slots in the viewer's zone. */
export const $slots = (contractorId: string, from: string, to: string, tz: string) =>
  slotsStores(bookingUrls.slots(contractorId, from, to, tz));
/** GET /api/work-orders/:id/booking-terms, for the job's customer (null: not asked). */
export const $terms = (jobId: string | null) => termsStores(jobId === null ? null : bookingUrls.terms(jobId));
/** GET /api/bookings/:id, for one of its parties. */
export const $booking = (id: string) => bookingStores(bookingUrls.booking(id));
/** GET /api/bookings/mine: the viewer's upcoming or past bookings. */
export const $myBookings = (when: 'upcoming' | 'past') => mineStores(bookingUrls.mine(when));
/** GET /api/contractor/availability: the contractor's weekly hours and exceptions from today. */
export const $availability = createFetcherStore<AvailabilityAnswer>([bookingUrls.availability]);

/** A booking changed: its page and every list of bookings are read again (showing what they have meanwhile). */
const bookingsChanged = () => revalidateKeys((key) => key.startsWith(BOOKINGS));

/** Reads a contractor's slots again from scratch (a slot was taken, or a new booking starts). */
export function refreshSlots(contractorId: string) {
  invalidateKeys((key) => key.startsWith(bookingUrls.slotsOf(contractorId)));
}

export async function requestBooking(body: BookingRequest): Promise<{ id: string; status: BookingStatus }> {
  const response = await apiRequest('POST', BOOKINGS, body);
  const { booking } = (await response.json()) as { booking: { id: string; status: BookingStatus } };
  bookingsChanged();
  return booking;
}

/** Confirm, decline, reschedule, cancel or complete; the booking and the lists are read again, whatever the answer. */
export async function bookingAction(id: string, action: BookingAction, body?: object): Promise<void> {
  try {
    await apiRequest('POST', `${bookingUrls.booking(id)}/${action}`, body);
  } finally {
    bookingsChanged();
  }
}

/** The availability writes answer with the editor's whole view: it becomes the store's value. */
async function availabilityWrite(method: 'PUT' | 'DELETE', url: string, body?: object) {
  const response = await apiRequest(method, url, body);
  const answer = (await response.json()) as AvailabilityAnswer;
  $availability.mutate(answer);
  return answer;
}

export const saveAvailability = (body: Availability) => availabilityWrite('PUT', bookingUrls.availability, body);
export const saveException = (date: string, body: ExceptionInput) =>
  availabilityWrite('PUT', bookingUrls.exception(date), body);
export const removeException = (date: string) => availabilityWrite('DELETE', bookingUrls.exception(date));

/** The schedule step's way on when the contractor has no hours: times and their message. */
export async function proposeTimes(workOrderId: string, body: Omit<TimeProposalInput, 'timeZone'>) {
  // The customer's zone goes with the times, so the booking made from one is told to them in it.
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const response = await apiRequest('POST', bookingUrls.timeProposals(workOrderId), {
    ...body,
    ...(timeZone ? { timeZone } : {}),
  });
  return ((await response.json()) as { proposal: TimeProposal }).proposal;
}
