import { describe, expect, it } from 'vitest';
import {
  formatCoordinates,
  GEOLOCATION_OPTIONS,
  GPS_UNSUPPORTED_VISIBLE_MS,
  LOCATION_ERROR_VISIBLE_MS,
  locationProblem,
  problemVisibleMs,
  roundCoordinates,
} from './location.ts';

describe('landing GPS', () => {
  it('asks for a high-accuracy position with a 15 s timeout and accepts one up to 5 minutes old', () => {
    expect(GEOLOCATION_OPTIONS).toEqual({ enableHighAccuracy: true, timeout: 15_000, maximumAge: 300_000 });
  });

  it('maps each geolocation error code to its message', () => {
    expect(locationProblem({ code: 1 })).toBe('denied');
    expect(locationProblem({ code: 2 })).toBe('unavailable');
    expect(locationProblem({ code: 3 })).toBe('timeout');
  });

  it('treats anything else as a generic location error', () => {
    expect(locationProblem({ code: 99 })).toBe('error');
    expect(locationProblem(new Error('boom'))).toBe('error');
    expect(locationProblem(null)).toBe('error');
    expect(locationProblem('1')).toBe('error');
  });

  it('shows errors for 4 s and "GPS not supported" for 3 s', () => {
    expect(LOCATION_ERROR_VISIBLE_MS).toBe(4_000);
    expect(GPS_UNSUPPORTED_VISIBLE_MS).toBe(3_000);
    for (const problem of ['denied', 'unavailable', 'timeout', 'error'] as const) {
      expect(problemVisibleMs(problem)).toBe(4_000);
    }
    expect(problemVisibleMs('unsupported')).toBe(3_000);
  });

  it('rounds a position to 4 decimals, half away from zero as written', () => {
    const coordinates = roundCoordinates({ latitude: 45.50169, longitude: -73.56725 });
    expect(coordinates).toEqual({ lat: '45.5017', lng: '-73.5673' });
    expect(formatCoordinates(coordinates)).toBe('45.5017, -73.5673');
    expect(roundCoordinates({ latitude: 0, longitude: 10 })).toEqual({ lat: '0.0000', lng: '10.0000' });
  });
});
