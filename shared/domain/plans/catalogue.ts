import { performanceBadges } from '../catalogue/badges.ts';
import { credentialKinds } from '../credentials/kinds.ts';
/**
 * The plan matrix (docs/product.md#plans), the listing boosts and the badges. This is the one
 * definition: the pricing pages show it, and the plans issue enforces its limits on the server.
 * Prices are integer CAD cents. A null limit means unlimited.
 */

export const planIds = ['starter', 'local', 'pro', 'enterprise'] as const;
export type PlanId = (typeof planIds)[number];

export type PlanDefinition = {
  id: PlanId;
  /** Monthly price in cents; 0 for the free plan. */
  priceCents: number;
  /** Whether the plan can be bought today (Pro and Enterprise are listed but not yet offered). */
  available: boolean;
  maxDirectHireConnections: number | null;
  maxPhotosUploads: number | null;
  maxBidProjects: number | null;
  maxGalleryBillboards: number | null;
  canAccessRemoteWork: boolean;
  canUseBidding: boolean;
  canUseSubscriptionServices: boolean;
  hasPriorityPlacement: boolean;
  hasFeaturedBadge: boolean;
  hasTopTierVisibility: boolean;
  canBulkBid: boolean;
  hasCustomBranding: boolean;
  hasApiAccess: boolean;
  hasDedicatedSupport: boolean;
};

export const PLANS: Readonly<Record<PlanId, PlanDefinition>> = {
  starter: {
    id: 'starter',
    priceCents: 0,
    available: true,
    maxDirectHireConnections: 3,
    maxPhotosUploads: 5,
    maxBidProjects: 5,
    maxGalleryBillboards: 0,
    canAccessRemoteWork: false,
    canUseBidding: true,
    canUseSubscriptionServices: false,
    hasPriorityPlacement: false,
    hasFeaturedBadge: false,
    hasTopTierVisibility: false,
    canBulkBid: false,
    hasCustomBranding: false,
    hasApiAccess: false,
    hasDedicatedSupport: false,
  },
  local: {
    id: 'local',
    priceCents: 19_00,
    available: true,
    maxDirectHireConnections: null,
    maxPhotosUploads: 10,
    maxBidProjects: null,
    maxGalleryBillboards: 3,
    canAccessRemoteWork: false,
    canUseBidding: true,
    canUseSubscriptionServices: true,
    hasPriorityPlacement: true,
    hasFeaturedBadge: true,
    hasTopTierVisibility: false,
    canBulkBid: false,
    hasCustomBranding: false,
    hasApiAccess: false,
    hasDedicatedSupport: false,
  },
  pro: {
    id: 'pro',
    priceCents: 49_00,
    available: false,
    maxDirectHireConnections: null,
    maxPhotosUploads: null,
    maxBidProjects: null,
    maxGalleryBillboards: 10,
    canAccessRemoteWork: true,
    canUseBidding: true,
    canUseSubscriptionServices: true,
    hasPriorityPlacement: true,
    hasFeaturedBadge: true,
    hasTopTierVisibility: true,
    canBulkBid: true,
    hasCustomBranding: true,
    hasApiAccess: false,
    hasDedicatedSupport: false,
  },
  enterprise: {
    id: 'enterprise',
    priceCents: 129_00,
    available: false,
    maxDirectHireConnections: null,
    maxPhotosUploads: null,
    maxBidProjects: null,
    maxGalleryBillboards: null,
    canAccessRemoteWork: true,
    canUseBidding: true,
    canUseSubscriptionServices: true,
    hasPriorityPlacement: true,
    hasFeaturedBadge: true,
    hasTopTierVisibility: true,
    canBulkBid: true,
    hasCustomBranding: true,
    hasApiAccess: true,
    hasDedicatedSupport: true,
  },
};

/** The plan's limits in display order, for plan cards and the comparison table. */
export const PLAN_LIMIT_KEYS = [
  'maxDirectHireConnections',
  'maxPhotosUploads',
  'maxBidProjects',
  'maxGalleryBillboards',
] as const satisfies readonly (keyof PlanDefinition)[];

export const PLAN_FLAG_KEYS = [
  'canUseBidding',
  'canUseSubscriptionServices',
  'hasPriorityPlacement',
  'hasFeaturedBadge',
  'canAccessRemoteWork',
  'hasTopTierVisibility',
  'canBulkBid',
  'hasCustomBranding',
  'hasApiAccess',
  'hasDedicatedSupport',
] as const satisfies readonly (keyof PlanDefinition)[];

/** Paid plans need an adult (docs/product.md#plans): 18+, while basic use is 15+. */
export const PAID_PLAN_MIN_AGE = 18;

export const boostIds = ['boost-7', 'featured-30', 'premium-90'] as const;
export type BoostId = (typeof boostIds)[number];

export type BoostDefinition = { id: BoostId; days: number; priceCents: number; firstOneFree: boolean };

/** One-time listing boosts (docs/product.md#plans): the first 7-day boost is free. */
export const BOOSTS: readonly BoostDefinition[] = [
  { id: 'boost-7', days: 7, priceCents: 5_00, firstOneFree: true },
  { id: 'featured-30', days: 30, priceCents: 15_00, firstOneFree: false },
  { id: 'premium-90', days: 90, priceCents: 45_00, firstOneFree: false },
];

/**
 * Badges (docs/product.md#plans): performance badges are earned for free from the record on the platform
 * (their rules are in ../catalogue/badges.ts); verified credential badges need a paid plan and a
 * document an admin checked (../credentials).
 */
export const badgeIds = [...performanceBadges, ...credentialKinds] as const;
export type BadgeId = (typeof badgeIds)[number];
export type BadgeDefinition = { id: BadgeId; kind: 'performance' | 'verified' };

export const BADGES: readonly BadgeDefinition[] = [
  ...performanceBadges.map((id) => ({ id, kind: 'performance' as const })),
  ...credentialKinds.map((id) => ({ id, kind: 'verified' as const })),
];
