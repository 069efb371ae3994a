import { randomUUID } from 'node:crypto';
import type { RecurringTerms } from '../shared/domain/contracts/events.ts';
import type { CommandContext } from '../shared/domain/decider.ts';
import { AppError } from '../shared/errors.ts';
import { WrongExpectedVersionError } from '../shared/eventstore/types.ts';

/**
 * What the timers of the money process share (money-jobs.ts, recurring-jobs.ts, and the dispute,
 * urgent and plan timers): the context their commands run in, how a command's refusal counts, and
 * the facts a job's contract is written from. A module of its own so that recurring-jobs.ts, whose
 * jobs money-jobs.ts reads, needs nothing from money-jobs.ts (they imported each other).
 */

/** The context of a command a timer issues: no actor, a new correlation id. */
export const systemContext = (now: Date): CommandContext => ({ actorId: null, correlationId: randomUUID(), now });

/** Runs one command and counts its events; a refusal (the job moved on since the read) counts 0. */
export async function attempt(run: () => Promise<{ newEvents: unknown[] }>): Promise<number> {
  try {
    return (await run()).newEvents.length;
  } catch (error) {
    if (error instanceof AppError || error instanceof WrongExpectedVersionError) return 0;
    throw error;
  }
}

export type JobFacts = {
  jobId: string;
  jobKind: 'work-order' | 'booking';
  customerId: string;
  contractorId: string;
  title: string;
  scope: string;
  priceCents: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  timeZone: string | null;
  workProvince: string | null;
  contractorProvince: string | null;
  /** An urgent job's premium (from its alert); absent or null otherwise. */
  urgentMultiplierPct?: number | null;
  urgentBaseCents?: number | null;
  urgentPremiumCents?: number | null;
  /** A recurring service's agreement or visit (recurring-jobs.ts reads them). */
  recurring?: RecurringTerms;
};
