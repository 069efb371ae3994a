import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { positionToString } from '../../../shared/eventstore/types.ts';
import { healthView, readinessView } from '../../../shared/http/system.ts';

/** Liveness and readiness for orchestrators (docker compose health checks use /api/health/ready). */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['system'], summary: 'Liveness', response: { 200: healthView } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers; projection positions',
        response: {
          200: readinessView,
        },
      },
    },
    async () => {
      await app.runtime.sql`select 1`;
      const projections = Object.fromEntries(
        app.runtime.projections.map((p) => [p.name, positionToString(app.runtime.checkpoints.position(p.name))]),
      );
      const stalled = (app.runtime.runner?.status() ?? [])
        .filter((p) => p.failures > 0)
        .map((p) => ({ name: p.name, failures: p.failures, error: p.lastError ?? '' }));
      return { status: 'ready' as const, eventStore: app.runtime.store.kind, projections, stalled };
    },
  );
};
