import { serviceCategories, serviceFromText } from './categories.ts';

/**
 * The directory's one ordering. The query narrows the candidates in SQL (indexed filters and a
 * bounding box), measures exact distances, and hands them here; the page is cut from this order.
 *
 * 1. Paid placement first: contractors with an active boost, then those with priority placement
 *    (both set by the plans issue), each group in the chosen order.
 * 2. Then the chosen order:
 *    - relevance: how well the text matches (see `textMatchQuality`), plus the rating (a
 *      Bayesian average, so one 5-star review does not beat fifty 4.8s), plus completed jobs;
 *    - distance: nearest first, contractors without a known place last, ties by relevance;
 *    - rating: highest average first, unrated last, then more reviews, then relevance.
 * 3. Ties: more reviews, more completed jobs, longer on the platform, then id (stable pages).
 */
export const directorySorts = ['relevance', 'distance', 'rating'] as const;
export type DirectorySort = (typeof directorySorts)[number];

export type RankCandidate = {
  id: string;
  /** ISO instant; active while in the future. */
  boostedUntil: string | null;
  priorityPlacement: boolean;
  ratingAverage: number | null;
  ratingCount: number;
  completedJobs: number;
  /** From the searched place; null without a place or when the contractor has none. */
  distanceKm: number | null;
  /** 0–3, from `textMatchQuality`. */
  textMatch: number;
  registeredAt: string;
};

/** The Bayesian prior: a new contractor counts as this many reviews of this average. */
export const RATING_PRIOR = { reviews: 3, average: 4 } as const;

/** A text match tier outweighs any rating or experience difference within one tier. */
const TEXT_WEIGHT = 2;

export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const serviceLabels = new Map(
  serviceCategories.flatMap((c) => c.services.map((s) => [s.slug as string, [fold(s.en), fold(s.fr)]] as const)),
);

/**
 * How well a search text matches a contractor that the SQL filter already found:
 * 3 — it names a service they offer ('House Cleaning', 'ménage résidentiel') or an offering's exact title;
 * 2 — it appears in one of their service names or offering titles;
 * 1 — it matched elsewhere (description, approach statement, city);
 * 0 — there is no search text.
 */
export function textMatchQuality(
  search: string | undefined,
  contractor: { services: readonly string[]; offeringTitles: readonly string[] },
): number {
  return textMatcher(search)(contractor);
}

/**
 * `textMatchQuality` for one search, prepared once: the search is folded and matched against the
 * service names once, not once per candidate (a search can have thousands of candidates).
 */
export function textMatcher(
  search: string | undefined,
): (contractor: { services: readonly string[]; offeringTitles: readonly string[] }) => number {
  const query = fold(search ?? '');
  if (!query) return () => 0;
  const named = serviceFromText(search ?? '');
  const words = query.split(' ');
  const containsAll = (text: string) => words.every((word) => ` ${text}`.includes(` ${word}`));
  return (contractor) => {
    const titles = contractor.offeringTitles.map(fold);
    if ((named && contractor.services.includes(named)) || titles.includes(query)) return 3;
    const labels = contractor.services.flatMap((service) => serviceLabels.get(service) ?? []);
    if ([...labels, ...titles].some(containsAll)) return 2;
    return 1;
  };
}

export function bayesianRating(c: Pick<RankCandidate, 'ratingAverage' | 'ratingCount'>): number {
  const sum = (c.ratingAverage ?? 0) * c.ratingCount;
  return (RATING_PRIOR.reviews * RATING_PRIOR.average + sum) / (RATING_PRIOR.reviews + c.ratingCount);
}

export function relevanceScore(c: RankCandidate): number {
  const rating = bayesianRating(c) - RATING_PRIOR.average;
  const experience = Math.log10(1 + c.completedJobs) / 2;
  return TEXT_WEIGHT * c.textMatch + rating + experience;
}

function placementTier(c: RankCandidate, now: number): number {
  if (c.boostedUntil !== null && Date.parse(c.boostedUntil) > now) return 0;
  return c.priorityPlacement ? 1 : 2;
}

const nullsLast = (a: number | null, b: number | null, direction: 1 | -1) => {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return direction * (a - b);
};

function byRelevance(a: RankCandidate, b: RankCandidate): number {
  return relevanceScore(b) - relevanceScore(a);
}

function tieBreak(a: RankCandidate, b: RankCandidate): number {
  return (
    b.ratingCount - a.ratingCount ||
    b.completedJobs - a.completedJobs ||
    Date.parse(a.registeredAt) - Date.parse(b.registeredAt) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

const orders: Record<DirectorySort, (a: RankCandidate, b: RankCandidate) => number> = {
  relevance: byRelevance,
  distance: (a, b) => nullsLast(a.distanceKm, b.distanceKm, 1) || byRelevance(a, b),
  rating: (a, b) =>
    nullsLast(a.ratingAverage, b.ratingAverage, -1) || b.ratingCount - a.ratingCount || byRelevance(a, b),
};

/** Orders the candidates (a new array); pure, so the same input always gives the same page. */
export function rankContractors<T extends RankCandidate>(
  candidates: readonly T[],
  options: { sort: DirectorySort; now: Date },
): T[] {
  const now = options.now.getTime();
  const order = orders[options.sort];
  return [...candidates].sort((a, b) => placementTier(a, now) - placementTier(b, now) || order(a, b) || tieBreak(a, b));
}
