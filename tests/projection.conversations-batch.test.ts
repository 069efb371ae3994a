import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagingProjection } from '../projections/messaging.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import type { ConversationKind } from '../shared/domain/messaging/events.ts';
import type { RecordedEvent } from '../shared/eventstore/types.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { completeRecordedEvent, PROPERTY_SEED, recordedEvent } from './support/recorded-event.ts';

/**
 * The conversations read model's batch path (whole conversations loaded, the events replayed over
 * them in memory, the changed rows written back) must leave exactly the rows that `apply`'s
 * statements leave event by event, for any log and any cut of it into batches. The demo
 * marketplace's log (tests/projections.rebuild-equivalence.test.ts) holds a few messages and no
 * reads; these logs hold what it lacks: reads up to any message (one of another conversation, one
 * not there), unread counts recounted after messages from either side or from a third user, awards
 * that replace a direct contractor, a booking requested twice, a message delivered twice, and ids
 * in capitals. The rebuild path is the same batch with its new rows written by COPY: a row it
 * wrongly takes for new fails the COPY (a duplicate key), one it wrongly takes for old is upserted.
 */
let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase('conversations_batch');
  sql = connect(database.url, { max: 2 });
});

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await database?.drop();
});

/** A few ids of one kind, the first in capitals (the schemas accept both; PostgreSQL keeps lower case). */
const ids = (kind: number, count: number) =>
  Array.from({ length: count }, (_, i) => {
    const id = `0000000${kind}-aaaa-4bbb-8ccc-${String(i + 1).padStart(12, '0')}`;
    return i === 0 ? id.toUpperCase() : id;
  });
const USERS = ids(1, 4);
const BOOKINGS = ids(2, 2);
const WORK_ORDERS = ids(3, 2);
const MESSAGE_IDS = ids(4, 40);

type Step =
  | { kind: 'book'; booking: number; customer: number; contractor: number }
  | { kind: 'reschedule'; booking: number }
  | { kind: 'post'; order: number; customer: number; direct: number | null; title: string }
  | { kind: 'edit'; order: number; title: string }
  | { kind: 'award'; order: number; contractor: number }
  | { kind: 'message'; conversation: number; sender: number; recipient: number; body: string; again: number | null }
  | { kind: 'read'; conversation: number; reader: number; upTo: number | null };

const user = fc.nat({ max: USERS.length - 1 });
const title = fc.constantFrom('Fix the fence', 'Paint the deck');
/** Short, or long enough to be cut for the preview (an emoji is one character there, not two). */
const body = fc.constantFrom('Hi!', 'See you at 9.', `${'🙂'.repeat(100)}${'x'.repeat(100)}`);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('book' as const), booking: fc.nat(1), customer: user, contractor: user }),
  fc.record({ kind: fc.constant('reschedule' as const), booking: fc.nat(1) }),
  fc.record({
    kind: fc.constant('post' as const),
    order: fc.nat(1),
    customer: user,
    direct: fc.option(user, { nil: null }),
    title,
  }),
  fc.record({ kind: fc.constant('edit' as const), order: fc.nat(1), title }),
  fc.record({ kind: fc.constant('award' as const), order: fc.nat(1), contractor: user }),
  {
    arbitrary: fc.record({
      kind: fc.constant('message' as const),
      conversation: fc.nat(3),
      sender: user,
      recipient: user,
      body,
      // Sometimes an id posted before (a redelivery, maybe to another conversation).
      again: fc.option(fc.nat(39), { nil: null, freq: 4 }),
    }),
    weight: 4,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('read' as const),
      conversation: fc.nat(3),
      reader: user,
      // Any message posted so far, or (null) one that was never posted.
      upTo: fc.option(fc.nat(39), { nil: null, freq: 6 }),
    }),
    weight: 3,
  },
);

/**
 * The log the steps describe. A message goes only to a conversation requested or posted earlier in
 * the log: a second message to one that does not exist fails `apply` too (both would take seq 1).
 */
