import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_CHANGED_CHANNEL, notificationsProjection } from '../projections/notifications.ts';
import { connect, type Sql, type TransactionSql } from '../shared/db/postgres.ts';
import { notificationIdFor } from '../shared/domain/notifications/draft.ts';
import type { RecordedEvent } from '../shared/eventstore/types.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { recordedEvent } from './support/recorded-event.ts';

/**
 * The notifications read model's batch path (one insert for the batch's new notifications, "all
 * read" before them, single reads and deletes after) must leave exactly the rows that `apply` on
 * each event in turn leaves, for any log and any cut of it into batches: notifications arriving
 * before and after an "all read", reads and deletes of another user's notification (which change
 * nothing), and an event delivered twice (its notification is not doubled). So must the from-zero
 * rebuild's path, which writes new rows by COPY and sends an id it has perhaps written already
 * (the redelivered event, in a later window) through the insert that leaves the row be.
 */
let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase('notifications_batch');
  sql = connect(database.url, { max: 2 });
});

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await database?.drop();
});

const USERS = [
  '10000000-0000-4000-8000-000000000001',
  '10000000-0000-4000-8000-000000000002',
  '10000000-0000-4000-8000-000000000003',
] as const;

type Step =
  | { kind: 'welcome'; user: number; again: boolean }
  | { kind: 'read' | 'delete'; user: number; of: number }
  | { kind: 'readAll'; user: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('welcome' as const), user: fc.nat(2), again: fc.boolean() }),
  fc.record({ kind: fc.constantFrom('read' as const, 'delete' as const), user: fc.nat(2), of: fc.nat(30) }),
  fc.record({ kind: fc.constant('readAll' as const), user: fc.nat(2) }),
);

/** A customer's registration: the event that gives them a welcome notification. */
const registration = (accountId: string, registeredAt: string) =>
  recordedEvent('AccountRegistered', { accountId, role: 'customer', registeredAt });

/** The log the steps describe: a welcome is a registration (a notification), the rest the user's actions. */
function logOf(steps: Step[]): RecordedEvent[] {
  const log: RecordedEvent[] = [];
  const welcomes: { event: RecordedEvent; userId: string }[] = [];
  const at = (i: number) => new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString();
  steps.forEach((s, i) => {
    const userId = USERS[s.user]!;
    if (s.kind === 'welcome') {
      const earlier = welcomes[welcomes.length - 1]?.event;
      // A redelivered event: the same id, so the same notification id.
      const event = s.again && earlier ? earlier : registration(userId, at(i));
      welcomes.push({ event, userId: earlier && s.again ? welcomes[welcomes.length - 1]!.userId : userId });
      log.push(event);
    } else if (s.kind === 'readAll') {
      log.push(recordedEvent('AllNotificationsRead', { userId, readAt: at(i) }));
    } else {
      // Any welcome so far, maybe another user's (then nothing changes), or one not there yet.
      const target = welcomes[s.of % Math.max(1, welcomes.length)];
      const notificationId = target
        ? notificationIdFor(target.event.id, 'welcome', target.userId)
        : notificationIdFor('none', 'welcome', userId);
      log.push(
        s.kind === 'read'
          ? recordedEvent('NotificationRead', { notificationId, userId, readAt: at(i) })
          : recordedEvent('NotificationDeleted', { notificationId, userId, deletedAt: at(i) }),
      );
    }
  });
  return log;
}

async function recreateTable() {
  await sql.unsafe(notificationsProjection.reset);
  await sql.unsafe(notificationsProjection.schema);
}

const dump = async () =>
  (await sql<{ row: string }[]>`select to_jsonb(n)::text as row from rm_notifications n order by id`).map((r) => r.row);

async function oneByOne(log: RecordedEvent[]) {
  await recreateTable();
  for (const event of log) await sql.begin((tx) => notificationsProjection.apply(tx, event));
  return dump();
}

