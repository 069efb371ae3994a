import { z } from 'zod';
import {
  emailConsentWordingVersions,
  type EmailConsentWordingVersion,
} from '../domain/notification-preferences/consent.ts';
import { emailLanguages } from '../domain/notification-preferences/events.ts';
import { notificationTypes, type NotificationType } from '../domain/notifications/types.ts';

/** Notification preferences' HTTP shapes (api/modules/notification-preferences/routes.ts, site/islands/notification-preferences/). */

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
        wordingVersion: z.enum(
          emailConsentWordingVersions as [EmailConsentWordingVersion, ...EmailConsentWordingVersion[]],
          { error: 'consent.wordingVersion is not a known consent wording' },
        ),
        language: z.enum(emailLanguages, { error: 'consent.language must be en or fr' }).default('en'),
      },
      { error: 'consent must be { wordingVersion, language }' },
    )
    .optional(),
});
export type PreferencesBody = z.input<typeof preferencesBody>;

const fullMap = z.object(
  Object.fromEntries(notificationTypes.map((type) => [type, z.boolean()])) as Record<NotificationType, z.ZodBoolean>,
);

export const preferencesView = z.object({
  inApp: fullMap,
  email: fullMap,
  emailConsent: z.object({
    given: z.boolean(),
    givenAt: z.string().optional(),
    wording: z.string().optional(),
    wordingVersion: z.string().optional(),
  }),
});
export type PreferencesView = z.output<typeof preferencesView>;
