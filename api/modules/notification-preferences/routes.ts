import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preferencesOf } from '../../../projections/notification-preferences.ts';
import { notificationPreferencesDecider } from '../../../shared/domain/notification-preferences/decider.ts';
import { notificationPreferencesStreamId } from '../../../shared/domain/notification-preferences/streams.ts';
import { preferencesBody, preferencesView } from '../../../shared/http/notification-preferences.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { errorSchema } from '../../../shared/http/errors.ts';
import { preferencesViewOf } from './views.ts';

const READ_MODELS = ['notification-preferences'] as const;

/** Which notifications reach the signed-in user, in the app and by e-mail (opt-in, with consent). */
export const notificationPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql } = app.runtime;
  const responses = { 200: preferencesView, 400: errorSchema, 401: errorSchema };

  app.get(
    '/api/notification-preferences',
    {
      onRequest: app.requireUser,
      schema: { tags: ['notifications'], summary: 'My notification preferences', response: responses },
    },
    async (request) => preferencesViewOf(await preferencesOf(sql, (await signedInUser(request)).id)),
  );

  app.command({
    method: 'PUT',
    url: '/api/notification-preferences',
    access: 'signed-in',
    schema: {
      tags: ['notifications'],
      summary: 'Change my notification preferences (turning e-mail on needs consent)',
      body: preferencesBody,
      response: responses,
    },
    readModels: READ_MODELS,
    async run({ user, body, context, decide }) {
      const { inApp, email, consent } = body;
      const result = await decide(notificationPreferencesStreamId(user.id), notificationPreferencesDecider, {
        type: 'UpdateNotificationPreferences',
        userId: user.id,
        inApp,
        email,
        consent,
        now: context.now,
      });
      return preferencesViewOf(result.newState);
    },
  });

  app.command({
    method: 'DELETE',
    url: '/api/notification-preferences/email-consent',
    access: 'signed-in',
    schema: {
      tags: ['notifications'],
      summary: 'Withdraw my e-mail consent (turns every e-mail off)',
      response: responses,
    },
    readModels: READ_MODELS,
    async run({ user, context, decide }) {
      const result = await decide(notificationPreferencesStreamId(user.id), notificationPreferencesDecider, {
        type: 'WithdrawEmailConsent',
        userId: user.id,
        now: context.now,
      });
      return preferencesViewOf(result.newState);
    },
  });
};
