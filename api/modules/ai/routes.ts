import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPSELL_MESSAGES as M } from '../../../shared/domain/ai/upsells.ts';
import { negotiateLocale } from '../../../shared/domain/notifications/messages.ts';
import { createUpsellGenerator } from '../../../shared/ai/upsell-provider.ts';
import { createDailyQuota } from '../../../shared/quota/daily-quota.ts';
import { AppError } from '../../../shared/errors.ts';
import { generateUpsellsBody, generateUpsellsQuery, upsellsAnswer } from '../../../shared/http/ai.ts';
import { errorSchema } from '../../../shared/http/errors.ts';

/**
 * AI upsell suggestions (docs/product.md#ai-upsells) for the AI Subscription Builder: once per day
 * per signed-in user (shared/quota/daily-quota.ts, in Redis when configured), answered by the
 * built-in generator or the optional model, in the reader's language (?locale= or
 * Accept-Language). The second call of the day is a 429 whose text contains 'Rate limit exceeded'.
 * It takes the day's use and appends no event, so there is no read model to wait for.
 */
export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  const generate = createUpsellGenerator(app.config, app.log);
  const quota = createDailyQuota('ai-upsells', { redis: app.runtime.redis, sql: app.runtime.sql });

  app.command({
    method: 'POST',
    url: '/api/ai/generate-upsells',
    access: 'signed-in',
    schema: {
      tags: ['ai'],
      summary: 'Suggest premium add-ons for a subscription service (once per day per user)',
      description:
        'Prices are per month in Canadian dollars. The built-in generator works offline; AI_BASE_URL may name an OpenAI-compatible model whose answer is checked by the same schema.',
      querystring: generateUpsellsQuery,
      body: generateUpsellsBody,
      response: { 200: upsellsAnswer, 400: errorSchema, 401: errorSchema, 429: errorSchema },
    },
    readModels: [],
    async run({ request, user, query, body }) {
      const locale = negotiateLocale(
        query.locale,
        typeof request.headers['accept-language'] === 'string' ? request.headers['accept-language'] : undefined,
      );
      if (!(await quota.take(user.id))) throw new AppError(429, M.rateLimited);
      try {
        const { upsells } = await generate({ serviceType: body.serviceType, locale });
        return { upsells };
      } catch (error) {
        // Nothing was generated: the day's use is given back.
        await quota.release(user.id);
        throw error;
      }
    },
  });
};
