import type { CredentialKind } from '../../../shared/domain/credentials/kinds.ts';
import type { PerformanceBadge } from '../../../shared/domain/catalogue/badges.ts';
import type { ProvinceCode } from '../../../shared/geo/provinces.ts';

/** The directory API's answers (api/modules/catalogue/directory-routes.ts). */
export type DirectoryOffering = {
  id: string;
  title: string;
  description: string;
  pricingModel: string;
  priceCents: number;
  price: string;
  isRemoteService: boolean;
  service: string | null;
};

export type DirectoryContractor = {
  id: string;
  name: string;
  location: string | null;
  canWorkRemotely: boolean;
  yearsOfExperience: number | null;
  expertiseStatement: string | null;
  offerings: DirectoryOffering[];
  city: string | null;
  province: ProvinceCode | null;
  fsa: string | null;
  serviceRadiusKm: number | null;
  services: string[];
  categories: string[];
  remote: boolean;
  hourlyRateCents: number | null;
  minPriceCents: number | null;
  rating: { average: number | null; count: number };
  completedJobs: number;
  hasAvailability: boolean;
  badges: PerformanceBadge[];
  /** Credentials our team checked, shown while valid and while the contractor is on a paid plan. */
  verifiedBadges: { kind: CredentialKind; expiresOn: string }[];
  boosted: boolean;
  boostedUntil: string | null;
  priorityPlacement: boolean;
  featured: boolean;
  registeredAt: string;
  distanceKm: number | null;
};

export type GeoPlaceView = {
  postalCode: string | null;
  fsa: string | null;
  city: string;
  province: ProvinceCode;
  lat: number;
  lng: number;
};

export type BrowseAnswer = { total: number; place: GeoPlaceView | null; contractors: DirectoryContractor[] };

export type ContractorProfileView = DirectoryContractor & {
  availability: {
    timeZone: string;
    slotMinutes: number;
    weekly: { weekday: number; start: string; end: string }[];
  } | null;
  reviews: {
    total: number;
    items: { rating: number; text: string; reviewerName: string; submittedAt: string; publishedAt: string }[];
  };
};

export type PlaceSuggestion = GeoPlaceView & { kind: 'postal-code' | 'fsa' | 'city'; label: string };
