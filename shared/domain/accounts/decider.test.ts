import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { deciderSpec } from '../testing.ts';
import { ageOn, isCalendarDate } from './age.ts';
import {
  accountDecider,
  EMAIL_TAKEN_MESSAGE,
  emailReservationDecider,
  ORPHANED_RESERVATION_MS,
  UNDER_AGE_MESSAGE,
  SUSPENSION_MESSAGES,
} from './decider.ts';
import type { AccountEvent, EmailReservationEvent } from './events.ts';
import { emailReservationStreamId, normaliseEmail } from './streams.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const accountId = '6f1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';
const otherId = '0b7a1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e70';

describe('account decider', () => {
  const spec = deciderSpec(accountDecider);
  const registered: AccountEvent = {
    type: 'AccountRegistered',
    data: { accountId, role: 'customer', registeredAt: now.toISOString() },
  };

  it('registers a new account aged 15 or more', () => {
    spec([]).when({ type: 'RegisterAccount', accountId, role: 'customer', ageInYears: 15, now }).then([registered]);
  });

  it('refuses anyone under 15 with the spec message', () => {
    spec([])
      .when({ type: 'RegisterAccount', accountId, role: 'contractor', ageInYears: 14, now })
      .thenThrows(ValidationError, UNDER_AGE_MESSAGE);
  });

  it('refuses to register the same account twice', () => {
    spec([registered])
      .when({ type: 'RegisterAccount', accountId, role: 'customer', ageInYears: 30, now })
      .thenThrows(ConflictError);
  });

  it('closes an active account', () => {
    spec([registered])
      .when({ type: 'CloseAccount', accountId, now })
      .then([{ type: 'AccountClosed', data: { accountId, closedAt: now.toISOString() } }]);
  });

  it('treats closing a closed account as done (a retried deletion succeeds)', () => {
    spec([registered, { type: 'AccountClosed', data: { accountId, closedAt: now.toISOString() } }])
      .when({ type: 'CloseAccount', accountId, now })
      .then([]);
  });

  it('cannot close an account that never existed', () => {
    spec([]).when({ type: 'CloseAccount', accountId, now }).thenThrows(ConflictError);
  });
});

describe('e-mail reservation decider', () => {
  const spec = deciderSpec(emailReservationDecider);
  const reserved = (id: string, at: Date = now): EmailReservationEvent => ({
    type: 'EmailReserved',
    data: { accountId: id, reservedAt: at.toISOString() },
  });

  it('reserves a free address', () => {
    spec([])
      .when({ type: 'ReserveEmail', accountId, holderRegistered: false, now })
      .then([reserved(accountId)]);
  });

  it('refuses an address held by a registered account, whatever its role', () => {
    spec([reserved(otherId)])
      .when({ type: 'ReserveEmail', accountId, holderRegistered: true, now })
      .thenThrows(ConflictError, EMAIL_TAKEN_MESSAGE);
  });

  it('refuses a fresh reservation whose sign-up may still be in progress', () => {
    spec([reserved(otherId, new Date(now.getTime() - 1000))])
      .when({ type: 'ReserveEmail', accountId, holderRegistered: false, now })
      .thenThrows(ConflictError);
  });

  it('takes over an orphaned reservation (holder never registered, old enough)', () => {
    spec([reserved(otherId, new Date(now.getTime() - ORPHANED_RESERVATION_MS))])
      .when({ type: 'ReserveEmail', accountId, holderRegistered: false, now })
      .then([reserved(accountId)]);
  });

  it('is idempotent for the holder itself', () => {
    spec([reserved(accountId)])
      .when({ type: 'ReserveEmail', accountId, holderRegistered: true, now })
      .then([]);
  });

  it("releases the holder's reservation so the address can register again", () => {
    spec([reserved(accountId)])
      .when({ type: 'ReleaseEmail', accountId, now })
      .then([{ type: 'EmailReleased', data: { accountId, releasedAt: now.toISOString() } }]);
    spec([reserved(accountId), { type: 'EmailReleased', data: { accountId, releasedAt: now.toISOString() } }])
      .when({ type: 'ReserveEmail', accountId: otherId, holderRegistered: true, now })
      .then([reserved(otherId)]);
  });

  it('ignores a release by someone who does not hold the address', () => {
    spec([reserved(otherId)])
      .when({ type: 'ReleaseEmail', accountId, now })
      .then([]);
  });
});

