import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { combineProgress, DEFAULT_REBUILD_WEIGHT, splitForRebuild, type RebuildProgress } from './rebuild.ts';

type Named = { name: string; rebuildWeight?: number; rebuildTogether?: string };

const weightOf = (group: Named[]) =>
  group.reduce((sum, projection) => sum + (projection.rebuildWeight ?? DEFAULT_REBUILD_WEIGHT), 0);

describe('splitForRebuild', () => {
  it('balances the weights, keeping each group in the given order', () => {
    const projections: Named[] = [
      { name: 'a', rebuildWeight: 10 },
      { name: 'b', rebuildWeight: 6 },
      { name: 'c', rebuildWeight: 5 },
      { name: 'd', rebuildWeight: 4 },
      { name: 'e' },
    ];
    const groups = splitForRebuild(projections, 2);
    expect(groups.map((group) => group.map((p) => p.name))).toEqual([
      ['a', 'd'],
      ['b', 'c', 'e'],
    ]);
  });

  it('keeps the read models that share per-event work in one group', () => {
    const projections: Named[] = [
      { name: 'notifications', rebuildWeight: 10, rebuildTogether: 'drafts' },
      { name: 'crm', rebuildWeight: 10 },
      { name: 'outbox', rebuildWeight: 5, rebuildTogether: 'drafts' },
      { name: 'orders', rebuildWeight: 5 },
    ];
    const groups = splitForRebuild(projections, 2).map((group) => group.map((p) => p.name));
    expect(groups).toContainEqual(['notifications', 'outbox']);
    expect(groups).toContainEqual(['crm', 'orders']);
  });

  it('makes no empty group when there are fewer read models than processes', () => {
    expect(splitForRebuild([{ name: 'only' }], 4)).toEqual([[{ name: 'only' }]]);
    expect(splitForRebuild([{ name: 'only' }], 0)).toEqual([[{ name: 'only' }]]);
  });

  it('places every read model exactly once, no group heavier than the lightest by more than its heaviest unit', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            name: fc.string({ minLength: 1, maxLength: 6 }),
            rebuildWeight: fc.option(fc.double({ min: 0.01, max: 20, noNaN: true }), { nil: undefined }),
          }),
          { minLength: 1, maxLength: 30, selector: (p) => p.name },
        ),
        fc.integer({ min: 1, max: 6 }),
        (projections, parts) => {
          const groups = splitForRebuild(projections, parts);
          expect(groups.length).toBe(Math.min(parts, projections.length));
          expect(
            groups
              .flat()
              .map((p) => p.name)
              .sort(),
          ).toEqual(projections.map((p) => p.name).sort());
          for (const group of groups)
            expect(group).toEqual(projections.filter((projection) => group.includes(projection)));
          const weights = groups.map(weightOf);
          const heaviest = Math.max(...projections.map((p) => p.rebuildWeight ?? DEFAULT_REBUILD_WEIGHT));
          expect(Math.max(...weights) - Math.min(...weights)).toBeLessThanOrEqual(heaviest + 1e-9);
        },
      ),
    );
  });
});

const progress = (at: Partial<RebuildProgress>): RebuildProgress => ({
  events: 0,
  applied: 0,
  position: { commit: 0n, prepare: 0n },
  seconds: 1,
  eventsPerSecond: 0,
  secondsLeft: null,
  eventsByType: {},
  readModelSeconds: {},
  readModelEvents: {},
  ...at,
});

describe('combineProgress', () => {
  it('counts an event two passes read once, and rates the events over the time since the first pass began', () => {
    const combined = combineProgress(
      [
        progress({
          events: 150,
          applied: 200,
          eventsByType: { AccountRegistered: 100, ReviewSubmitted: 50 },
          readModelSeconds: { accounts: 1.5 },
          readModelEvents: { accounts: 100 },
          position: { commit: 150n, prepare: 150n },
          secondsLeft: 3,
        }),
        progress({
          events: 130,
          applied: 130,
          eventsByType: { AccountRegistered: 90, BookingRequested: 40 },
          readModelSeconds: { bookings: 2 },
          readModelEvents: { bookings: 40 },
          position: { commit: 130n, prepare: 130n },
          secondsLeft: 5,
        }),
      ],
      2,
    );
    expect(combined).toMatchObject({
      events: 190,
      applied: 330,
      eventsPerSecond: 95,
      seconds: 2,
      position: { prepare: 130n },
      secondsLeft: 5,
      eventsByType: { AccountRegistered: 100, ReviewSubmitted: 50, BookingRequested: 40 },
      readModelSeconds: { accounts: 1.5, bookings: 2 },
      readModelEvents: { accounts: 100, bookings: 40 },
    });
  });

  it('takes the position of the slowest pass still running, and the furthest once all are done', () => {
    const done = progress({ position: { commit: 90n, prepare: 90n }, secondsLeft: 0 });
    const running = progress({ position: { commit: 120n, prepare: 120n }, secondsLeft: 1 });
    expect(combineProgress([done, running], 1).position.prepare).toBe(120n);
    const finished = progress({ position: { commit: 200n, prepare: 200n }, secondsLeft: 0 });
    expect(combineProgress([done, finished], 1)).toMatchObject({ position: { prepare: 200n }, secondsLeft: 0 });
  });

  it('does not know the time left until every pass does', () => {
    expect(combineProgress([progress({ secondsLeft: 4 }), progress({ secondsLeft: null })], 1).secondsLeft).toBeNull();
  });
});
