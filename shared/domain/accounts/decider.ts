import { ConflictError, ValidationError } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import { MINIMUM_AGE } from './age.ts';
import type { AccountEvent, EmailReservationEvent, Role } from './events.ts';

export const UNDER_AGE_MESSAGE = 'You must be 15 or older to use this service.';
export const EMAIL_TAKEN_MESSAGE = 'An account with this email address already exists.';

// ---------------------------------------------------------------- account

export type AccountState =
  | { status: 'none' }
  | { status: 'active'; accountId: string; role: Role }
  | { status: 'closed'; accountId: string; role: Role };

export type RegisterAccount = {
  type: 'RegisterAccount';
  accountId: string;
  role: Role;
  /** Age in whole years on the day of registration, computed from the birth date by the handler. */
  ageInYears: number;
  now: Date;
};
export type CloseAccount = { type: 'CloseAccount'; accountId: string; now: Date };
export type AccountCommand = RegisterAccount | CloseAccount;

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
  initialState: () => ({ status: 'none' }),
  evolve(state, event) {
    switch (event.type) {
      case 'AccountRegistered':
        return { status: 'active', accountId: event.data.accountId, role: event.data.role };
      case 'AccountClosed':
        return state.status === 'none' ? state : { ...state, status: 'closed' };
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
