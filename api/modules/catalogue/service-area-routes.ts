import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { serviceAreaOf } from '../../../projections/catalogue-directory.ts';
import { contractorDecider, LOCATION_MESSAGE } from '../../../shared/domain/catalogue/decider.ts';
import { contractorStreamId } from '../../../shared/domain/catalogue/streams.ts';
import { ValidationError } from '../../../shared/errors.ts';
import { lookupPostalCode, POSTAL_CODE_MESSAGE, resolveLocation } from '../../../shared/geo/index.ts';
import {
  savedAreaView,
  serviceAreaBody,
  serviceAreaLocationBody,
  serviceAreaView as serviceAreaShape,
} from '../../../shared/http/catalogue.ts';
import { postalCodesOf, savePostalCode } from '../../../shared/personal-data/postal-codes.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { savedServiceAreaView, serviceAreaView } from './views.ts';

const savedResponse = { 200: savedAreaView, 400: errorSchema, 401: errorSchema, 403: errorSchema };

/** A contractor's service area: where they work, how far they travel, their services and rate. */
export const serviceAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.runtime;

  /**
   * The area form and onboarding's location place the same area: after deciding, a typed full
   * postal code is kept outside the event log (the FSA is in the event; the contractor sees the code
   * again here), and the answer waits until the directory shows the area.
   */
  async function keepPostalCode(contractorId: string, place: { postalCode?: string | null }) {
    await savePostalCode(sql, {
      subjectId: contractorId,
      accountId: contractorId,
      postalCode: place.postalCode ?? null,
    });
    return place.postalCode ?? null;
  }

  app.get(
    '/api/contractor/service-area',
    {
      onRequest: app.requireRole('contractor'),
      schema: {
        tags: ['directory'],
        summary: 'My service area',
        response: { 200: serviceAreaShape, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const user = await signedInUser(request);
      const [mine, postalCodes] = await Promise.all([serviceAreaOf(sql, user.id), postalCodesOf(sql, [user.id])]);
      return serviceAreaView(mine, postalCodes.get(user.id) ?? null);
    },
  );

  app.command({
    method: 'PUT',
    url: '/api/contractor/service-area',
    access: ['contractor'],
    schema: {
      tags: ['directory'],
      summary: 'Set my service area and services',
      description:
        'The postal code is resolved to its FSA’s municipality and centre, which the directory measures ' +
        'distances from. radiusKm 1–250 (default 25); 1–12 services; hourlyRateCents optional (CAD cents).',
      body: serviceAreaBody,
      response: savedResponse,
    },
    readModels: ['contractor-directory'],
    async run({ user, body, context, decide }) {
      const place = lookupPostalCode(body.postalCode);
      if (!place) throw new ValidationError(POSTAL_CODE_MESSAGE);
      const { radiusKm, services, hourlyRateCents } = body;
      const { newState } = await decide(contractorStreamId(user.id), contractorDecider, {
        type: 'SetContractorServiceArea',
        contractorId: user.id,
        place,
        radiusKm,
        services,
        hourlyRateCents,
        now: context.now,
      });
      return savedServiceAreaView(newState, await keepPostalCode(user.id, place));
    },
  });

  app.command({
    method: 'PUT',
    url: '/api/contractor/service-area/location',
    access: ['contractor'],
    schema: {
      tags: ['directory'],
      summary: 'Place my service area at a location (onboarding)',
      description:
        'The location is a city (optionally with its province: "Montréal, QC") or a postal code; its centre ' +
        'becomes the service area’s, with radiusKm 1–250 (default 25). The area’s services and hourly rate ' +
        'are kept (none on a first area). A location that names no known Canadian place answers 400.',
      body: serviceAreaLocationBody,
      response: savedResponse,
    },
    readModels: ['contractor-directory'],
    async run({ user, body, context, decide }) {
      const place = resolveLocation(body.location);
      if (!place) throw new ValidationError(LOCATION_MESSAGE);
      // A city replaces the base postal code an earlier area had: it no longer names the centre.
      const { newState } = await decide(contractorStreamId(user.id), contractorDecider, {
        type: 'PlaceContractorServiceArea',
        contractorId: user.id,
        place,
        radiusKm: body.radiusKm,
        now: context.now,
      });
      return savedServiceAreaView(newState, await keepPostalCode(user.id, place));
    },
  });
};
