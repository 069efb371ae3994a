import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { frenchAnswer, requestLocale, translateError } from '../i18n/error-language.ts';

/**
 * Every `{ "error": ... }` answer in the language the site asked for (the page's Accept-Language,
 * else the `lang` cookie). Registered after the idempotency plugin, so a stored answer stays in
 * English and is translated for whoever it is replayed to, and before compression.
 */
export default fp(
  async function errorLanguage(app: FastifyInstance) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{"error":')) return payload;
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
      const locale = requestLocale(request.headers);
      if (locale === 'en') return payload;
      let body: { error?: unknown };
      try {
        body = JSON.parse(payload) as { error?: unknown };
      } catch {
        return payload;
      }
      if (typeof body.error !== 'string') return payload;
      return JSON.stringify({ ...body, error: frenchAnswer(reply) ?? translateError(body.error, locale) });
    });
  },
  { name: 'error-language' },
);
