import type { z } from 'zod';
import type { CheckpointWatcher } from '../infrastructure/projections/checkpoints.ts';
import type { browseView } from '../shared/http/work.ts';
import { AnswerCache, type CachedRoute } from './plugins/answer-cache.ts';

export const DIRECTORY_PATH = '/api/contractors/browse';
export const PROFILE_PATH = '/api/contractors';
export const JOB_BOARD_PATH = '/api/work-orders/browse';

/**
 * Names and verified badges are read outside the projections' positions (the personal-data table,
 * a credential's expiry date), so no answer is served as fresh for longer than this.
 */
const MAX_AGE_MS = 60_000;
/** A busy answer past its time is served this much longer while its refresh runs. */
const STALE_MS = 15_000;

/** The job board's public page, kept as values too: a signed-in contractor's answer adds their own proposals to it. */
export type JobBoardPage = Omit<z.infer<typeof browseView>, 'orders'> & {
  orders: Omit<z.infer<typeof browseView>['orders'][number], 'myProposal'>[];
};

/** The public answers each API process keeps (see api/plugins/answer-cache.ts). */
export function createAnswerCaches(checkpoints: Pick<CheckpointWatcher, 'lastChange' | 'position' | 'waitFor'>) {
  const options = { maxAgeMs: MAX_AGE_MS, staleMs: STALE_MS };
  const caches = {
    /** Directory searches: the directory, with names (accounts, set at sign-up) and verified badges. */
    directory: new AnswerCache(checkpoints, {
      ...options,
      sources: ['contractor-directory', 'accounts', 'credentials'],
    }),
    /** Contractor profiles: the same, with their published reviews and the reviewers' names. */
    profiles: new AnswerCache(checkpoints, {
      ...options,
      sources: ['contractor-directory', 'accounts', 'credentials', 'contractor-reviews'],
      max: 20_000,
    }),
    /** The job board's public part: open orders as anyone sees them. */
    jobBoard: new AnswerCache<JobBoardPage>(checkpoints, { ...options, sources: ['work-orders'] }),
    /** Forgets every kept answer (tests that write into a read model past the projections). */
    clear() {
      caches.directory.clear();
      caches.profiles.clear();
      caches.jobBoard.clear();
    },
  };
  return caches;
}

export type AnswerCaches = ReturnType<typeof createAnswerCaches>;

/** The routes whose kept answers the hot path may send (the directory's path before the profile's). */
export function cachedAnswerRoutes(caches: AnswerCaches): CachedRoute[] {
  return [
    { cache: caches.directory, path: DIRECTORY_PATH },
    { cache: caches.profiles, path: PROFILE_PATH, segment: true },
    { cache: caches.jobBoard, path: JOB_BOARD_PATH, anonymousOnly: true },
  ];
}
