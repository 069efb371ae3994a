import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bayesianRating,
  rankContractors,
  relevanceScore,
  textMatchQuality,
  type DirectorySort,
  type RankCandidate,
} from './ranking.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const registeredAt = '2026-01-01T00:00:00.000Z';

function candidate(id: string, overrides: Partial<RankCandidate> = {}): RankCandidate {
  return {
    id,
    boostedUntil: null,
    priorityPlacement: false,
    ratingAverage: null,
    ratingCount: 0,
    completedJobs: 0,
    distanceKm: null,
    textMatch: 0,
    registeredAt,
    ...overrides,
  };
}

const ids = (list: RankCandidate[]) => list.map((c) => c.id);
const rank = (list: RankCandidate[], sort: DirectorySort = 'relevance') => ids(rankContractors(list, { sort, now }));

describe('rankContractors: paid placement', () => {
  it('puts an active boost first, then priority placement, then the rest, whatever the sort', () => {
    const list = [
      candidate('plain', { ratingAverage: 5, ratingCount: 40, distanceKm: 1, textMatch: 3 }),
      candidate('priority', { priorityPlacement: true, distanceKm: 50 }),
      candidate('boosted', { boostedUntil: '2026-11-29T00:00:00.000Z', distanceKm: 90 }),
    ];
    for (const sort of ['relevance', 'distance', 'rating'] as const) {
      expect(rank(list, sort), sort).toEqual(['boosted', 'priority', 'plain']);
    }
  });

  it('ignores a boost that has expired', () => {
    const list = [
      candidate('expired', { boostedUntil: '2026-11-22T11:59:59.000Z' }),
      candidate('rated', { ratingAverage: 5, ratingCount: 10 }),
    ];
    expect(rank(list)).toEqual(['rated', 'expired']);
  });

  it('orders several boosted contractors by the chosen sort', () => {
    const until = '2026-12-01T00:00:00.000Z';
    const list = [
      candidate('far', { boostedUntil: until, distanceKm: 40 }),
      candidate('near', { boostedUntil: until, distanceKm: 4 }),
    ];
    expect(rank(list, 'distance')).toEqual(['near', 'far']);
  });
});

describe('rankContractors: relevance', () => {
  it('ranks a better text match first', () => {
    const list = [
      candidate('elsewhere', { textMatch: 1, ratingAverage: 5, ratingCount: 50, completedJobs: 100 }),
      candidate('names-the-service', { textMatch: 3 }),
      candidate('in-a-title', { textMatch: 2 }),
    ];
    expect(rank(list)).toEqual(['names-the-service', 'in-a-title', 'elsewhere']);
  });

  it('within a match, prefers a well-proven rating over a single 5-star review', () => {
    const list = [
      candidate('one-review', { ratingAverage: 5, ratingCount: 1 }),
      candidate('fifty-reviews', { ratingAverage: 4.8, ratingCount: 50 }),
      candidate('unrated'),
      candidate('poorly-rated', { ratingAverage: 2.5, ratingCount: 8 }),
    ];
    expect(rank(list)).toEqual(['fifty-reviews', 'one-review', 'unrated', 'poorly-rated']);
  });

  it('counts completed jobs', () => {
    const list = [candidate('new'), candidate('busy', { completedJobs: 30 })];
    expect(rank(list)).toEqual(['busy', 'new']);
  });

  it('breaks exact ties by reviews, jobs, time on the platform, then id', () => {
    const list = [candidate('b'), candidate('a'), candidate('older', { registeredAt: '2025-01-01T00:00:00.000Z' })];
    expect(rank(list)).toEqual(['older', 'a', 'b']);
  });
});

describe('rankContractors: distance and rating', () => {
  it('sorts by distance, nearest first, contractors without a place last, ties by relevance', () => {
    const list = [
      candidate('nowhere', { ratingAverage: 5, ratingCount: 30 }),
      candidate('far', { distanceKm: 42.5 }),
      candidate('near-unrated', { distanceKm: 3 }),
      candidate('near-rated', { distanceKm: 3, ratingAverage: 4.9, ratingCount: 12 }),
    ];
    expect(rank(list, 'distance')).toEqual(['near-rated', 'near-unrated', 'far', 'nowhere']);
  });

  it('sorts by rating, highest first, more reviews on a tie, unrated last', () => {
    const list = [
      candidate('unrated', { textMatch: 3 }),
      candidate('four', { ratingAverage: 4, ratingCount: 100 }),
      candidate('five-few', { ratingAverage: 5, ratingCount: 2 }),
      candidate('five-many', { ratingAverage: 5, ratingCount: 9 }),
    ];
    expect(rank(list, 'rating')).toEqual(['five-many', 'five-few', 'four', 'unrated']);
  });
});

