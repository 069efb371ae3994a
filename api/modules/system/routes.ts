import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { positionToString } from '../../../shared/eventstore/types.ts';

/** Liveness and readiness for orchestrators (docker compose health checks use /api/health/ready). */
export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    { schema: { tags: ['system'], summary: 'Liveness', response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers; projection positions',
        response: {
          200: z.object({
            status: z.literal('ready'),
            eventStore: z.string(),
            projections: z.record(z.string(), z.string()),
          }),
        },
      },
    },
    async () => {
      await app.runtime.sql`select 1`;
      const projections = Object.fromEntries(
        app.runtime.projections.map((p) => [p.name, positionToString(app.runtime.checkpoints.position(p.name))]),
      );
      return { status: 'ready' as const, eventStore: app.runtime.store.kind, projections };
    },
  );
};
