import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractorReviewsProjection } from '../projections/contractor-reviews.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import type { RecordedEvent } from '../shared/eventstore/types.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { recordedEvent } from './support/recorded-event.ts';

/**
 * The contractor reviews' batch path (one insert per run of published reviews, a closed account's
 * delete between runs) must leave exactly the rows that `apply` on each event leaves, for any log
 * and any cut of it: reviews published before and after a contractor's account closes, and a job
 * published twice (the first stays).
 */
let database: TestDatabase;
let sql: Sql;

beforeAll(async () => {
  database = await createTestDatabase('contractor_reviews_batch');
  sql = connect(database.url, { max: 2 });
});

afterAll(async () => {
  await sql?.end({ timeout: 5 });
  await database?.drop();
});

const CONTRACTORS = [randomUUID(), randomUUID()];
const CUSTOMER = randomUUID();
const JOBS = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

type Step =
  { kind: 'publish'; contractor: number; job: number; rating: number } | { kind: 'close'; contractor: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('publish' as const),
    contractor: fc.nat(1),
    job: fc.nat(3),
    rating: fc.integer({ min: 1, max: 5 }),
  }),
  fc.record({ kind: fc.constant('close' as const), contractor: fc.nat(1) }),
);

function logOf(steps: Step[]): RecordedEvent[] {
  return steps.map((s, i) => {
    const contractorId = CONTRACTORS[s.contractor]!;
    const at = new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString();
    if (s.kind === 'close') return recordedEvent('AccountClosed', { accountId: contractorId, closedAt: at });
    return recordedEvent('ReviewsPublished', {
      jobId: JOBS[s.job]!,
      jobKind: 'work-order',
      contractorId,
      customerId: CUSTOMER,
      reviews: [
        {
          reviewerId: CUSTOMER,
          revieweeId: contractorId,
          side: 'customer',
          rating: s.rating,
          text: `Review ${i}`,
          submittedAt: at,
        },
      ],
      reason: 'both-written',
      publishedAt: at,
    });
  });
}

async function recreateTable() {
  await sql.unsafe(contractorReviewsProjection.reset);
  await sql.unsafe(contractorReviewsProjection.schema);
}

const dump = async () =>
  (await sql<{ row: string }[]>`select to_jsonb(r)::text as row from rm_contractor_reviews r order by job_id`).map(
    (r) => r.row,
  );

describe('contractor reviews, set-based', () => {
  it('any cut of any log into batches ends with the rows event-by-event application ends with', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 1, maxLength: 20 }),
        fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 4 }),
        async (steps, sizes) => {
          const log = logOf(steps);
          await recreateTable();
          for (const event of log) await sql.begin((tx) => contractorReviewsProjection.apply(tx, event));
          const expected = await dump();
          await recreateTable();
          for (let at = 0, i = 0; at < log.length; i++) {
            const size = sizes[i % sizes.length]!;
            const batch = log.slice(at, at + size);
            await sql.begin((tx) => contractorReviewsProjection.applyAll!(tx, batch));
            at += size;
          }
          expect(await dump()).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