describe('rankContractors: properties', () => {
  const arbitrary = fc.record({
    id: fc.uuid(),
    boostedUntil: fc.option(fc.constantFrom('2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'), { nil: null }),
    priorityPlacement: fc.boolean(),
    ratingAverage: fc.option(
      fc.integer({ min: 100, max: 500 }).map((n) => n / 100),
      { nil: null },
    ),
    ratingCount: fc.nat(200),
    completedJobs: fc.nat(500),
    distanceKm: fc.option(
      fc.integer({ min: 0, max: 10_000 }).map((n) => n / 10),
      { nil: null },
    ),
    textMatch: fc.integer({ min: 0, max: 3 }),
    registeredAt: fc.constantFrom(registeredAt, '2025-06-01T00:00:00.000Z'),
  });
  const sorts = fc.constantFrom<DirectorySort>('relevance', 'distance', 'rating');

  it('is a permutation that does not depend on the input order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(arbitrary, { selector: (c) => c.id, maxLength: 30 }), sorts, (list, sort) => {
        const ranked = rankContractors(list, { sort, now });
        expect([...ids(ranked)].sort()).toEqual([...ids(list)].sort());
        expect(ids(rankContractors([...list].reverse(), { sort, now }))).toEqual(ids(ranked));
      }),
    );
  });

  it('never puts an unboosted contractor before a boosted one, and keeps distance order with sort=distance', () => {
    fc.assert(
      fc.property(fc.uniqueArray(arbitrary, { selector: (c) => c.id, maxLength: 30 }), (list) => {
        const ranked = rankContractors(list, { sort: 'distance', now });
        const tier = (c: RankCandidate) =>
          c.boostedUntil && Date.parse(c.boostedUntil) > now.getTime() ? 0 : c.priorityPlacement ? 1 : 2;
        for (let i = 1; i < ranked.length; i++) {
          const [a, b] = [ranked[i - 1]!, ranked[i]!];
          expect(tier(a)).toBeLessThanOrEqual(tier(b));
          if (tier(a) === tier(b) && a.distanceKm !== null && b.distanceKm !== null) {
            expect(a.distanceKm).toBeLessThanOrEqual(b.distanceKm);
          }
          if (tier(a) === tier(b) && a.distanceKm === null) expect(b.distanceKm).toBeNull();
        }
      }),
    );
  });
});

describe('relevance parts', () => {
  it('starts a new contractor at the prior', () => {
    expect(bayesianRating({ ratingAverage: null, ratingCount: 0 })).toBe(4);
    expect(bayesianRating({ ratingAverage: 5, ratingCount: 1 })).toBeCloseTo(4.25);
    expect(relevanceScore(candidate('x'))).toBe(0);
  });
});

describe('textMatchQuality', () => {
  const pro = { services: ['house-cleaning', 'window-cleaning'], offeringTitles: ['Spotless condo cleaning'] };

  it('is 0 without a search', () => {
    expect(textMatchQuality(undefined, pro)).toBe(0);
    expect(textMatchQuality('  ', pro)).toBe(0);
  });

  it('is 3 when the search names a service they offer, in English or French, or an exact title', () => {
    expect(textMatchQuality('House Cleaning', pro)).toBe(3);
    expect(textMatchQuality('ménage résidentiel', pro)).toBe(3);
    expect(textMatchQuality('spotless condo cleaning', pro)).toBe(3);
  });

  it('is 2 when the words appear in a service name or a title', () => {
    expect(textMatchQuality('window', pro)).toBe(2);
    expect(textMatchQuality('condo clean', pro)).toBe(2);
    expect(textMatchQuality('vitres', pro)).toBe(2);
  });

  it('is 1 otherwise (the match was in a description or the city)', () => {
    expect(textMatchQuality('Painting', pro)).toBe(1);
    expect(textMatchQuality('eco-friendly', pro)).toBe(1);
  });
});
