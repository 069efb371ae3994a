import { apiRequest, getJson } from '../../lib/api.ts';

/** The booking API's answers (api/modules/booking/schemas.ts), as the islands read them. */
export type BookingStatus = 'requested' | 'confirmed' | 'declined' | 'cancelled' | 'completed';

export type Slot = { startsAt: string; endsAt: string; date: string; time: string };
export type Slots = {
  contractorId: string;
  timeZone: string | null;
  viewerTimeZone: string;
  slotMinutes: number | null;
  from: string;
  to: string;
  slots: Slot[];
};

export type Policy = { freeHours: number; lateFeePercent: number; minimumFeeCents: number; noPriceFeeCents: number };

export type Schedule = {
  contractor: { id: string; name: string };
  timeZone: string | null;
  slotMinutes: number | null;
  offerings: {
    id: string;
    title: string;
    description: string;
    pricingModel: 'hourly' | 'fixed';
    priceCents: number;
    bookingPriceCents: number | null;
  }[];
  policy: Policy;
};

export type BookingTerms = {
  workOrderId: string;
  jobType: 'work-order';
  title: string;
  contractorId: string;
  priceCents: number;
  activeBookingId: string | null;
};

export type BookingAction = 'confirm' | 'decline' | 'reschedule' | 'cancel' | 'complete';

export type Booking = {
  id: string;
  status: BookingStatus;
  startsAt: string;
  endsAt: string;
  timeZone: string;
  customerTimeZone: string;
  contractor: { id: string; name: string };
  customer: { id: string; name: string };
  viewerRole: 'customer' | 'contractor';
  workOrder: { id: string; title: string | null } | null;
  offering: { id: string; title: string | null } | null;
  priceCents: number | null;
  note: string | null;
  declineReason: string | null;
  cancelReason: string | null;
  cancelledBy: 'customer' | 'contractor' | null;
  lateFeeCents: number | null;
  previousStartsAt: string | null;
  awaitingConfirmationOfNewTime: boolean;
  requestedAt: string;
  confirmedAt: string | null;
  declinedAt: string | null;
  cancelledAt: string | null;
  completedAt: string | null;
  remindedAt: string | null;
  cancellation: { freeUntil: string; feeIfCancelledNowCents: number; lateFeeCents: number };
  actions: Record<BookingAction, boolean>;
};

export type WeeklyWindow = { weekday: number; start: string; end: string };
export type Availability = { timeZone: string; weekly: WeeklyWindow[]; slotMinutes: number };
export type AvailabilityException = { date: string; windows: { start: string; end: string }[]; note: string | null };
export type AvailabilityAnswer = { availability: Availability | null; exceptions: AvailabilityException[] };

/** The longest note a request may carry (SCHEDULE_LIMITS.noteMax on the server). */
export const NOTE_MAX = 500;

/** What the server stores for a closed account's name (the UI says it in the page's language). */
export const FORMER_MEMBER = 'Former member';

const must = <T>(value: T | null): T => {
  if (value === null) throw new Error('401: not signed in');
  return value;
};

export const fetchSchedule = async (contractorId: string) =>
  must(await getJson<Schedule>(`/api/contractors/${encodeURIComponent(contractorId)}/schedule`));

export async function fetchSlots(contractorId: string, from: string, to: string, tz: string): Promise<Slots> {
  const query = new URLSearchParams({ from, to, tz });
  return must(await getJson<Slots>(`/api/contractors/${encodeURIComponent(contractorId)}/slots?${query}`));
}

export const fetchTerms = async (jobId: string) =>
  must(await getJson<BookingTerms>(`/api/work-orders/${encodeURIComponent(jobId)}/booking-terms`));

export type BookingRequest = {
  contractorId: string;
  startsAt: string;
  timeZone: string;
  offeringId?: string;
  workOrderId?: string;
  jobType?: 'work-order';
  note?: string;
};

export async function requestBooking(body: BookingRequest): Promise<{ id: string; status: BookingStatus }> {
  const response = await apiRequest('POST', '/api/bookings', body);
  return ((await response.json()) as { booking: { id: string; status: BookingStatus } }).booking;
}

export const fetchBooking = async (id: string) =>
  must(await getJson<Booking>(`/api/bookings/${encodeURIComponent(id)}`));

export const fetchMyBookings = async (when: 'upcoming' | 'past') =>
  must(await getJson<Booking[]>(`/api/bookings/mine?when=${when}`));

export async function bookingAction(id: string, action: BookingAction, body?: object): Promise<void> {
  await apiRequest('POST', `/api/bookings/${encodeURIComponent(id)}/${action}`, body);
}

export const fetchAvailability = async () => must(await getJson<AvailabilityAnswer>('/api/contractor/availability'));

export async function saveAvailability(body: Availability): Promise<AvailabilityAnswer> {
  const response = await apiRequest('PUT', '/api/contractor/availability', body);
  return (await response.json()) as AvailabilityAnswer;
}

export async function saveException(
  date: string,
  body: { windows: { start: string; end: string }[]; note: string | null },
): Promise<AvailabilityAnswer> {
  const response = await apiRequest('PUT', `/api/contractor/availability/exceptions/${date}`, body);
  return (await response.json()) as AvailabilityAnswer;
}

export async function removeException(date: string): Promise<AvailabilityAnswer> {
  const response = await apiRequest('DELETE', `/api/contractor/availability/exceptions/${date}`);
  return (await response.json()) as AvailabilityAnswer;
}

export type TimeProposal = { id: string; messageId: string; contractorId: string; times: string[] };

/** The schedule step's way on when the contractor has no hours: times and their message. */
export async function proposeTimes(workOrderId: string, body: { times: string[]; message: string }) {
  const response = await apiRequest('POST', `/api/work-orders/${encodeURIComponent(workOrderId)}/time-proposals`, body);
  return ((await response.json()) as { proposal: TimeProposal }).proposal;
}