function logOf(steps: Step[]): RecordedEvent[] {
  const log: RecordedEvent[] = [];
  const refs: { kind: ConversationKind; id: string }[] = [
    ...BOOKINGS.map((id) => ({ kind: 'booking' as const, id })),
    ...WORK_ORDERS.map((id) => ({ kind: 'work-order' as const, id })),
  ];
  const created = new Set<number>();
  let posted = 0;
  const at = (i: number) => new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString();
  steps.forEach((s, i) => {
    switch (s.kind) {
      case 'book':
        created.add(s.booking);
        log.push(
          recordedEvent('BookingRequested', {
            bookingId: BOOKINGS[s.booking],
            contractorId: USERS[s.contractor],
            customerId: USERS[s.customer],
            startsAt: at(i + 1000),
            endsAt: at(i + 1060),
            timeZone: 'America/Toronto',
            customerTimeZone: 'America/Toronto',
            workOrderId: s.booking === 0 ? WORK_ORDERS[0] : null,
            offeringId: null,
            priceCents: null,
            note: null,
            requestedAt: at(i),
          }),
        );
        return;
      case 'reschedule':
        log.push(
          recordedEvent('BookingRescheduled', {
            bookingId: BOOKINGS[s.booking],
            contractorId: USERS[1],
            customerId: USERS[0],
            previousStartsAt: at(i + 1000),
            startsAt: at(i + 2000),
            endsAt: at(i + 2060),
            rescheduledBy: USERS[0],
            needsConfirmation: false,
            rescheduledAt: at(i),
          }),
        );
        return;
      case 'post':
        created.add(BOOKINGS.length + s.order);
        log.push(
          completeRecordedEvent('WorkOrderPosted', {
            workOrderId: WORK_ORDERS[s.order],
            customerId: USERS[s.customer],
            mode: s.direct === null ? 'bids' : 'direct',
            directContractorId: s.direct === null ? null : USERS[s.direct],
            title: s.title,
            postedAt: at(i),
          }),
        );
        return;
      case 'edit':
        log.push(
          completeRecordedEvent('WorkOrderEdited', {
            workOrderId: WORK_ORDERS[s.order],
            customerId: USERS[0],
            title: s.title,
            editedAt: at(i),
          }),
        );
        return;
      case 'award':
        log.push(
          recordedEvent('WorkOrderAwarded', {
            workOrderId: WORK_ORDERS[s.order],
            customerId: USERS[0],
            contractorId: USERS[s.contractor],
            proposalId: null,
            priceCents: 10_000,
            awardedAt: at(i),
          }),
        );
        return;
      case 'message': {
        // One of the conversations that exist by now.
        const open = [...created];
        if (open.length === 0) return;
        const conversation = refs[open[s.conversation % open.length]!];
        const again = s.again !== null && posted > 0 ? s.again % posted : null;
        const messageId = again ?? Math.min(posted++, MESSAGE_IDS.length - 1);
        log.push(
          recordedEvent('MessagePosted', {
            messageId: MESSAGE_IDS[messageId],
            conversation,
            senderId: USERS[s.sender],
            recipientId: USERS[s.recipient],
            body: s.body,
            postedAt: at(i),
          }),
        );
        return;
      }
      case 'read':
        log.push(
          recordedEvent('ConversationRead', {
            conversation: refs[s.conversation],
            readerId: USERS[s.reader],
            upToMessageId: s.upTo === null || posted === 0 ? MESSAGE_IDS[39] : MESSAGE_IDS[s.upTo % posted],
            readAt: at(i),
          }),
        );
        return;
    }
  });
  return log;
}

/**
 * Every log opens with a booking and a direct work order between the first users: a random log
 * would seldom create a conversation early enough for messages and reads to follow in it.
 */
const OPENING: Step[] = [
  { kind: 'book', booking: 0, customer: 0, contractor: 1 },
  { kind: 'post', order: 0, customer: 0, direct: 2, title: 'Fix the fence' },
];

const TABLES = ['rm_conversations', 'rm_conversation_members', 'rm_messages'];

async function recreateTables() {
  await sql.unsafe(messagingProjection.reset);
  await sql.unsafe(messagingProjection.schema);
}

/** Every row of the tables, as JSON text, in a stable order. */
async function dump(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await sql.unsafe<{ row: string }[]>(`select to_jsonb(t)::text as row from ${table} t`);
    out[table] = rows.map((r) => r.row).sort();
  }
  return out;
}

