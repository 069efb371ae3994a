import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { insertPersonalData } from '../api/modules/accounts/personal-data.ts';
import type { Runtime } from '../runtime/runtime.ts';
import Fastify, { type FastifyInstance } from 'fastify';
import { serviceCategories, type ServiceSlug } from '../shared/domain/catalogue/categories.ts';
import { contractorDecider } from '../shared/domain/catalogue/decider.ts';
import { contractorStreamId } from '../shared/domain/catalogue/streams.ts';
import { accountStreamId } from '../shared/domain/accounts/streams.ts';
import { handleCommand } from '../shared/domain/decider.ts';
import { workOrderDecider } from '../shared/domain/work/decider.ts';
import { workOrderStreamId } from '../shared/domain/work/events.ts';
import { lookupPostalCode } from '../shared/geo/index.ts';
import { apiQuery, DEFAULT_FORM } from '../site/islands/catalogue/query.ts';
import { benchApp, type Row } from './support.ts';

/** Where the generated marketplace lives: FSAs of nine cities in seven provinces. */
const POSTAL_CODES = [
  'H2X 1Y4',
  'H3Z 2Y7',
  'H7N 5H9',
  'M5V 2T6',
  'M4C 1B5',
  'L5B 3C2',
  'K1P 5J2',
  'K1S 3W7',
  'V6B 1A1',
  'V8W 1P6',
  'T2P 1J9',
  'T5J 0N3',
  'R3C 0V8',
  'B3H 1Y4',
  'G1R 4P5',
  'J8X 3X7',
  'S7K 1J5',
  'L8P 4R5',
];
const SERVICES = serviceCategories.flatMap((c) => c.services.map((s) => s.slug)) as ServiceSlug[];

export const MARKETPLACE_TARGETS = { browseP95Ms: 100, profileP95Ms: 50, browseVersusHello: 0.5 } as const;

/**
 * The directory and job board under load: `contractors` contractors with service areas and
 * `orders` open work orders, written through the deciders (accounts are inserted directly, as
 * hashing thousands of demo passwords would measure argon2, not the marketplace), then the read
 * routes measured with autocannon over HTTP against the real app.
 */
export async function benchMarketplace(
  databaseUrl: string,
  options: { contractors: number; orders: number; seconds: number },
): Promise<Row[]> {
  const { app, runtime } = await benchApp(databaseUrl);
  try {
    const contractorIds = await generateMarketplace(runtime, options);
    await runtime.runner!.idle(300_000);
    await app.listen({ host: '127.0.0.1', port: 0 });
    return await measureRoutes(app, contractorIds, options);
  } finally {
    await app.close();
    await runtime.close();
  }
}

/** Writes the generated contractors and jobs; answers the contractors' ids. */
export async function generateMarketplace(
  runtime: Runtime,
  options: { contractors: number; orders: number },
): Promise<string[]> {
  {
    const now = new Date();
    const context = () => ({ actorId: null, correlationId: randomUUID(), now });
    const contractorIds: string[] = [];
    for (let i = 0; i < options.contractors; i++) {
      const accountId = randomUUID();
      contractorIds.push(accountId);
      await insertPersonalData(runtime.sql, {
        accountId,
        name: `Bench Contractor ${i}`,
        email: `bench-${accountId}@example.test`,
        passwordHash: 'not-a-real-hash',
        dateOfBirth: '1985-01-01',
      });
      await runtime.store.append(accountStreamId(accountId), [
        { type: 'AccountRegistered', data: { accountId, role: 'contractor', registeredAt: now.toISOString() } },
      ]);
      const place = lookupPostalCode(POSTAL_CODES[i % POSTAL_CODES.length]!)!;
      await handleCommand(
        runtime.store,
        contractorStreamId(accountId),
        contractorDecider,
        {
          type: 'SetContractorServiceArea',
          contractorId: accountId,
          place,
          radiusKm: 10 + (i % 5) * 10,
          services: [SERVICES[i % SERVICES.length]!, SERVICES[(i * 7) % SERVICES.length]!],
          hourlyRateCents: 3000 + (i % 20) * 500,
          now,
        },
        context(),
      );
    }
    for (let i = 0; i < options.orders; i++) {
      const workOrderId = randomUUID();
      const place = lookupPostalCode(POSTAL_CODES[i % POSTAL_CODES.length]!)!;
      const category = serviceCategories[i % serviceCategories.length]!;
      await handleCommand(
        runtime.store,
        workOrderStreamId(workOrderId),
        workOrderDecider,
        {
          type: 'PostWorkOrder',
          workOrderId,
          customerId: randomUUID(),
          mode: 'bids',
          directContractorId: null,
          details: {
            title: `Bench job number ${i}`,
            description: 'A generated job description long enough to pass validation rules.',
            category: category.slug,
            service: category.services[0]!.slug,
            location: {
              fsa: place.fsa!,
              city: place.city,
              province: place.province,
              lat: place.lat,
              lng: place.lng,
            },
            remote: false,
            budgetMinCents: 10_000,
            budgetMaxCents: 50_000 + (i % 10) * 10_000,
            preferredDates: [],
            photos: [],
          },
          now,
        },
        context(),
      );
    }
    return contractorIds;
  }
}

