import { notificationPreferencesEventSchemas } from './events.ts';
import { ValidationError } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import { notificationTypes, type NotificationType } from '../notifications/types.ts';
import { emailConsentWordings, type EmailConsentWordingVersion } from './consent.ts';
import type { EmailLanguage, NotificationChannel, NotificationPreferencesEvent } from './events.ts';

export type ChannelSettings = Record<NotificationType, boolean>;

export type EmailConsent = {
  givenAt: string;
  wording: string;
  wordingVersion: string;
  language: EmailLanguage;
};

export type NotificationPreferencesState = {
  inApp: ChannelSettings;
  email: ChannelSettings;
  consent: EmailConsent | null;
};

const allTypes = (enabled: boolean): ChannelSettings =>
  Object.fromEntries(notificationTypes.map((type) => [type, enabled])) as ChannelSettings;

/** In-app on for every type; e-mail off for every type until the user opts in. */
export const defaultNotificationPreferences = (): NotificationPreferencesState => ({
  inApp: allTypes(true),
  email: allTypes(false),
  consent: null,
});

export const CONSENT_REQUIRED_MESSAGE =
  'E-mail notifications need your consent first: tick the consent box to turn e-mail on.';

/** A partial map: types left out keep their setting. Consent may come with the same command. */
export type UpdateNotificationPreferences = {
  type: 'UpdateNotificationPreferences';
  userId: string;
  inApp?: Partial<ChannelSettings>;
  email?: Partial<ChannelSettings>;
  consent?: { wordingVersion: EmailConsentWordingVersion; language: EmailLanguage };
  now: Date;
};

export type WithdrawEmailConsent = { type: 'WithdrawEmailConsent'; userId: string; now: Date };

export type NotificationPreferencesCommand = UpdateNotificationPreferences | WithdrawEmailConsent;

function update(command: UpdateNotificationPreferences, state: NotificationPreferencesState) {
  const events: NotificationPreferencesEvent[] = [];
  const at = command.now.toISOString();
  let consented = state.consent !== null;
  if (command.consent) {
    const { wordingVersion, language } = command.consent;
    const wording = emailConsentWordings[wordingVersion]?.[language];
    if (!wording) throw new ValidationError('Unknown consent wording version.');
    const same = state.consent?.wordingVersion === wordingVersion && state.consent.language === language;
    if (!same) {
      events.push({
        type: 'EmailConsentGiven',
        data: {
          userId: command.userId,
          givenAt: at,
          wording,
          wordingVersion,
          language,
          channel: 'email',
          source: 'notification-preferences',
        },
      });
    }
    consented = true;
  }
  const channels: [NotificationChannel, Partial<ChannelSettings> | undefined, ChannelSettings][] = [
    ['in_app', command.inApp, state.inApp],
    ['email', command.email, state.email],
  ];
  for (const [channel, changes, current] of channels) {
    for (const type of notificationTypes) {
      const enabled = changes?.[type];
      if (enabled === undefined || enabled === current[type]) continue;
      if (channel === 'email' && enabled && !consented) throw new ValidationError(CONSENT_REQUIRED_MESSAGE);
      events.push({
        type: 'NotificationPreferenceChanged',
        data: { userId: command.userId, type, channel, enabled, changedAt: at },
      });
    }
  }
  return events;
}

/** Withdrawing consent turns every e-mail type off, each recorded; withdrawing twice does nothing. */
function withdraw(command: WithdrawEmailConsent, state: NotificationPreferencesState) {
  if (state.consent === null) return [];
  const at = command.now.toISOString();
  const events: NotificationPreferencesEvent[] = [
    { type: 'EmailConsentWithdrawn', data: { userId: command.userId, withdrawnAt: at } },
  ];
  for (const type of notificationTypes) {
    if (!state.email[type]) continue;
    events.push({
      type: 'NotificationPreferenceChanged',
      data: { userId: command.userId, type, channel: 'email', enabled: false, changedAt: at },
    });
  }
  return events;
}

export const notificationPreferencesDecider: Decider<
  NotificationPreferencesState,
  NotificationPreferencesCommand,
  NotificationPreferencesEvent
> = {
  eventSchemas: notificationPreferencesEventSchemas,
  initialState: defaultNotificationPreferences,
  evolve(state, event) {
    switch (event.type) {
      case 'NotificationPreferenceChanged': {
        const key = event.data.channel === 'email' ? 'email' : 'inApp';
        return { ...state, [key]: { ...state[key], [event.data.type]: event.data.enabled } };
      }
      case 'EmailConsentGiven': {
        const { givenAt, wording, wordingVersion, language } = event.data;
        return { ...state, consent: { givenAt, wording, wordingVersion, language } };
      }
      case 'EmailConsentWithdrawn':
        return { ...state, consent: null, email: allTypes(false) };
      default:
        return state;
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'UpdateNotificationPreferences':
        return update(command, state);
      case 'WithdrawEmailConsent':
        return withdraw(command, state);
      default: {
        const unknown: never = command;
        throw new Error(`Unknown command ${String((unknown as { type: string }).type)}`);
      }
    }
  },
};