async function oneByOne(log: readonly RecordedEvent[]) {
  await recreateTables();
  for (const event of log) await sql.begin((tx) => messagingProjection.apply(tx, event));
  return dump();
}

/** The log cut at `cuts` (positions in it), in order. */
function batchesOf(log: readonly RecordedEvent[], cuts: readonly number[]) {
  const bounds = [...new Set([0, ...cuts.map((cut) => Math.min(cut, log.length)), log.length])].sort((a, b) => a - b);
  return bounds.slice(1).map((end, i) => log.slice(bounds[i], end));
}

async function inBatches(log: readonly RecordedEvent[], cuts: readonly number[]) {
  await recreateTables();
  for (const batch of batchesOf(log, cuts)) await sql.begin((tx) => messagingProjection.applyAll!(tx, batch));
  return dump();
}

/** The from-zero rebuild path, a window per batch, every new row written by COPY however few. */
async function rebuiltInWindows(log: readonly RecordedEvent[], cuts: readonly number[]) {
  await recreateTables();
  const rebuild = messagingProjection.rebuild!({ copyMinRows: 0 });
  await sql.begin((tx) => rebuild.start(tx));
  for (const batch of batchesOf(log, cuts)) await sql.begin((tx) => rebuild.applyAll(tx, batch));
  await sql.begin((tx) => rebuild.finish(tx));
  return dump();
}

/** Whether an award in the log goes to another contractor than the one the order was posted to. */
function replacesDirectContractor(log: readonly RecordedEvent[]) {
  const data = (event: RecordedEvent) => event.data as Record<string, unknown>;
  return log.some(
    (award, i) =>
      award.type === 'WorkOrderAwarded' &&
      log
        .slice(0, i)
        .some(
          (post) =>
            post.type === 'WorkOrderPosted' &&
            data(post).workOrderId === data(award).workOrderId &&
            data(post).directContractorId !== null &&
            data(post).directContractorId !== data(award).contractorId,
        ),
  );
}

const rowsOf = (rows: string[] | undefined) => (rows ?? []).map((row) => JSON.parse(row) as Record<string, unknown>);

describe('conversations, set-based', () => {
  it('any cut of any log into batches ends with the rows event-by-event application ends with', async () => {
    // What the logs did reach, so the property is not only ever checked on empty conversations.
    const seen = { unreadAfterRead: 0, readPosition: 0, replacedContractor: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 40, size: 'max' }),
        fc.array(fc.nat({ max: 40 }), { maxLength: 5 }),
        async (steps, cuts) => {
          const log = logOf([...OPENING, ...steps]);
          const expected = await oneByOne(log);
          expect(await inBatches(log, cuts)).toEqual(expected);
          expect(await inBatches(log, [])).toEqual(expected);
          const members = rowsOf(expected.rm_conversation_members);
          if (members.some((m) => (m.last_read_seq as number) > 0 && (m.unread_count as number) > 0)) {
            seen.unreadAfterRead++;
          }
          if (members.some((m) => (m.last_read_seq as number) > 1)) seen.readPosition++;
          if (replacesDirectContractor(log)) seen.replacedContractor++;
        },
      ),
      { numRuns: 80, seed: PROPERTY_SEED },
    );
    expect(seen.unreadAfterRead).toBeGreaterThan(0);
    expect(seen.readPosition).toBeGreaterThan(0);
    expect(seen.replacedContractor).toBeGreaterThan(0);
  }, 180_000);

  // Fewer runs and cuts than above: each COPY costs about 80 ms here (infrastructure/projections/
  // copy-rows.ts), three tables a window.
  it('the rebuild path, its new rows by COPY, ends with the same rows for any cut into windows', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 40, size: 'max' }),
        fc.array(fc.nat({ max: 40 }), { maxLength: 2 }),
        async (steps, cuts) => {
          const log = logOf([...OPENING, ...steps]);
          expect(await rebuiltInWindows(log, cuts)).toEqual(await oneByOne(log));
        },
      ),
      { numRuns: 20, seed: PROPERTY_SEED },
    );
  }, 180_000);
});
