import { randomUUID } from 'node:crypto';
import fastifyCompress from '@fastify/compress';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from '../shared/config.ts';
import abuseLimitsPlugin from './plugins/abuse-limits.ts';
import idempotencyPlugin from './plugins/idempotency.ts';
import commandPipelinePlugin from './plugins/command-pipeline.ts';
import { accountRoutes } from './modules/accounts/routes.ts';
import { bookingRoutes } from './modules/booking/routes.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { directoryRoutes } from './modules/catalogue/directory-routes.ts';
import { forumRoutes } from './modules/forum/routes.ts';
import { notificationPreferencesRoutes } from './modules/notification-preferences/routes.ts';
import { notificationRoutes } from './modules/notifications/routes.ts';
import { contractRoutes } from './modules/contracts/routes.ts';
import { escrowRoutes } from './modules/escrow/routes.ts';
import { disputeRoutes } from './modules/disputes/routes.ts';
import { planRoutes } from './modules/plans/routes.ts';
import { urgentRoutes } from './modules/urgent/routes.ts';
import { credentialRoutes } from './modules/credentials/routes.ts';
import { galleryRoutes } from './modules/gallery/routes.ts';
import { recurringRoutes } from './modules/recurring/routes.ts';
import { barterRoutes } from './modules/barter/routes.ts';
import { crmRoutes } from './modules/crm/routes.ts';
import { forumAdminRoutes } from './modules/forum/admin-routes.ts';
import { metricsRoutes } from './modules/metrics/routes.ts';
import { aiRoutes } from './modules/ai/routes.ts';
import { adminUserRoutes } from './modules/accounts/admin-routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { legalCopyRoutes } from './modules/legal-copies/routes.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { feedbackRoutes } from './modules/feedback/routes.ts';
import { messagingRoutes } from './modules/messaging/routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { workRoutes } from './modules/work/routes.ts';
import authPlugin from './plugins/auth.ts';
import errorLanguagePlugin from './plugins/error-language.ts';
import errorsPlugin from './plugins/errors.ts';
import { cachedAnswerRoutes } from './answer-caches.ts';
import { cachedAnswers } from './plugins/answer-cache.ts';
import securityPlugin, { SECURITY_HEADERS } from './plugins/security.ts';
import sessionPlugin from './plugins/session.ts';
import sitePlugin from './plugins/site.ts';
import type { Runtime } from '../runtime/runtime.ts';
import type { Secrets } from './secrets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    runtime: Runtime;
    secrets: Secrets;
  }
}

export type AppOptions = {
  config: Config;
  runtime: Runtime;
  secrets: Secrets;
  /** The Astro build to serve; null serves the API only (tests). */
  distDir?: string | null;
  logger?: boolean | object;
};

/** Builds the Fastify app from its plugins; `runtime/api-server.ts` starts it, tests `inject` into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    bodyLimit: 256 * 1024,
    // One proxy in front: the client address is the X-Forwarded-For entry that proxy added (the
    // last one), never one the client wrote itself, so the per-address limits cannot be dodged.
    trustProxy: config.TRUST_PROXY ? (_address: string, hop: number) => hop === 0 : false,
    genReqId: () => randomUUID(),
    routerOptions: { maxParamLength: 200 },
    // Errors Fastify raises before routing (a malformed URL) get the same { error } body as the rest.
    frameworkErrors: (error, _request, reply) => {
      const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
      void (reply as FastifyReply).code(status).send({ error: 'The request URL is not valid.' });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(
    fp(
      async (instance) => {
        instance.decorate('config', config);
        instance.decorate('runtime', options.runtime);
        instance.decorate('secrets', options.secrets);
      },
      { name: 'runtime' },
    ),
  );
  // Repeated public reads (directory, profiles, job board) are answered first, before any other
  // hook, with the security headers (see plugins/answer-cache.ts).
  app.addHook('onRequest', cachedAnswers(cachedAnswerRoutes(options.runtime.answerCaches), SECURITY_HEADERS));
  await app.register(errorsPlugin);
  // Rate limits before idempotency: their preHandler runs first, so a 429 never claims a key.
  await app.register(abuseLimitsPlugin, { redis: options.runtime.redis });
  await app.register(idempotencyPlugin);
  // After idempotency (answers are stored in English), before compression.
  await app.register(errorLanguagePlugin);
  await app.register(securityPlugin);
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(sessionPlugin, {
    secret: options.secrets.sessionSecret,
    redis: options.runtime.redis,
    production: config.production,
  });
  await app.register(authPlugin);
  await app.register(commandPipelinePlugin);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Marketplace API',
        version: '0.1.0',
        description: 'Commands append events; queries read projections. Errors are { "error": "<message>" }.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(systemRoutes);
  await app.register(accountRoutes);
  await app.register(catalogueRoutes);
  await app.register(directoryRoutes);
  await app.register(forumRoutes);
  await app.register(notificationPreferencesRoutes);
  await app.register(notificationRoutes);
  await app.register(contactRoutes);
  await app.register(feedbackRoutes);
  await app.register(reviewRoutes);
  await app.register(messagingRoutes);
  await app.register(workRoutes);
  await app.register(bookingRoutes);
  await app.register(contractRoutes);
  await app.register(escrowRoutes);
  await app.register(disputeRoutes);
  await app.register(planRoutes);
  await app.register(urgentRoutes);
  await app.register(credentialRoutes);
  await app.register(galleryRoutes);
  await app.register(recurringRoutes);
  await app.register(barterRoutes);
  await app.register(crmRoutes);
  await app.register(forumAdminRoutes);
  await app.register(metricsRoutes);
  await app.register(aiRoutes);
  await app.register(adminUserRoutes);
  await app.register(auditRoutes);
  await app.register(legalCopyRoutes);

  if (options.distDir) await app.register(sitePlugin, { distDir: options.distDir });

  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url === '/api';
    if (!isApi && (request.method === 'GET' || request.method === 'HEAD') && app.renderSite) {
      return app.renderSite(request, reply);
    }
    return reply.code(404).send({ error: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  });

  return app;
}
