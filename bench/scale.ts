import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { PERSONAL_DATA_SCHEMA } from '../api/modules/accounts/personal-data.ts';
import { ensureCheckpointSchema } from '../infrastructure/projections/checkpoints.ts';
import { formatProgress } from '../infrastructure/projections/rebuild.ts';
import { rebuildInProcesses } from '../runtime/rebuild-in-processes.ts';
import { allProjections } from '../projections/index.ts';
import { connect, type Sql } from '../shared/db/postgres.ts';
import type { AccountEvent } from '../shared/domain/accounts/events.ts';
import { accountStreamId } from '../shared/domain/accounts/streams.ts';
import type { ScheduleEvent } from '../shared/domain/booking/events.ts';
import { scheduleStreamId } from '../shared/domain/booking/events.ts';
import { serviceCategories, type ServiceSlug } from '../shared/domain/catalogue/categories.ts';
import type { ContractorEvent, OfferingEvent } from '../shared/domain/catalogue/events.ts';
import { contractorStreamId, offeringStreamId } from '../shared/domain/catalogue/streams.ts';
import { eventSchemas } from '../shared/domain/event-schemas.ts';
import { ensureEventStoreSchema } from '../shared/eventstore/postgres.ts';
import type { ReviewEvent } from '../shared/domain/reviews/events.ts';
import { reviewStreamId } from '../shared/domain/reviews/events.ts';
import type { WorkOrderEvent } from '../shared/domain/work/events.ts';
import { workOrderStreamId } from '../shared/domain/work/events.ts';
import { fsaTable } from '../shared/geo/data/fsa.ts';
import { lookupPostalCode, type GeoPlace } from '../shared/geo/index.ts';
import { provinces } from '../shared/geo/provinces.ts';
import { apiQuery, DEFAULT_FORM } from '../site/islands/catalogue/query.ts';
import { RAW_INSERT_ROWS, rawInsertRate, readModelTables } from './raw-inserts.ts';
import { REBUILD_TARGET_PER_SECOND, REBUILD_TARGET_RAW_SHARE } from './rebuild.ts';
import { launchApp } from '../tests/support/start-app.ts';
import type { Row } from './support.ts';

/** The issue's targets at 100 concurrent clients. */
export const SCALE_TARGETS = { directoryP99Ms: 50, jobBoardP99Ms: 50, profileP99Ms: 20, warmStartSeconds: 5 } as const;

/** Every event the generator writes: the modules' own event unions, so a changed shape fails to compile. */
export type ScaleEvent = AccountEvent | ContractorEvent | OfferingEvent | ScheduleEvent | WorkOrderEvent | ReviewEvent;

export type ScaleSizes = {
  contractors: number;
  orders: number;
  /** Customer accounts (each posts orders / customers orders); default orders / 4. */
  customers?: number;
};

/** Share of orders still open on the job board (posted, two proposals, nothing accepted). */
const OPEN_EVERY = 5;
const OFFERINGS_PER_CONTRACTOR = 2;
const SERVICES = serviceCategories.flatMap((c) => c.services.map((s) => ({ ...s, category: c.slug })));
const BASE = Date.parse('2025-01-06T00:00:00Z');
const iso = (ms: number) => new Date(ms).toISOString();
const DAY = 86_400_000;

