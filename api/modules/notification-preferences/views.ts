import type { NotificationPreferencesState } from '../../../shared/domain/notification-preferences/decider.ts';
import type { PreferencesView } from '../../../shared/http/notification-preferences.ts';

/** The preferences as the API answers them: both channels' switches, and the consent if given. */
export const preferencesViewOf = (state: NotificationPreferencesState): PreferencesView => ({
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
