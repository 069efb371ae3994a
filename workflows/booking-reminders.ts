import { randomUUID } from 'node:crypto';
import { scheduleDecider } from '../shared/domain/booking/decider.ts';
import { scheduleStreamId } from '../shared/domain/booking/events.ts';
import { handleCommand } from '../shared/domain/decider.ts';
import { AppError } from '../shared/errors.ts';
import { bookingsDueForReminder } from '../projections/bookings.ts';
import type { ScheduledJob } from '../infrastructure/scheduling/scheduled.ts';

/**
 * The 24-hour reminder: every confirmed booking that starts within the next 24 hours and has had
 * no reminder for that start gets `SendReminder` through the calendar's decider. The read model
 * only says where to look; "exactly once" is the decider's rule (a second `SendReminder` for the
 * same start is a no-op, and two workers racing conflict on the append and retry into that no-op).
 * A booking cancelled or moved since the read model saw it is refused by the decider and skipped.
 */
export const bookingRemindersJob: ScheduledJob = {
  name: 'booking-reminders',
  intervalMs: 60_000,
  async run({ sql, store, now }) {
    const correlationId = randomUUID();
    let sent = 0;
    for (const due of await bookingsDueForReminder(sql, now)) {
      try {
        const result = await handleCommand(
          store,
          scheduleStreamId(due.contractorId),
          scheduleDecider,
          { type: 'SendReminder', bookingId: due.bookingId, now },
          { actorId: null, correlationId, now },
          { retries: 5 },
        );
        sent += result.newEvents.length;
      } catch (error) {
        // Not due any more (cancelled, moved, started): the next tick's query will not find it.
        if (error instanceof AppError) continue;
        throw error;
      }
    }
    return sent;
  },
};
