import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { directoryEntry, searchDirectory, serviceDirectoryCounts } from '../../../projections/catalogue-directory.ts';
import { reviewsOf } from '../../../projections/contractor-reviews.ts';
import { NotFoundError } from '../../../shared/errors.ts';
import { POSTAL_CODE_MESSAGE } from '../../../shared/geo/index.ts';
import {
  browseQuery,
  browseView,
  contractorProfileView,
  placeSuggestion,
  placesQuery,
  profileParams,
  profileQuery,
  serviceDirectoryView as serviceDirectoryShape,
} from '../../../shared/http/catalogue.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { DIRECTORY_PATH, PROFILE_PATH } from '../../answer-caches.ts';
import { sendJson, wroteAtOf } from '../../plugins/answer-cache.ts';
import { verifiedBadgesChangeAt, withNames } from './lookups.ts';
import { placeSuggestions, searchedPlace } from './places.ts';
import { serviceAreaRoutes } from './service-area-routes.ts';
import { profileView, serviceDirectoryView } from './views.ts';

/** The contractor directory, the service directory, service areas and place suggestions. */
export const directoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.runtime;
  const { directory: directoryAnswers, profiles: profileAnswers } = app.runtime.answerCaches;

  await app.register(serviceAreaRoutes);

  app.get(
    DIRECTORY_PATH,
    {
      schema: {
        tags: ['directory'],
        summary: 'Search the contractor directory',
        description:
          'Filters: `search` (text; a service name also matches contractors offering that service), `category`, ' +
          '`service`, a place (`lat`+`lng`, else `postalCode`, else `city` with optional `province`) with ' +
          '`distanceKm` (0: any distance; a postal code may be just its FSA, e.g. K1A), `minRating`, `badges` (comma-separated; all must be earned), `remote`, ' +
          '`maxPriceCents` (on the lowest price). `sort`: relevance (default), distance, rating. Boosted, then ' +
          'priority-placement contractors come first. An invalid postal code answers 400 "' +
          POSTAL_CODE_MESSAGE +
          '".',
        querystring: browseQuery,
        response: { 200: browseView, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const answer = await directoryAnswers.answer(
        q,
        async () => {
          const now = new Date();
          const place = searchedPlace(q);
          const { total, entries, changesAt } = await searchDirectory(
            sql,
            {
              search: q.search,
              category: q.category,
              service: q.service,
              near: place,
              distanceKm: q.distanceKm,
              minRating: q.minRating,
              badges: q.badges,
              remote: q.remote,
              maxPriceCents: q.maxPriceCents,
              sort: q.sort,
              limit: q.limit,
              offset: q.offset,
            },
            now,
          );
          // Serialised as the route's response schema would, once, for every request that shares it.
          const json = reply.serialize({ total, place, contractors: await withNames(sql, entries) }) as string;
          return { json, expiresAt: Math.min(changesAt ?? Infinity, verifiedBadgesChangeAt(now)) };
        },
        request.url,
        wroteAtOf(request.headers.cookie),
      );
      return sendJson(reply, answer.json);
    },
  );

  app.get(
    `${PROFILE_PATH}/:id`,
    {
      schema: {
        tags: ['directory'],
        summary: 'A contractor’s public profile',
        description:
          'Offerings, service area (city and FSA; the full postal code stays private), rating and published ' +
          'reviews (newest first, paged with reviewsLimit/reviewsOffset), badges, weekly availability, completed jobs.',
        params: profileParams,
        querystring: profileQuery,
        response: { 200: contractorProfileView, 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { reviewsLimit: limit, reviewsOffset: offset } = request.query;
      const answer = await profileAnswers.answer(
        { id, limit, offset },
        async () => {
          const now = new Date();
          const entry = await directoryEntry(sql, id, now);
          const [named] = entry ? await withNames(sql, [entry]) : [];
          if (!named) throw new NotFoundError('Contractor not found');
          const page = await reviewsOf(sql, id, { limit, offset });
          const reviewers = await displayNames(
            sql,
            page.reviews.map((r) => r.customerId),
          );
          const json = reply.serialize(profileView(named, page, reviewers)) as string;
          const boostEnds = named.boostedUntil === null ? Infinity : Date.parse(named.boostedUntil);
          return {
            json,
            expiresAt: Math.min(boostEnds > now.getTime() ? boostEnds : Infinity, verifiedBadgesChangeAt(now)),
          };
        },
        request.url,
        wroteAtOf(request.headers.cookie),
      );
      return sendJson(reply, answer.json);
    },
  );

  app.get(
    '/api/service-directory',
    {
      schema: {
        tags: ['directory'],
        summary: 'Categories and services with their number of listed contractors',
        description:
          'A contractor counts for a service they list in their service area or offer in an active offering.',
        response: { 200: serviceDirectoryShape },
      },
    },
    async () => serviceDirectoryView(await serviceDirectoryCounts(sql)),
  );

  app.get(
    '/api/geo/places',
    {
      schema: {
        tags: ['directory'],
        summary: 'Suggest Canadian places for a city or postal code field',
        description:
          'A full postal code or an FSA (K1A) answers its centroid; text answers cities whose English or French ' +
          'name starts with it (accents ignored), larger cities first.',
        querystring: placesQuery,
        response: { 200: z.object({ places: z.array(placeSuggestion) }), 400: errorSchema },
      },
    },
    async (request) => placeSuggestions(request.query.q, request.query.limit, request.query.lang),
  );
};
