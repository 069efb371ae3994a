/**
 * The search card's Enable GPS button (docs/product.md#site): a high-accuracy position, a 15 s timeout,
 * a cached position up to 5 minutes old. Errors show for 4 s, 'GPS not supported' for 3 s.
 */
export const GEOLOCATION_OPTIONS = {
  enableHighAccuracy: true,
  timeout: 15_000,
  maximumAge: 300_000,
} as const satisfies PositionOptions;

export const LOCATION_ERROR_VISIBLE_MS = 4_000;
export const GPS_UNSUPPORTED_VISIBLE_MS = 3_000;

/** GeolocationPositionError codes (the DOM constants are not available on the server or in tests). */
export const PERMISSION_DENIED = 1;
export const POSITION_UNAVAILABLE = 2;
export const TIMEOUT = 3;

export type LocationProblem = 'denied' | 'unavailable' | 'timeout' | 'error' | 'unsupported';

/** Which message a failed position request shows; anything unrecognised is a generic error. */
export function locationProblem(error: unknown): Exclude<LocationProblem, 'unsupported'> {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  switch (code) {
    case PERMISSION_DENIED:
      return 'denied';
    case POSITION_UNAVAILABLE:
      return 'unavailable';
    case TIMEOUT:
      return 'timeout';
    default:
      return 'error';
  }
}

/** How long a problem's message stays on screen. */
export function problemVisibleMs(problem: LocationProblem): number {
  return problem === 'unsupported' ? GPS_UNSUPPORTED_VISIBLE_MS : LOCATION_ERROR_VISIBLE_MS;
}

export type Coordinates = { lat: string; lng: string };

/**
 * A position to 4 decimals (about 11 m): what the card shows and what the search passes on. No
 * more precision than a neighbourhood search needs leaves the visitor's address out of the URL.
 */
export function roundCoordinates(position: { latitude: number; longitude: number }): Coordinates {
  return { lat: position.latitude.toFixed(4), lng: position.longitude.toFixed(4) };
}

export function formatCoordinates({ lat, lng }: Coordinates): string {
  return `${lat}, ${lng}`;
}
