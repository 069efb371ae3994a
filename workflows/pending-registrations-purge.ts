import { purgeExpiredPendingRegistrations } from '../shared/personal-data/pending-registrations.ts';
import type { ScheduledJob } from '../infrastructure/scheduling/scheduled.ts';

/**
 * Deletes sign-ups whose confirmation link has expired (24 h): they hold personal data (name,
 * e-mail, password hash, birth date) that no one can use any more. Not an event-sourced write:
 * the rows are personal data, kept beside account_personal and never in the log.
 */
export const pendingRegistrationsPurgeJob: ScheduledJob = {
  name: 'pending-registrations-purge',
  intervalMs: 15 * 60_000,
  run: ({ sql, now }) => purgeExpiredPendingRegistrations(sql, now),
};
