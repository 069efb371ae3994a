import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsProjection } from '../projections/accounts.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import type { RecordedEvent } from '../shared/eventstore/types.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';

/**
 * The accounts read model's batch path (a multi-row insert per run of registrations) must leave
 * exactly the rows that applying each event in turn leaves, for any log.
 */
let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase('accounts_batch');
  sql = connect(database.url, { max: 2 });
  await sql.unsafe(accountsProjection.schema);
});

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await database?.drop();
});

const ADMIN = '00000000-0000-4000-8000-000000000000';
let position = 0n;
function recorded(type: string, data: Record<string, unknown>): RecordedEvent {
  position += 1n;
  return {
    streamId: `account-${String(data.accountId)}`,
    revision: 0n,
    eventId: randomUUID(),
    type,
    data,
    metadata: {},
    recordedAt: new Date(),
    position: { commit: position, prepare: position },
  } as unknown as RecordedEvent;
}

/** A log over a few accounts: each registered once, then closed, suspended or restored in any order. */
const logs = fc
  .array(fc.constantFrom('customer', 'contractor'), { minLength: 1, maxLength: 12 })
  .chain((roles) => {
    const ids = roles.map(() => randomUUID());
    const later = fc.array(
      fc.tuple(
        fc.nat({ max: ids.length - 1 }),
        fc.constantFrom('AccountClosed', 'AccountSuspended', 'AccountRestored'),
      ),
      { maxLength: 20 },
    );
    return fc.tuple(fc.constant(ids), fc.constant(roles), later, fc.shuffledSubarray(ids.map((_, i) => i)));
  })
  .map(([ids, roles, later, registrationOrder]) => {
    // Registrations come first for the accounts chosen early, the rest are interleaved with updates.
    const events: RecordedEvent[] = [];
    const register = (i: number) =>
      events.push(
        recorded('AccountRegistered', { accountId: ids[i], role: roles[i], registeredAt: '2026-01-01T00:00:00.000Z' }),
      );
    const registered = new Set(registrationOrder);
    for (const i of registrationOrder) register(i);
    for (const [i, type] of later) {
      if (!registered.has(i)) {
        registered.add(i);
        register(i);
      }
      const at = '2026-02-01T00:00:00.000Z';
      const data =
        type === 'AccountClosed'
          ? { accountId: ids[i], closedAt: at }
          : type === 'AccountSuspended'
            ? { accountId: ids[i], suspendedAt: at, suspendedBy: ADMIN, reason: 'Fraud check' }
            : { accountId: ids[i], restoredAt: at, restoredBy: ADMIN };
      events.push(recorded(type, data));
    }
    return events;
  });

async function rows() {
  return sql`select * from rm_accounts order by account_id`;
}

describe('accounts read model, batch path', () => {
  it('equals applying each event in turn, for any log and any split into batches', async () => {
    await fc.assert(
      fc.asyncProperty(logs, fc.array(fc.nat({ max: 30 }), { maxLength: 4 }), async (events, cuts) => {
        await sql`truncate rm_accounts`;
        await sql.begin(async (tx) => {
          for (const event of events) await accountsProjection.apply(tx, event);
        });
        const oneByOne = await rows();

        await sql`truncate rm_accounts`;
        const bounds = [...new Set([0, ...cuts.map((cut) => Math.min(cut, events.length)), events.length])].sort(
          (a, b) => a - b,
        );
        for (let i = 0; i + 1 < bounds.length; i++) {
          const batch = events.slice(bounds[i], bounds[i + 1]);
          await sql.begin((tx) => accountsProjection.applyAll!(tx, batch));
        }
        expect(await rows()).toEqual(oneByOne);
      }),
      { numRuns: 60 },
    );
  });
});
