import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { ageOn } from '../../../shared/domain/accounts/age.ts';
import {
  accountDecider,
  EMAIL_TAKEN_MESSAGE,
  emailReservationDecider,
} from '../../../shared/domain/accounts/decider.ts';
import type { Role } from '../../../shared/domain/accounts/events.ts';
import { accountStreamId, emailReservationStreamId } from '../../../shared/domain/accounts/streams.ts';
import { handleCommand, type CommandContext } from '../../../shared/domain/decider.ts';
import { isPgError, PG_UNIQUE_VIOLATION } from '../../../shared/db/postgres.ts';
import { ConflictError, UnauthorizedError } from '../../../shared/errors.ts';
import type { Position } from '../../../shared/eventstore/types.ts';
import { eraseContactSendersOf } from '../../../shared/personal-data/contact-senders.ts';
import { erasePostalCodesOf } from '../../../shared/personal-data/postal-codes.ts';
import type { Runtime } from '../../../runtime/runtime.ts';
import {
  deletePersonalData,
  insertPersonalData,
  personalDataByEmail,
  personalDataById,
  type PersonalData,
} from './personal-data.ts';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

// Verifying against a fixed hash when the e-mail is unknown keeps sign-in timing the same for
// known and unknown addresses.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= argon2.hash('not-a-real-password', HASH_OPTIONS));

export const INVALID_CREDENTIALS = 'Invalid email or password';

export type Registration = {
  name: string;
  email: string;
  password: string;
  role: Role;
  dateOfBirth: string;
};

export type NewAccount = Omit<Registration, 'password'> & { passwordHash: string };

export type AccountsDeps = Pick<Runtime, 'sql' | 'store'> & { emailHashKey: string };

export const hashPassword = (password: string): Promise<string> => argon2.hash(password, HASH_OPTIONS);

/** Whether `password` matches an argon2 hash; false for a malformed hash rather than an error. */
export const verifyPassword = (hash: string, password: string): Promise<boolean> =>
  argon2.verify(hash, password).catch(() => false);

/** The age rule (the account decider's), before anything is hashed, reserved or stored. */
export function checkRegistrationAge(role: Role, dateOfBirth: string, now: Date): void {
  accountDecider.decide(
    { type: 'RegisterAccount', accountId: randomUUID(), role, ageInYears: ageOn(dateOfBirth, now), now },
    accountDecider.initialState(),
  );
}

/** Registers an account at once from a password (operators, the demo seed and tests). */
export async function registerAccount(
  deps: AccountsDeps,
  input: Registration,
  context: CommandContext,
): Promise<{ accountId: string; position: Position }> {
  checkRegistrationAge(input.role, input.dateOfBirth, context.now);
  const { password, ...rest } = input;
  return createAccount(deps, { ...rest, passwordHash: await hashPassword(password) }, context);
}

/**
 * The registration itself (public sign-ups reach it once their e-mail is confirmed): reserve the
 * e-mail in its reservation stream (the uniqueness guarantee, race-safe through the expected
 * revision), store the personal data, then append AccountRegistered. A failure after the
 * reservation undoes what was done, so the address is not locked out.
 */
export async function createAccount(
  deps: AccountsDeps,
  input: NewAccount,
  context: CommandContext,
): Promise<{ accountId: string; position: Position }> {
  const accountId = randomUUID();
  const ageInYears = ageOn(input.dateOfBirth, context.now);
  checkRegistrationAge(input.role, input.dateOfBirth, context.now);
  const emailStream = emailReservationStreamId(input.email, deps.emailHashKey);

  await handleCommand(
    deps.store,
    emailStream,
    emailReservationDecider,
    async (state) => ({
      type: 'ReserveEmail' as const,
      accountId,
      holderRegistered:
        state.status === 'reserved'
          ? (await deps.store.readStream(accountStreamId(state.accountId), { maxCount: 1 })).length > 0
          : false,
      now: context.now,
    }),
    context,
  );

  let personalStored = false;
  try {
    await insertPersonalData(deps.sql, {
      accountId,
      name: input.name,
      email: input.email,
      passwordHash: input.passwordHash,
      dateOfBirth: input.dateOfBirth,
    });
    personalStored = true;
    const result = await handleCommand(
      deps.store,
      accountStreamId(accountId),
      accountDecider,
      { type: 'RegisterAccount', accountId, role: input.role, ageInYears, now: context.now },
      context,
    );
    return { accountId, position: result.position! };
  } catch (error) {
    if (personalStored) await deletePersonalData(deps.sql, accountId).catch(() => {});
    await handleCommand(
      deps.store,
      emailStream,
      emailReservationDecider,
      {
        type: 'ReleaseEmail',
        accountId,
        now: context.now,
      },
      context,
    ).catch(() => {});
    if (isPgError(error) && error.code === PG_UNIQUE_VIOLATION) throw new ConflictError(EMAIL_TAKEN_MESSAGE);
    throw error;
  }
}

/** Checks a password; the same error for an unknown e-mail and a wrong password. */
export async function verifyCredentials(deps: AccountsDeps, email: string, password: string): Promise<PersonalData> {
  const personal = await personalDataByEmail(deps.sql, email);
  const hash = personal?.passwordHash ?? (await getDummyHash());
  const valid = await verifyPassword(hash, password);
  if (!personal || !valid) throw new UnauthorizedError(INVALID_CREDENTIALS);
  return personal;
}

/**
 * Account deletion (PIPEDA): AccountClosed goes into the log, the personal data row is deleted and
 * the e-mail reservation released, so the address can register again; what the member gave the
 * contact form while signed in, and the full postal codes they gave, go too (before the personal
 * row, so a retry is still possible). Legal copies of their signatures stay until their retention ends (docs/decisions.md, "Legal copies and retention"). Each step is idempotent, so a
 * deletion interrupted half-way completes when retried.
 */
export async function closeAccount(
  deps: AccountsDeps,
  accountId: string,
  context: CommandContext,
): Promise<{ position: Position | null }> {
  const personal = await personalDataById(deps.sql, accountId);
  const closed = await handleCommand(
    deps.store,
    accountStreamId(accountId),
    accountDecider,
    { type: 'CloseAccount', accountId, now: context.now },
    context,
  );
  // The rest of what the member gave first: once the personal row is gone they can no longer sign
  // in to retry a deletion that stopped half-way.
  await eraseContactSendersOf(deps.sql, accountId);
  await erasePostalCodesOf(deps.sql, accountId);
  if (personal) {
    await handleCommand(
      deps.store,
      emailReservationStreamId(personal.email, deps.emailHashKey),
      emailReservationDecider,
      { type: 'ReleaseEmail', accountId, now: context.now },
      context,
    );
    await deletePersonalData(deps.sql, accountId);
  }
  return { position: closed.position };
}
