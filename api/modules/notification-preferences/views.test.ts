import { describe, expect, it } from 'vitest';
import { defaultNotificationPreferences } from '../../../shared/domain/notification-preferences/decider.ts';
import { preferencesView } from '../../../shared/http/notification-preferences.ts';
import { preferencesViewOf } from './views.ts';

describe('preferencesViewOf', () => {
  it('answers the defaults with no consent given', () => {
    const view = preferencesViewOf(defaultNotificationPreferences());
    expect(view.emailConsent).toEqual({ given: false });
    expect(Object.values(view.inApp).every(Boolean)).toBe(true);
    expect(Object.values(view.email).some(Boolean)).toBe(false);
    expect(preferencesView.parse(view)).toEqual(view);
  });

  it('answers a given consent with its time, wording and version, not its language', () => {
    const state = {
      ...defaultNotificationPreferences(),
      consent: {
        givenAt: '2026-05-04T14:00:00.000Z',
        wording: 'I agree',
        wordingVersion: 'email-consent-2026-01',
        language: 'fr' as const,
      },
    };
    expect(preferencesViewOf(state).emailConsent).toEqual({
      given: true,
      givenAt: '2026-05-04T14:00:00.000Z',
      wording: 'I agree',
      wordingVersion: 'email-consent-2026-01',
    });
  });
});
