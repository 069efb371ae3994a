import { describe, expect, it } from 'vitest';
import { earnedBadges, type PerformanceStats } from './badges.ts';

const none: PerformanceStats = {
  ratingSum: 0,
  ratingCount: 0,
  completedJobs: 0,
  contractorCancellations: 0,
  answeredRequests: 0,
  answeredWithinDay: 0,
  onTimeJobs: 0,
  scheduledJobs: 0,
};
const stats = (overrides: Partial<PerformanceStats>) => ({ ...none, ...overrides });

describe('earnedBadges', () => {
  it('gives a new contractor no badge', () => {
    expect(earnedBadges(none)).toEqual([]);
  });

  it('makes top-rated an average of 4.7 over at least 5 reviews', () => {
    expect(earnedBadges(stats({ ratingSum: 24, ratingCount: 5 }))).toEqual(['top-rated']); // 4.8
    expect(earnedBadges(stats({ ratingSum: 47, ratingCount: 10 }))).toEqual(['top-rated']); // 4.7
    expect(earnedBadges(stats({ ratingSum: 46, ratingCount: 10 }))).toEqual([]); // 4.6
    expect(earnedBadges(stats({ ratingSum: 20, ratingCount: 4 }))).toEqual([]); // 5.0, too few
  });

  it('makes reliable 5 completed jobs with at most 1 in 10 cancelled by the contractor', () => {
    expect(earnedBadges(stats({ completedJobs: 5 }))).toEqual(['reliable']);
    expect(earnedBadges(stats({ completedJobs: 4 }))).toEqual([]);
    expect(earnedBadges(stats({ completedJobs: 9, contractorCancellations: 1 }))).toEqual(['reliable']);
    expect(earnedBadges(stats({ completedJobs: 8, contractorCancellations: 1 }))).toEqual([]);
  });

  it('makes responsive 3 answered requests, 90 % within a day', () => {
    expect(earnedBadges(stats({ answeredRequests: 3, answeredWithinDay: 3 }))).toEqual(['responsive']);
    expect(earnedBadges(stats({ answeredRequests: 10, answeredWithinDay: 9 }))).toEqual(['responsive']);
    expect(earnedBadges(stats({ answeredRequests: 10, answeredWithinDay: 8 }))).toEqual([]);
    expect(earnedBadges(stats({ answeredRequests: 2, answeredWithinDay: 2 }))).toEqual([]);
  });

  it('makes experienced 25 completed jobs, alongside the others', () => {
    expect(
      earnedBadges({
        ratingSum: 145,
        ratingCount: 30,
        completedJobs: 25,
        contractorCancellations: 0,
        answeredRequests: 30,
        answeredWithinDay: 30,
        onTimeJobs: 25,
        scheduledJobs: 25,
      }),
    ).toEqual(['top-rated', 'reliable', 'responsive', 'on-time', 'experienced']);
    expect(earnedBadges(stats({ completedJobs: 24 }))).toEqual(['reliable']);
  });
});

describe('the on-time badge', () => {
  it('needs 5 completed bookings with at least 90 % of them marked complete by the scheduled end', () => {
    const booked = (n: number, onTime: number) => stats({ completedJobs: n, scheduledJobs: n, onTimeJobs: onTime });
    expect(earnedBadges(booked(5, 5))).toContain('on-time');
    expect(earnedBadges(booked(4, 4))).not.toContain('on-time');
    expect(earnedBadges(booked(10, 9))).toContain('on-time');
    expect(earnedBadges(booked(10, 8))).not.toContain('on-time');
  });

  it('judges only jobs that had a booking: jobs paid without one neither help nor hurt', () => {
    expect(earnedBadges(stats({ completedJobs: 12, scheduledJobs: 10, onTimeJobs: 10 }))).toContain('on-time');
    expect(earnedBadges(stats({ completedJobs: 9, scheduledJobs: 4, onTimeJobs: 4 }))).not.toContain('on-time');
  });
});
