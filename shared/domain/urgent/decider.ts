import { urgentAlertEventSchemas } from './events.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import { WORK_LIMITS } from '../work/rules.ts';
import { withoutFullPostalCode, type WorkLocation } from '../work/events.ts';
import type { UrgentAlertEvent, UrgentAlertSent } from './events.ts';
import { URGENT_ALERT_TTL_MS, URGENT_MESSAGES as M, URGENT_MULTIPLIER, urgentPrice } from './rules.ts';

export type SendUrgentAlert = {
  type: 'SendUrgentAlert';
  alertId: string;
  customerId: string;
  /** Whether the customer's plan is Local or higher (read by the caller from the plans model). */
  customerOnPaidPlan: boolean;
  title: string;
  description: string;
  category: string;
  service: string | null;
  location: WorkLocation;
  baseCents: number;
  multiplierPct: number;
  recipients: string[];
  now: Date;
};

export type AcceptUrgentAlert = {
  type: 'AcceptUrgentAlert';
  alertId: string;
  contractorId: string;
  contractorOnPaidPlan: boolean;
  now: Date;
};

export type CancelUrgentAlert = { type: 'CancelUrgentAlert'; alertId: string; actorId: string; now: Date };

export type UrgentAlertCommand = SendUrgentAlert | AcceptUrgentAlert | CancelUrgentAlert;

export type UrgentAlertState =
  | { status: 'none' }
  | {
      status: 'open' | 'accepted' | 'cancelled';
      sent: UrgentAlertSent['data'];
      acceptedBy: string | null;
    };

function validMultiplier(pct: number): boolean {
  return (
    Number.isInteger(pct) &&
    pct >= URGENT_MULTIPLIER.minPct &&
    pct <= URGENT_MULTIPLIER.maxPct &&
    (pct - URGENT_MULTIPLIER.minPct) % URGENT_MULTIPLIER.stepPct === 0
  );
}

function sendUrgentAlert(command: SendUrgentAlert, state: UrgentAlertState): UrgentAlertEvent[] {
  if (state.status !== 'none') throw new ConflictError(M.alreadySent);
  if (!command.customerOnPaidPlan) throw new ForbiddenError(M.paidPlanToSend);
  if (!validMultiplier(command.multiplierPct)) throw new ValidationError(M.multiplier);
  if (
    !Number.isInteger(command.baseCents) ||
    command.baseCents <= 0 ||
    command.baseCents > WORK_LIMITS.budgetMaxCents
  ) {
    throw new ValidationError(M.base);
  }
  const recipients = [...new Set(command.recipients)].filter((id) => id !== command.customerId);
  if (recipients.length === 0) throw new ConflictError(M.nobodyNearby);
  const { priceCents, premiumCents } = urgentPrice(command.baseCents, command.multiplierPct);
  return [
    {
      type: 'UrgentAlertSent',
      data: {
        alertId: command.alertId,
        customerId: command.customerId,
        title: command.title,
        description: command.description,
        category: command.category,
        service: command.service,
        // The FSA only: a full postal code of a home stays out of the log.
        location: withoutFullPostalCode(command.location),
        baseCents: command.baseCents,
        multiplierPct: command.multiplierPct,
        priceCents,
        premiumCents,
        recipients,
        sentAt: command.now.toISOString(),
        expiresAt: new Date(command.now.getTime() + URGENT_ALERT_TTL_MS).toISOString(),
      },
    },
  ];
}

function acceptUrgentAlert(command: AcceptUrgentAlert, state: UrgentAlertState): UrgentAlertEvent[] {
  if (state.status === 'none') throw new NotFoundError(M.notFound);
  const sent = state.sent;
  if (!sent.recipients.includes(command.contractorId)) throw new ForbiddenError(M.notForYou);
  if (!command.contractorOnPaidPlan) throw new ForbiddenError(M.paidPlanToAccept);
  if (state.status === 'accepted') throw new ConflictError(M.taken);
  if (state.status === 'cancelled') throw new ConflictError(M.cancelled);
  if (command.now.getTime() >= Date.parse(sent.expiresAt)) throw new ConflictError(M.expired);
  return [
    {
      type: 'UrgentAlertAccepted',
      data: {
        alertId: sent.alertId,
        customerId: sent.customerId,
        contractorId: command.contractorId,
        priceCents: sent.priceCents,
        premiumCents: sent.premiumCents,
        multiplierPct: sent.multiplierPct,
        acceptedAt: command.now.toISOString(),
      },
    },
  ];
}

function cancelUrgentAlert(command: CancelUrgentAlert, state: UrgentAlertState): UrgentAlertEvent[] {
  if (state.status === 'none') throw new NotFoundError(M.notFound);
  const sent = state.sent;
  if (command.actorId !== sent.customerId) throw new ForbiddenError(M.onlyCustomerCancels);
  if (state.status === 'cancelled') return [];
  if (state.status === 'accepted') throw new ConflictError(M.acceptedAlready);
  return [
    {
      type: 'UrgentAlertCancelled',
      data: {
        alertId: sent.alertId,
        customerId: sent.customerId,
        recipients: sent.recipients,
        cancelledAt: command.now.toISOString(),
      },
    },
  ];
}

/**
 * One urgent alert. The first AcceptUrgentAlert wins: a second one, even at the same instant,
 * re-decides on the stream that already holds the acceptance (optimistic concurrency) and is
 * refused. Prices come from the base price and the multiplier, computed here, never given.
 */
export const urgentAlertDecider: Decider<UrgentAlertState, UrgentAlertCommand, UrgentAlertEvent> = {
  eventSchemas: urgentAlertEventSchemas,
  initialState: () => ({ status: 'none' }),

  evolve(state, event) {
    switch (event.type) {
      case 'UrgentAlertSent':
        return { status: 'open', sent: event.data, acceptedBy: null };
      case 'UrgentAlertAccepted':
        return state.status === 'none' ? state : { ...state, status: 'accepted', acceptedBy: event.data.contractorId };
      case 'UrgentAlertCancelled':
        return state.status === 'none' ? state : { ...state, status: 'cancelled' };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'SendUrgentAlert':
        return sendUrgentAlert(command, state);
      case 'AcceptUrgentAlert':
        return acceptUrgentAlert(command, state);
      case 'CancelUrgentAlert':
        return cancelUrgentAlert(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String((unknown as { type: string }).type)}`);
      }
    }
  },
};

/** Whether an open alert can still be accepted at `now` (it lapses without an event). */
export const isLive = (state: UrgentAlertState, now: Date) =>
  state.status === 'open' && now.getTime() < Date.parse(state.sent.expiresAt);
