import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { preferencesOf } from '../../../projections/notification-preferences.ts';
import { handleCommand } from '../../../shared/domain/decider.ts';
import { emailConsentWordingVersions } from '../../../shared/domain/notification-preferences/consent.ts';
import {
  notificationPreferencesDecider,
  type NotificationPreferencesState,
  type UpdateNotificationPreferences,
} from '../../../shared/domain/notification-preferences/decider.ts';
import { emailLanguages } from '../../../shared/domain/notification-preferences/events.ts';
import { notificationPreferencesStreamId } from '../../../shared/domain/notification-preferences/streams.ts';
import { notificationTypes, type NotificationType } from '../../../shared/domain/notifications/types.ts';
import { signedInUser } from '../../plugins/auth.ts';
import { answerAfterProjections, commandContext } from '../../plugins/read-your-writes.ts';
import { errorSchema } from '../accounts/schemas.ts';

const typeList = notificationTypes.join(', ');
const switches = (channel: string) =>
  z.partialRecord(
    z.enum(notificationTypes, { error: `${channel} keys must be notification types: ${typeList}` }),
    z.boolean({ error: `${channel} values must be true or false` }),
    {
      error: `${channel} must be an object of notification types to true or false`,
    },
  );

export const preferencesBody = z.strictObject({
  inApp: switches('inApp').optional(),
  email: switches('email').optional(),
  consent: z
    .strictObject(
      {
        wordingVersion: z.enum(emailConsentWordingVersions as [string, ...string[]], {
          error: 'consent.wordingVersion is not a known consent wording',
        }),
        language: z.enum(emailLanguages, { error: 'consent.language must be en or fr' }).default('en'),
      },
      { error: 'consent must be { wordingVersion, language }' },
    )
    .optional(),
});

const fullMap = z.object(
  Object.fromEntries(notificationTypes.map((type) => [type, z.boolean()])) as Record<NotificationType, z.ZodBoolean>,
);

const preferencesView = z.object({
  inApp: fullMap,
  email: fullMap,
  emailConsent: z.object({
    given: z.boolean(),
    givenAt: z.string().optional(),
    wording: z.string().optional(),
    wordingVersion: z.string().optional(),
  }),
});

const toView = (state: NotificationPreferencesState): z.infer<typeof preferencesView> => ({
  inApp: state.inApp,
  email: state.email,
  emailConsent: state.consent
    ? {
        given: true,
        givenAt: state.consent.givenAt,
        wording: state.consent.wording,
        wordingVersion: state.consent.wordingVersion,
      }
    : { given: false },
});

/** Which notifications reach the signed-in user, in the app and by e-mail (opt-in, with consent). */
export const notificationPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sql, store } = app.runtime;
  const responses = { 200: preferencesView, 400: errorSchema, 401: errorSchema };

  app.get(
    '/api/notification-preferences',
    {
      onRequest: app.requireUser,
      schema: { tags: ['notifications'], summary: 'My notification preferences', response: responses },
    },
    async (request) => toView(await preferencesOf(sql, (await signedInUser(request)).id)),
  );

  app.put(
    '/api/notification-preferences',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Change my notification preferences (turning e-mail on needs consent)',
        body: preferencesBody,
        response: responses,
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const { inApp, email, consent } = request.body;
      const result = await handleCommand(
        store,
        notificationPreferencesStreamId(user.id),
        notificationPreferencesDecider,
        {
          type: 'UpdateNotificationPreferences',
          userId: user.id,
          inApp,
          email,
          consent: consent as UpdateNotificationPreferences['consent'],
          now: context.now,
        },
        context,
      );
      return answerAfterProjections(request, reply, result.position, toView(result.newState), {
        projections: ['notification-preferences'],
      });
    },
  );

  app.delete(
    '/api/notification-preferences/email-consent',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Withdraw my e-mail consent (turns every e-mail off)',
        response: responses,
      },
    },
    async (request, reply) => {
      const user = await signedInUser(request);
      const context = commandContext(request);
      const result = await handleCommand(
        store,
        notificationPreferencesStreamId(user.id),
        notificationPreferencesDecider,
        { type: 'WithdrawEmailConsent', userId: user.id, now: context.now },
        context,
      );
      return answerAfterProjections(request, reply, result.position, toView(result.newState), {
        projections: ['notification-preferences'],
      });
    },
  );
};
