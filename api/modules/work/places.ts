import type { z } from 'zod';
import type { WorkLocation, WorkOrderDetails } from '../../../shared/domain/work/events.ts';
import { ValidationError } from '../../../shared/errors.ts';
import { lookupPostalCode, normalizePostalCode, POSTAL_CODE_MESSAGE } from '../../../shared/geo/index.ts';
import type { ProvinceCode } from '../../../shared/geo/provinces.ts';
import type { editBody } from '../../../shared/http/work.ts';

/**
 * Resolves a postal code to its FSA's centroid and city; an invalid or unknown code is a 400. The
 * `location` is what an event keeps (the FSA only); `postalCode`, the full normalised code, is kept
 * outside the log by the caller (shared/personal-data/postal-codes.ts).
 */
export function resolvePostalCode(input: string): { location: WorkLocation; postalCode: string } {
  const code = normalizePostalCode(input);
  const place = code ? lookupPostalCode(code) : null;
  if (!code || !place) throw new ValidationError(POSTAL_CODE_MESSAGE);
  return {
    postalCode: code,
    location: {
      fsa: code.slice(0, 3),
      city: place.city,
      province: place.province as ProvinceCode,
      lat: place.lat,
      lng: place.lng,
    },
  };
}

/** The order's details for its event (the place by its FSA) and the full postal code kept outside the log. */
export function detailsFrom(body: z.output<typeof editBody>): { details: WorkOrderDetails; postalCode: string | null } {
  const place = body.postalCode ? resolvePostalCode(body.postalCode) : null;
  return {
    details: {
      title: body.title,
      description: body.description,
      category: body.category,
      service: body.service,
      location: place?.location ?? null,
      remote: body.remote,
      budgetMinCents: body.budgetMinCents,
      budgetMaxCents: body.budgetMaxCents,
      preferredDates: body.preferredDates,
      photos: body.photos,
    },
    postalCode: place?.postalCode ?? null,
  };
}
