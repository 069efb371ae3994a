import { accountEventSchemas, emailReservationEventSchemas } from './events.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import { MINIMUM_AGE } from './age.ts';
import type { AccountEvent, EmailReservationEvent, Role } from './events.ts';
import { SUSPENSION_LIMITS, SUSPENSION_MESSAGES } from './suspension.ts';

export const UNDER_AGE_MESSAGE = 'You must be 15 or older to use this service.';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email address already exists.';

// ---------------------------------------------------------------- account

export type AccountState =
  { status: 'none' } | { status: 'active' | 'suspended' | 'closed'; accountId: string; role: Role };

export { SUSPENSION_LIMITS, SUSPENSION_MESSAGES } from './suspension.ts';

export type RegisterAccount = {
  type: 'RegisterAccount';
  accountId: string;
  role: Role;
  /** Age in whole years on the day of registration, computed from the birth date by the handler. */
  ageInYears: number;
  now: Date;
};
export type CloseAccount = { type: 'CloseAccount'; accountId: string; now: Date };
/** By an administrator (the route checks the role; the decider the target). */
export type SuspendAccount = { type: 'SuspendAccount'; accountId: string; adminId: string; reason: string; now: Date };
export type RestoreAccount = { type: 'RestoreAccount'; accountId: string; adminId: string; now: Date };
export type AccountCommand = RegisterAccount | CloseAccount | SuspendAccount | RestoreAccount;

export function suspendAccount(command: SuspendAccount, state: AccountState): AccountEvent[] {
  const M = SUSPENSION_MESSAGES;
  if (state.status === 'none') throw new NotFoundError(M.notFound);
  if (state.status === 'closed') throw new ConflictError(M.closed);
  // Admins are managed by operators; it also keeps an admin from locking themselves out.
  if (state.role === 'admin') throw new ForbiddenError(M.adminsExempt);
  if (state.status === 'suspended') throw new ConflictError(M.alreadySuspended);
  const reason = command.reason.trim();
  const length = [...reason].length;
  if (length < SUSPENSION_LIMITS.reasonMin || length > SUSPENSION_LIMITS.reasonMax) {
    throw new ValidationError(M.reason);
  }
  return [
    {
      type: 'AccountSuspended',
      data: {
        accountId: command.accountId,
        suspendedBy: command.adminId,
        reason,
        suspendedAt: command.now.toISOString(),
      },
    },
  ];
}

export function restoreAccount(command: RestoreAccount, state: AccountState): AccountEvent[] {
  const M = SUSPENSION_MESSAGES;
  if (state.status === 'none') throw new NotFoundError(M.notFound);
  if (state.status === 'closed') throw new ConflictError(M.closed);
  if (state.status !== 'suspended') throw new ConflictError(M.notSuspended);
  return [
    {
      type: 'AccountRestored',
      data: { accountId: command.accountId, restoredBy: command.adminId, restoredAt: command.now.toISOString() },
    },
  ];
}

export function registerAccount(command: RegisterAccount, state: AccountState): AccountEvent[] {
  if (state.status !== 'none') throw new ConflictError('This account already exists.');
  if (command.ageInYears < MINIMUM_AGE) throw new ValidationError(UNDER_AGE_MESSAGE);
  return [
    {
      type: 'AccountRegistered',
      data: { accountId: command.accountId, role: command.role, registeredAt: command.now.toISOString() },
    },
  ];
}

export function closeAccount(command: CloseAccount, state: AccountState): AccountEvent[] {
  if (state.status === 'none') throw new ConflictError('This account does not exist.');
  // Closing twice is a no-op, so a retried deletion succeeds.
  if (state.status === 'closed') return [];
  return [{ type: 'AccountClosed', data: { accountId: command.accountId, closedAt: command.now.toISOString() } }];
}

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  eventSchemas: accountEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'AccountRegistered':
        return { status: 'active', accountId: event.data.accountId, role: event.data.role };
      case 'AccountClosed':
        return state.status === 'none' ? state : { ...state, status: 'closed' };
      case 'AccountSuspended':
        return state.status === 'none' ? state : { ...state, status: 'suspended' };
      case 'AccountRestored':
        return state.status === 'none' ? state : { ...state, status: 'active' };
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'RegisterAccount':
        return registerAccount(command, state);
      case 'CloseAccount':
        return closeAccount(command, state);
      case 'SuspendAccount':
        return suspendAccount(command, state);
      case 'RestoreAccount':
        return restoreAccount(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};

// ---------------------------------------------------------------- e-mail reservation

/**
 * A reservation whose account never got registered (the process died between the two appends)
 * may be taken over after this long, so an address can never be locked out for ever.
 */
export const ORPHANED_RESERVATION_MS = 15 * 60 * 1000;

export type EmailReservationState = { status: 'free' } | { status: 'reserved'; accountId: string; reservedAt: string };

export type ReserveEmail = {
  type: 'ReserveEmail';
  accountId: string;
  /** Whether the current holder's account stream exists; looked up by the handler. */
  holderRegistered: boolean;
  now: Date;
};
export type ReleaseEmail = { type: 'ReleaseEmail'; accountId: string; now: Date };
export type EmailReservationCommand = ReserveEmail | ReleaseEmail;

export function reserveEmail(command: ReserveEmail, state: EmailReservationState): EmailReservationEvent[] {
  if (state.status === 'reserved') {
    if (state.accountId === command.accountId) return [];
    const orphaned =
      !command.holderRegistered && command.now.getTime() - Date.parse(state.reservedAt) >= ORPHANED_RESERVATION_MS;
    if (!orphaned) throw new ConflictError(EMAIL_TAKEN_MESSAGE);
  }
  return [{ type: 'EmailReserved', data: { accountId: command.accountId, reservedAt: command.now.toISOString() } }];
}

export function releaseEmail(command: ReleaseEmail, state: EmailReservationState): EmailReservationEvent[] {
  // Only the holder's own release counts; releasing a free or someone else's address changes nothing.
  if (state.status !== 'reserved' || state.accountId !== command.accountId) return [];
  return [{ type: 'EmailReleased', data: { accountId: command.accountId, releasedAt: command.now.toISOString() } }];
}

export const emailReservationDecider: Decider<EmailReservationState, EmailReservationCommand, EmailReservationEvent> = {
  eventSchemas: emailReservationEventSchemas,
  initialState: () => ({ status: 'free' }),
  evolve(state, event) {
    switch (event.type) {
      case 'EmailReserved':
        return { status: 'reserved', accountId: event.data.accountId, reservedAt: event.data.reservedAt };
      case 'EmailReleased':
        return { status: 'free' };
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'ReserveEmail':
        return reserveEmail(command, state);
      case 'ReleaseEmail':
        return releaseEmail(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
      }
    }
  },
};