/** Deterministic ids: kind (1 contractor, 2 customer, 3 order, 4 proposal, 5 booking, 6 offering) and number. */
export function benchId(kind: number, n: number): string {
  return `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}
export const contractorIdOf = (n: number) => benchId(1, n);
export const customerIdOf = (n: number) => benchId(2, n);

/** Every FSA of the shipped table, resolved through shared/geo (all provinces and territories). */
let places: GeoPlace[] | null = null;
function allPlaces(): GeoPlace[] {
  places ??= fsaTable.map((row) => lookupPostalCode(row[0])!).filter(Boolean);
  return places;
}
/** Contractor n's place: the FSAs in turn, so contractors spread over the provinces as the FSAs do. */
export function placeOf(n: number): GeoPlace {
  const all = allPlaces();
  return all[(n * 7919) % all.length]!;
}
const timeZoneOf = (place: GeoPlace) => provinces.find((p) => p.code === place.province)!.timeZone;
const servicesOf = (n: number) => [SERVICES[n % SERVICES.length]!, SERVICES[(n * 7 + 3) % SERVICES.length]!];

type Written = { stream: string; revision: number; event: ScaleEvent };

/**
 * The generated log, in the order it happened, as batches of at most `batchSize` events:
 * - every contractor: registered, profile, service area (an FSA of shared/geo, two services, a
 *   radius and an hourly rate), weekly hours (Monday to Friday, 9 to 5 in their province's zone) and
 *   two offerings; every customer: registered;
 * - every order: posted near its contractor's place (bids), two proposals; one in OPEN_EVERY stays
 *   open; the others are accepted and awarded, booked, confirmed and completed on the contractor's
 *   calendar, and both sides' reviews are written and published (4 or 5 stars).
 * About 10 events an order.
 */
export function* generateScaleLog(sizes: ScaleSizes, batchSize = 20_000): Generator<Written[]> {
  const customers = sizes.customers ?? Math.max(1, Math.floor(sizes.orders / 4));
  let batch: Written[] = [];
  const scheduleRevision = new Int32Array(sizes.contractors).fill(-1);
  function* push(stream: string, revision: number, event: ScaleEvent): Generator<Written[]> {
    batch.push({ stream, revision, event });
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  for (let n = 0; n < sizes.contractors; n++) {
    const contractorId = contractorIdOf(n);
    const at = BASE + n * 1000;
    const place = placeOf(n);
    const services = servicesOf(n);
    yield* push(accountStreamId(contractorId), 0, {
      type: 'AccountRegistered',
      data: { accountId: contractorId, role: 'contractor', registeredAt: iso(at) },
    });
    yield* push(contractorStreamId(contractorId), 0, {
      type: 'ContractorProfileUpdated',
      data: {
        contractorId,
        location: place.city,
        canWorkRemotely: n % 10 === 0,
        yearsOfExperience: 1 + (n % 30),
        expertiseStatement: `${services[0]!.en} and ${services[1]!.en.toLowerCase()} in ${place.city}, careful and on time.`,
        updatedAt: iso(at + 1000),
      },
    });
    yield* push(contractorStreamId(contractorId), 1, {
      type: 'ContractorServiceAreaSet',
      data: {
        contractorId,
        fsa: place.fsa!,
        city: place.city,
        province: place.province,
        lat: place.lat,
        lng: place.lng,
        radiusKm: 10 + (n % 5) * 10,
        services: services.map((s) => s.slug as ServiceSlug),
        hourlyRateCents: 3000 + (n % 20) * 500,
        setAt: iso(at + 2000),
      },
    });
    scheduleRevision[n] = 0;
    yield* push(scheduleStreamId(contractorId), 0, {
      type: 'AvailabilitySet',
      data: {
        contractorId,
        timeZone: timeZoneOf(place),
        weekly: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
        slotMinutes: 60,
        setAt: iso(at + 3000),
      },
    });
    for (let k = 0; k < OFFERINGS_PER_CONTRACTOR; k++) {
      const service = services[k]!;
      const offeringId = benchId(6, n * OFFERINGS_PER_CONTRACTOR + k);
      yield* push(offeringStreamId(offeringId), 0, {
        type: 'ServiceOfferingCreated',
        data: {
          offeringId,
          contractorId,
          title: `${service.en} by the hour`,
          description: `${service.en} for homes and small businesses around ${place.city}.`,
          pricingModel: k === 0 ? 'hourly' : 'fixed',
          priceCents: 4000 + (n % 40) * 500,
          isRemoteService: false,
          isActive: true,
          service: service.slug as ServiceSlug,
          acceptsBarter: false,
          barterWants: null,
          createdAt: iso(at + 4000 + k),
        },
      });
    }
  }
  const customersAt = BASE + sizes.contractors * 1000;
  for (let n = 0; n < customers; n++) {
    const accountId = customerIdOf(n);
    yield* push(accountStreamId(accountId), 0, {
      type: 'AccountRegistered',
      data: { accountId, role: 'customer', registeredAt: iso(customersAt + n * 100) },
    });
  }
  const ordersAt = customersAt + customers * 100 + DAY;
  for (let n = 0; n < sizes.orders; n++) {
    const workOrderId = benchId(3, n);
    const customerId = customerIdOf(n % customers);
    const c = (n * 7919 + 13) % sizes.contractors;
    const other = (c + 1) % sizes.contractors;
    const contractorId = contractorIdOf(c);
    const place = placeOf(c);
    const service = servicesOf(c)[n % 2]!;
    const at = ordersAt + n * 10_000;
    const stream = workOrderStreamId(workOrderId);
    yield* push(stream, 0, {
      type: 'WorkOrderPosted',
      data: {
        workOrderId,
        customerId,
        mode: 'bids',
        directContractorId: null,
        postedAt: iso(at),
        title: `${service.en} needed, job ${n}`,
        description: `Looking for help with ${service.en.toLowerCase()} near ${place.city}. Flexible on dates.`,
        category: service.category,
        service: service.slug,
        location: { fsa: place.fsa!, city: place.city, province: place.province, lat: place.lat, lng: place.lng },
        remote: false,
        budgetMinCents: 10_000,
        budgetMaxCents: 20_000 + (n % 10) * 10_000,
        preferredDates: [],
        photos: [],
      },
    });
    const proposals = [c, other].map((who, k) => ({
      proposalId: benchId(4, n * 2 + k),
      contractorId: contractorIdOf(who),
      priceCents: 15_000 + k * 2_500,
    }));
    for (const [k, p] of proposals.entries()) {
      yield* push(stream, 1 + k, {
        type: 'ProposalSubmitted',
        data: {
          workOrderId,
          customerId,
          ...p,
          durationHours: 3,
          earliestStart: iso(at + 2 * DAY).slice(0, 10),
          message: 'Happy to help, I have done this many times.',
          submittedAt: iso(at + 60_000 * (k + 1)),
        },
      });
    }
    if (n % OPEN_EVERY === 0) continue;
    const won = proposals[0]!;
    const lost = proposals[1]!;
    yield* push(stream, 3, {
      type: 'ProposalAccepted',
      data: { workOrderId, customerId, ...won, acceptedAt: iso(at + 3_600_000) },
    });
    yield* push(stream, 4, {
      type: 'ProposalDeclined',
      data: {
        workOrderId,
        customerId,
        proposalId: lost.proposalId,
        contractorId: lost.contractorId,
        declinedAt: iso(at + 3_600_000),
        reason: 'other_accepted',
      },
    });
    yield* push(stream, 5, {
      type: 'WorkOrderAwarded',
      data: {
        workOrderId,
        customerId,
        contractorId,
        proposalId: won.proposalId,
        priceCents: won.priceCents,
        awardedAt: iso(at + 3_600_000),
      },
    });
    const bookingId = benchId(5, n);
    const startsAt = iso(at + 2 * DAY);
    const schedule = scheduleStreamId(contractorId);
    const timeZone = timeZoneOf(place);
    yield* push(schedule, ++scheduleRevision[c]!, {
      type: 'BookingRequested',
      data: {
        bookingId,
        contractorId,
        customerId,
        startsAt,
        endsAt: iso(at + 2 * DAY + 3 * 3_600_000),
        timeZone,
        customerTimeZone: timeZone,
        workOrderId,
        offeringId: null,
        priceCents: won.priceCents,
        note: null,
        requestedAt: iso(at + 4_000_000),
      },
    });
    yield* push(schedule, ++scheduleRevision[c]!, {
      type: 'BookingConfirmed',
      data: { bookingId, contractorId, customerId, startsAt, confirmedAt: iso(at + 5_000_000) },
    });
    const completedAt = iso(at + 2 * DAY + 4 * 3_600_000);
    yield* push(schedule, ++scheduleRevision[c]!, {
      type: 'BookingCompleted',
      data: { bookingId, contractorId, customerId, workOrderId, completedBy: contractorId, completedAt, startsAt },
    });
    const job = { bookingId, jobId: bookingId, jobKind: 'booking' as const };
    const reviews = [
      {
        reviewerId: customerId,
        revieweeId: contractorId,
        side: 'customer' as const,
        rating: 4 + (n % 2),
        text: 'Arrived on time and did a tidy job.',
        submittedAt: iso(at + 3 * DAY),
      },
      {
        reviewerId: contractorId,
        revieweeId: customerId,
        side: 'contractor' as const,
        rating: 5,
        text: 'Clear instructions, paid promptly.',
        submittedAt: iso(at + 3 * DAY + 60_000),
      },
    ];
    const review = reviewStreamId(bookingId);
    for (const [k, r] of reviews.entries()) {
      yield* push(review, k, { type: 'ReviewSubmitted', data: { ...r, ...job, contractorId, customerId } });
    }
    yield* push(review, 2, {
      type: 'ReviewsPublished',
      data: {
        ...job,
        contractorId,
        customerId,
        reviews,
        reason: 'both-written',
        publishedAt: iso(at + 3 * DAY + 60_000),
      },
    });
  }
  if (batch.length > 0) yield batch;
}

/** Checks an event against its module's zod schema (the one the typed reads use). */
export function checkEventShape(type: string, data: unknown): void {
  const schema = eventSchemas.get(type);
  if (!schema) throw new Error(`No module declares the event type ${type}`);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error(`${type} does not match its schema: ${parsed.error.message}`);
}

/**
 * Writes the generated log straight into es_events (and es_streams), a batch a statement, checking
 * every `sampleEvery`-th event against its schema; then the personal data of every account (names
 * and e-mails, never in events) into account_personal. Answers the number of events written.
 */
export async function writeScaleLog(
  sql: Sql,
  sizes: ScaleSizes,
  options: { sampleEvery?: number; onProgress?: (events: number) => void } = {},
): Promise<number> {
  const sampleEvery = options.sampleEvery ?? 1000;
  let written = 0;
  for (const batch of generateScaleLog(sizes)) {
    const rows = batch.map(({ stream, revision, event }, i) => {
      if ((written + i) % sampleEvery === 0) checkEventShape(event.type, event.data);
      return { s: stream, r: revision, e: randomUUID(), t: event.type, d: event.data };
    });
    await sql`
      insert into es_events (stream_id, stream_revision, event_id, type, data, metadata)
      select r.s, r.r, r.e, r.t, r.d, '{}'::jsonb
      from jsonb_to_recordset(${JSON.stringify(rows)}::text::jsonb) as r(s text, r bigint, e uuid, t text, d jsonb)`;
    written += batch.length;
    options.onProgress?.(written);
  }
  await sql`
    insert into es_streams (stream_id, revision)
    select stream_id, max(stream_revision) from es_events group by stream_id
    on conflict (stream_id) do update set revision = excluded.revision`;
  await sql.unsafe(PERSONAL_DATA_SCHEMA);
  const customers = sizes.customers ?? Math.max(1, Math.floor(sizes.orders / 4));
  for (const [kind, count, label] of [
    [1, sizes.contractors, 'Contractor'],
    [2, customers, 'Customer'],
  ] as const) {
    await sql`
      insert into account_personal (account_id, name, email, email_normalized, password_hash, date_of_birth)
      select id, ${label} || ' ' || n, 'bench-' || id || '@example.test', 'bench-' || id || '@example.test',
        'not-a-real-hash', date '1985-01-01'
      from (
        select n, (lpad(to_hex(${kind}::int), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid as id
        from generate_series(0, ${count - 1}::bigint) as n
      ) as a
      on conflict do nothing`;
  }
  return written;
}

/**
 * Waits until every event written is below the oldest running transaction of the server (readAll
 * reads only those, and another database's long transaction on a shared server holds that back),
 * so a rebuild right after the write sees the whole log.
 */
export async function waitUntilReadable(sql: Sql, timeoutMs = 600_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ hidden }] = await sql<[{ hidden: boolean }]>`
      select exists (
        select 1 from es_events where transaction_id >= pg_snapshot_xmin(pg_current_snapshot())
      ) as hidden`;
    if (!hidden) return;
    if (Date.now() > deadline) throw new Error('the written events did not become readable in time');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

type ScaleRebuild = {
  pass: { events: number; seconds: number; eventsPerSecond: number };
  /**
   * Each read model's time in its transactions (waits for the read model applied beside it
   * included), the events it was handed, and `setBased` where it has `applyAll`; the longest first.
   */
  perReadModel: { name: string; seconds: number; events: number; setBased: boolean }[];
  /** The read models of each process. */
  groups: string[][];
};

/**
 * Every read model rebuilt as `npm run projections:rebuild -- --all` rebuilds them: in passes side by
 * side, one process each (`rebuildInProcesses`), started with the command's Node flags. None of the
 * rebuild's heap is left in this process, which generates the load on the routes next.
 */
export async function rebuildScaleReadModels(
  databaseUrl: string,
  options: { quiet?: boolean } = {},
): Promise<ScaleRebuild> {
  const { progress, groups } = await rebuildInProcesses(databaseUrl, allProjections, {
    onProgress: options.quiet ? undefined : (at) => process.stdout.write(`\r  ${formatProgress(at)}   `),
  });
  if (!options.quiet) process.stdout.write('\n');
  const perReadModel = Object.entries(progress.readModelSeconds)
    .map(([name, seconds]) => ({
      name,
      seconds,
      events: progress.readModelEvents[name] ?? 0,
      setBased: !!allProjections.find((p) => p.name === name)?.applyAll,
    }))
    .sort((a, b) => b.seconds - a.seconds);
  const { events, seconds, eventsPerSecond } = progress;
  return { pass: { events, seconds, eventsPerSecond }, perReadModel, groups };
}

const count = (n: number) => Math.round(n).toLocaleString('en-CA');

/**
 * The marketplace at scale: the generated log (BENCH_SCALE_CONTRACTORS, BENCH_SCALE_ORDERS), every
 * read model rebuilt in one pass, then the API server started on it in its own process, as in
 * service (the time from spawning it to ready, with the read models built, is the warm start), and
 * the directory, the job board and a contractor profile measured with autocannon at 100 connections.
 */
export async function benchScale(
  databaseUrl: string,
  options: ScaleSizes & { seconds: number; connections?: number },
): Promise<Row[]> {
  const connections = options.connections ?? 100;
  const rows: Row[] = [];
  const sql = connect(databaseUrl, { max: 6, idleInTransactionTimeoutMs: 600_000 });
  const steps: { step: string; seconds: number }[] = [];
  const step = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await run();
    const seconds = (performance.now() - started) / 1000;
    steps.push({ step: name, seconds });
    console.log(`  ${name}: ${seconds.toFixed(1)} s`);
    return result;
  };
  let total = 0;
  try {
    // The log's and the checkpoints' tables: the generator writes straight into the log.
    await ensureEventStoreSchema(sql);
    await ensureCheckpointSchema(sql);
    const generateStarted = performance.now();
    total = await step('generate and write the log', () =>
      writeScaleLog(sql, options, {
        onProgress: (events) => {
          const rate = events / ((performance.now() - generateStarted) / 1000);
          process.stdout.write(`\r  ${count(events)} events written · ${count(rate)} events/s   `);
        },
      }),
    );
    process.stdout.write('\n');
    await step('analyze es_events', () => sql`analyze es_events`);
    await step('wait until every event is readable', () => waitUntilReadable(sql));
    const { pass, perReadModel, groups } = await step('rebuild every read model', () =>
      rebuildScaleReadModels(databaseUrl),
    );
    // A read model applied event by event rewrites its rows once per event: the rebuild leaves
    // several dead versions of each (the directory: 150 MB for 10,000 rows), and until a vacuum the
    // planner's statistics and the heap visits of a search are those of the bloated table.
    await step('vacuum and analyze the read models', () => sql`vacuum analyze`);
    const label = `${count(options.contractors)} contractors, ${count(options.orders)} orders, ${count(total)} events`;
    rows.push({
      metric: `scale: log written in batches (${label})`,
      value: `${steps[0]!.seconds.toFixed(1)} s (${count(total / steps[0]!.seconds)} events/s)`,
      target: 'info',
      pass: null,
    });
    rows.push({
      metric: `scale: every read model rebuilt, ${groups.length === 1 ? 'one process' : `${groups.length} processes side by side`} (${label})`,
      value: `${pass.seconds.toFixed(1)} s (${count(pass.eventsPerSecond)} events/s)`,
      target: `>= ${count(REBUILD_TARGET_PER_SECOND)} events/s`,
      pass: pass.eventsPerSecond >= REBUILD_TARGET_PER_SECOND,
    });
    // Only those handed events: the time of a read model with none is its empty transactions
    // waiting while the read model beside it folds (a pass applies two at a time on one thread).
    const top = perReadModel.filter((r) => r.events > 0).slice(0, 6);
    rows.push({
      metric: 'scale: read models that took longest in the rebuild (time in their transactions, waits included)',
      value: top
        .map((r) => `${r.name}${r.setBased ? '' : '*'} ${r.seconds.toFixed(0)} s (${count(r.events)} events)`)
        .join(', '),
      target: 'info (* event by event)',
      pass: null,
    });
    for (const r of perReadModel)
      console.log(
        `    ${r.name}${r.setBased ? '' : ' (event by event)'}: ${r.seconds.toFixed(1)} s, ${count(r.events)} events`,
      );
    // The rebuild's rows inserted again, raw, measured on this host in this run: what PostgreSQL
    // here writes of the same rows without any replay, so a slow host shows in both figures.
    const raw = await step('insert the read models’ rows again, raw', () =>
      rawInsertRate(databaseUrl, readModelTables(allProjections)),
    );
    const rebuiltRowsPerSecond = raw.rows / pass.seconds;
    const share = rebuiltRowsPerSecond / raw.rowsPerSecond;
    rows.push({
      metric: `scale: every read model rebuilt / raw multi-row inserts of the same ${count(raw.rows)} rows (up to ${count(RAW_INSERT_ROWS)} a statement)`,
      value: `${count(rebuiltRowsPerSecond)} / ${count(raw.rowsPerSecond)} rows/s (${share.toFixed(2)}; the raw inserts alone: ${raw.seconds.toFixed(0)} s, ${count(total / raw.seconds)} events/s)`,
      target: `>= ${REBUILD_TARGET_RAW_SHARE} of raw`,
      pass: share >= REBUILD_TARGET_RAW_SHARE,
    });
    await sql.end({ timeout: 5 });

    // The API server as it runs in service (runtime/api-server.ts, the projections in its process),
    // in its own process: in this one it shared a heap with the rebuild's leftovers, whose full
    // collections showed in the reads' tail.
    const started = performance.now();
    const server = await launchApp({
      entry: 'runtime/api-server.ts',
      env: { DATABASE_URL: databaseUrl, SEED_DEMO_DATA: 'false' },
    });
    try {
      const warm = (performance.now() - started) / 1000;
      rows.push({
        metric: `scale: warm start, the API server (projections in its process) spawned to ready, read models built (${label})`,
        value: `${warm.toFixed(1)} s`,
        target: `≤ ${SCALE_TARGETS.warmStartSeconds} s`,
        pass: warm <= SCALE_TARGETS.warmStartSeconds,
      });
      rows.push(...(await measureScaleRoutes(server.baseURL, options, connections, label)));
    } finally {
      await server.stop();
    }
    return rows;
  } finally {
    await sql.end({ timeout: 5 }).catch(() => {});
  }
}

/** Searches as the /contractors page asks for them: a place and distance, a category and a text. */
export function directorySearches(contractors: number, howMany = 200): string[] {
  const paths: string[] = [];
  for (let i = 0; i < howMany; i++) {
    const n = (i * 104_729) % contractors;
    const place = placeOf(n);
    const service = servicesOf(n)[0]!;
    paths.push(
      `/api/contractors/browse?${apiQuery({
        ...DEFAULT_FORM,
        postalCode: place.fsa!,
        distanceKm: 50,
        category: service.category,
        service: service.en.split(' ')[0]!.toLowerCase(),
      })}`,
    );
  }
  return paths;
}

export async function measureScaleRoutes(
  base: string,
  options: ScaleSizes & { seconds: number },
  connections: number,
  label: string,
): Promise<Row[]> {
  const load = { url: base, connections };
  const measure = async (paths: string[]) => {
    // A warm-up first, not counted: each path asked once, a few at a time, so every answer the
    // caches keep (api/plugins/answer-cache.ts) is built, as on a server in service whose common
    // searches have been asked before (at 100,000 contractors a directory search takes 30–110 ms to
    // build, and 200 of them did not all fit in the load's own warm-up); then a pass of the load for
    // the JIT and the pools' connections.
    for (let i = 0; i < paths.length; i += 4) {
      await Promise.all(
        paths.slice(i, i + 4).map(async (path) => {
          const response = await fetch(`${base}${path}`);
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`${path}: ${response.status} in the warm-up`);
        }),
      );
    }
    await autocannon({
      ...load,
      duration: Math.max(2, Math.ceil(options.seconds / 2)),
      requests: paths.map((path) => ({ method: 'GET' as const, path })),
    });
    const result = await autocannon({
      ...load,
      duration: options.seconds,
      requests: paths.map((path) => ({ method: 'GET' as const, path })),
    });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`${paths[0]}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    return { p50: result.latency.p50, p99: result.latency.p99, rps: result.requests.average };
  };
  const searches = directorySearches(options.contractors);
  const jobs = Array.from({ length: 200 }, (_, i) => {
    const place = placeOf((i * 104_729) % options.contractors);
    const category = serviceCategories[i % serviceCategories.length]!.slug;
    return `/api/work-orders/browse?postalCode=${place.fsa}%201A1&radiusKm=50&category=${category}`;
  });
  const profiles = Array.from(
    { length: 500 },
    (_, i) => `/api/contractors/${contractorIdOf((i * 104_729) % options.contractors)}`,
  );
  const row = (metric: string, m: { p50: number; p99: number; rps: number }, target: number): Row => ({
    metric: `scale: ${metric} (${label}, ${connections} connections)`,
    value: `p50 ${m.p50} ms, p99 ${m.p99} ms, ${count(m.rps)} req/s`,
    target: `p99 ≤ ${target} ms`,
    pass: m.p99 <= target,
  });
  return [
    row(
      `directory: ${searches.length} searches by place, 50 km, category and text`,
      await measure(searches),
      SCALE_TARGETS.directoryP99Ms,
    ),
    row(
      `job board: ${jobs.length} searches by place, 50 km and category`,
      await measure(jobs),
      SCALE_TARGETS.jobBoardP99Ms,
    ),
    row(`contractor profile, ${profiles.length} contractors`, await measure(profiles), SCALE_TARGETS.profileP99Ms),
  ];
}