async function measureRoutes(
  app: FastifyInstance,
  contractorIds: string[],
  options: { contractors: number; orders: number; seconds: number },
): Promise<Row[]> {
  {
    const address = app.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

    const measure = async (path: string, headers: Record<string, string> = {}) => {
      const result = await autocannon({ url: base + path, connections: 10, duration: options.seconds, headers });
      if (result.non2xx > 0 || result.errors > 0)
        throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      return {
        p95: result.latency.p97_5 ?? result.latency.p99,
        p50: result.latency.p50,
        rps: result.requests.average,
        bytesPerAnswer: Math.round(result.throughput.average / result.requests.average),
      };
    };
    // The hardening issue's reference: the directory's first page, asked exactly as the /contractors
    // page asks for it, against a Fastify hello-world on the same machine, measured the same way.
    // This machine's throughput drifts by a third from one 5-second run to the next (other tenants
    // share its cores), so the two alternate three times and the line reports the median ratio.
    const firstPage = `/api/contractors/browse?${apiQuery(DEFAULT_FORM)}`;
    const hello = Fastify({ logger: false });
    hello.get('/', async () => ({ hello: 'world' }));
    await hello.listen({ host: '127.0.0.1', port: 0 });
    const helloAddress = hello.server.address();
    const helloUrl = `http://127.0.0.1:${typeof helloAddress === 'object' && helloAddress ? helloAddress.port : 0}/`;
    const rounds: { listing: Awaited<ReturnType<typeof measure>>; hello: number; bytes: number }[] = [];
    for (let round = 0; round < 3; round++) {
      const listing = await measure(firstPage);
      const reference = await autocannon({ url: helloUrl, connections: 10, duration: options.seconds });
      rounds.push({ listing, hello: reference.requests.average, bytes: listing.bytesPerAnswer });
    }
    await hello.close();
    rounds.sort((a, b) => a.listing.rps / a.hello - b.listing.rps / b.hello);
    const median = rounds[1]!;
    const listing = median.listing;
    const helloResult = { requests: { average: median.hello } };
    // The same page as a browser asks for it: with Accept-Encoding, answered compressed (kept so).
    const asBrowser = await measure(firstPage, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    const browse = await measure('/api/contractors/browse?postalCode=H2X%201Y4&distanceKm=50&sort=distance');
    const search = await measure('/api/contractors/browse?search=cleaning&sort=rating');
    const jobs = await measure('/api/work-orders/browse?postalCode=M5V%202T6&radiusKm=100');
    const profile = await measure(`/api/contractors/${contractorIds[0]}`);
    const label = `${options.contractors} contractors, ${options.orders} jobs, 10 connections`;
    const row = (metric: string, m: { p95: number; p50: number; rps: number }, target: number): Row => ({
      metric: `${metric} (${label})`,
      value: `p50 ${m.p50} ms, p97.5 ${m.p95} ms, ${Math.round(m.rps)} req/s`,
      target: `p97.5 ≤ ${target} ms`,
      pass: m.p95 <= target,
    });
    const ratio = listing.rps / helloResult.requests.average;
    return [
      {
        metric: `GET /api/contractors/browse, the directory's first page (${label}; median of 3 alternating runs, ${rounds.map((r) => (r.listing.rps / r.hello).toFixed(2)).join(' / ')})`,
        value: `${Math.round(listing.rps)} req/s, ${median.bytes} B an answer (p50 ${listing.p50} ms, p97.5 ${listing.p95} ms)`,
        reference: `${Math.round(helloResult.requests.average)} req/s Fastify hello-world`,
        ratio: ratio.toFixed(2),
        target: `ratio >= ${MARKETPLACE_TARGETS.browseVersusHello}`,
        pass: ratio >= MARKETPLACE_TARGETS.browseVersusHello,
      },
      {
        metric: `the same first page as a browser asks (Accept-Encoding: br), ${label}`,
        value: `${Math.round(asBrowser.rps)} req/s, ${asBrowser.bytesPerAnswer} B an answer (p97.5 ${asBrowser.p95} ms)`,
        ratio: (asBrowser.rps / helloResult.requests.average).toFixed(2),
        target: '',
        pass: null,
      },
      row('directory: near a postal code, by distance', browse, MARKETPLACE_TARGETS.browseP95Ms),
      row('directory: text search, by rating', search, MARKETPLACE_TARGETS.browseP95Ms),
      row('job board: near a postal code', jobs, MARKETPLACE_TARGETS.browseP95Ms),
      row('contractor profile', profile, MARKETPLACE_TARGETS.profileP95Ms),
    ];
  }
}
