import { useEffect, useRef, useState } from 'react';
import {
  GEOLOCATION_OPTIONS,
  locationProblem,
  problemVisibleMs,
  roundCoordinates,
  type Coordinates,
  type LocationProblem,
} from './location.ts';

export type GpsStatus = { kind: 'idle' } | { kind: 'pending' } | { kind: 'problem'; problem: LocationProblem };

/**
 * The location lookup (docs/product.md#site; idle → 'Getting location...' → coordinates with 4 decimals, or an
 * error text that disappears after 4 s, 3 s for 'GPS not supported'), shared by the landing
 * search and the contractor directory. `onLocated` receives the rounded coordinates.
 */
export function useLocationRequest(onLocated: (coordinates: Coordinates) => void) {
  const [gps, setGps] = useState<GpsStatus>({ kind: 'idle' });
  const problemTimer = useRef<number | undefined>(undefined);
  const located = useRef(onLocated);
  located.current = onLocated;
  useEffect(() => () => window.clearTimeout(problemTimer.current), []);

  function showProblem(problem: LocationProblem) {
    window.clearTimeout(problemTimer.current);
    setGps({ kind: 'problem', problem });
    problemTimer.current = window.setTimeout(() => setGps({ kind: 'idle' }), problemVisibleMs(problem));
  }

  function requestLocation() {
    if (gps.kind === 'pending') return;
    window.clearTimeout(problemTimer.current);
    if (!('geolocation' in navigator) || !navigator.geolocation) {
      showProblem('unsupported');
      return;
    }
    setGps({ kind: 'pending' });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setGps({ kind: 'idle' });
        located.current(roundCoordinates(position.coords));
      },
      (error) => showProblem(locationProblem(error)),
      GEOLOCATION_OPTIONS,
    );
  }

  return { gps, requestLocation };
}