describe('ageOn', () => {
  it('counts whole years, turning a year older on the birthday', () => {
    expect(ageOn('2011-11-22', now)).toBe(15);
    expect(ageOn('2011-11-23', now)).toBe(14);
    expect(ageOn('2000-02-29', new Date('2026-02-28T00:00:00Z'))).toBe(25);
    expect(ageOn('2000-02-29', new Date('2026-03-01T00:00:00Z'))).toBe(26);
  });

  it('never decreases as time passes', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1900-01-01'), max: new Date('2020-12-31'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 40_000 }),
        fc.integer({ min: 1, max: 1000 }),
        (birth, offsetDays, laterDays) => {
          const dob = birth.toISOString().slice(0, 10);
          const day = new Date(birth.getTime() + offsetDays * 86_400_000);
          const later = new Date(day.getTime() + laterDays * 86_400_000);
          return ageOn(dob, later) >= ageOn(dob, day);
        },
      ),
    );
  });
});

describe('isCalendarDate', () => {
  it('accepts real dates and rejects impossible or malformed ones', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-13-01')).toBe(false);
    expect(isCalendarDate('23-01-01')).toBe(false);
    expect(isCalendarDate('2023-1-1')).toBe(false);
  });
});

describe('emailReservationStreamId', () => {
  it('is the same for the same address in any case or padding, and keeps no plain address', () => {
    const a = emailReservationStreamId('  Jane.Doe@Example.CA ', 'key');
    expect(a).toBe(emailReservationStreamId('jane.doe@example.ca', 'key'));
    expect(a).not.toContain('example');
    expect(a).toMatch(/^email-[0-9a-f]{64}$/);
    expect(emailReservationStreamId('jane.doe@example.ca', 'other-key')).not.toBe(a);
    expect(normaliseEmail(' A@B.CA ')).toBe('a@b.ca');
  });
});

describe('suspension', () => {
  const spec = deciderSpec(accountDecider);
  const adminId = '0c0c1d1e-2f4e-4b7a-9b0e-1a2b3c4d5e71';
  const registered = (role: 'customer' | 'contractor' | 'admin' = 'contractor'): AccountEvent => ({
    type: 'AccountRegistered',
    data: { accountId, role, registeredAt: now.toISOString() },
  });
  const suspended: AccountEvent = {
    type: 'AccountSuspended',
    data: { accountId, suspendedBy: adminId, reason: 'Fake reviews', suspendedAt: now.toISOString() },
  };
  const suspend = (reason = '  Fake reviews ') =>
    ({ type: 'SuspendAccount', accountId, adminId, reason, now }) as const;
  const restore = { type: 'RestoreAccount', accountId, adminId, now } as const;

  it('suspends an active customer or contractor with a trimmed reason, once', () => {
    spec([registered()]).when(suspend()).then([suspended]);
    spec([registered(), suspended]).when(suspend()).thenThrows(ConflictError, SUSPENSION_MESSAGES.alreadySuspended);
    spec([registered()]).when(suspend('no')).thenThrows(ValidationError, SUSPENSION_MESSAGES.reason);
    spec([registered()])
      .when(suspend('x'.repeat(501)))
      .thenThrows(ValidationError, SUSPENSION_MESSAGES.reason);
  });

  it('refuses administrators, closed accounts and unknown ones', () => {
    spec([registered('admin')])
      .when(suspend())
      .thenThrows(ForbiddenError, SUSPENSION_MESSAGES.adminsExempt);
    const closed: AccountEvent = { type: 'AccountClosed', data: { accountId, closedAt: now.toISOString() } };
    spec([registered(), closed]).when(suspend()).thenThrows(ConflictError, SUSPENSION_MESSAGES.closed);
    spec([]).when(suspend()).thenThrows(NotFoundError, SUSPENSION_MESSAGES.notFound);
  });

  it('restores a suspended account only', () => {
    spec([registered(), suspended])
      .when(restore)
      .then([{ type: 'AccountRestored', data: { accountId, restoredBy: adminId, restoredAt: now.toISOString() } }]);
    spec([registered()]).when(restore).thenThrows(ConflictError, SUSPENSION_MESSAGES.notSuspended);
  });
});