/** Hands `apply` the log cut into windows of `sizes` (cycled), each in its own transaction. */
async function eachWindow(
  log: RecordedEvent[],
  sizes: number[],
  apply: (tx: TransactionSql, batch: RecordedEvent[]) => Promise<void>,
) {
  for (let at = 0, i = 0; at < log.length; i++) {
    const size = sizes[i % sizes.length]!;
    const batch = log.slice(at, at + size);
    await sql.begin((tx) => apply(tx, batch));
    at += size;
  }
}

async function inBatches(log: RecordedEvent[], sizes: number[]) {
  await recreateTable();
  await eachWindow(log, sizes, (tx, batch) => notificationsProjection.applyAll!(tx, batch));
  return dump();
}

async function rebuiltInWindows(log: RecordedEvent[], sizes: number[], copyMinRows?: number) {
  await recreateTable();
  const rebuild = notificationsProjection.rebuild!({ copyMinRows });
  await sql.begin((tx) => rebuild.start(tx));
  await eachWindow(log, sizes, (tx, batch) => rebuild.applyAll(tx, batch));
  await sql.begin((tx) => rebuild.finish(tx));
  return dump();
}

describe('notifications, set-based', () => {
  it('any cut of any log into batches ends with the rows event-by-event application ends with', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 4 }),
        async (steps, sizes) => {
          const log = logOf(steps);
          const expected = await oneByOne(log);
          expect(await inBatches(log, sizes)).toEqual(expected);
          expect(await inBatches(log, [log.length])).toEqual(expected);
          expect(await rebuiltInWindows(log, sizes)).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  it('a rebuild keeps the first notification of an event delivered again in a later window, and copies the rest', async () => {
    const [user] = USERS;
    const registered = registration(user, '2026-11-01T00:00:00.000Z');
    const read = recordedEvent('NotificationRead', {
      notificationId: notificationIdFor(registered.id, 'welcome', user),
      userId: user,
      readAt: '2026-11-01T00:01:00.000Z',
    });
    // Read between the two deliveries: the second must neither fail the COPY nor bring back an unread row.
    expect(await rebuiltInWindows([registered, read, registered], [1], 0)).toEqual(
      await oneByOne([registered, read, registered]),
    );
    const rows = await sql<{ is_read: boolean }[]>`select is_read from rm_notifications`;
    expect(rows).toEqual([{ is_read: true }]);
  });

  it('an "all read" leaves a notification that arrives after it, in the same batch, unread', async () => {
    const [user] = USERS;
    const first = registration(user, '2026-11-01T00:00:00.000Z');
    const log = [
      first,
      recordedEvent('AllNotificationsRead', { userId: user, readAt: '2026-11-01T00:01:00.000Z' }),
      registration(user, '2026-11-01T00:02:00.000Z'),
    ];
    await inBatches(log, [3]);
    const rows = await sql<{ id: string; is_read: boolean }[]>`select id, is_read from rm_notifications`;
    const firstId = notificationIdFor(first.id, 'welcome', user);
    expect(rows.map((row) => [row.id === firstId, row.is_read]).sort()).toEqual([
      [false, false],
      [true, true],
    ]);
  });

  it("announces each changed user once a batch, at the user's last event in it (what the live updates listen for)", async () => {
    await recreateTable();
    const heard: string[] = [];
    const listening = await sql.listen(NOTIFICATIONS_CHANGED_CHANNEL, (payload) => heard.push(payload));
    try {
      const [first, second] = USERS;
      const at = '2026-11-01T00:00:00.000Z';
      const log = [
        registration(first, at),
        registration(second, at),
        recordedEvent('AllNotificationsRead', { userId: first, readAt: at }),
      ];
      await sql.begin((tx) => notificationsProjection.applyAll!(tx, log));
      const position = (event: RecordedEvent) => `${event.position.commit}/${event.position.prepare}`;
      await expect.poll(() => heard.length).toBe(2);
      expect(heard.sort()).toEqual([`${first} ${position(log[2]!)}`, `${second} ${position(log[1]!)}`].sort());
    } finally {
      await listening.unlisten();
    }
  });
});
