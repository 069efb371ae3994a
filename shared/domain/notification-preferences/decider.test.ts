import { describe, it } from 'vitest';
import { ValidationError } from '../../errors.ts';
import { deciderSpec } from '../testing.ts';
import { emailConsentWordings } from './consent.ts';
import { CONSENT_REQUIRED_MESSAGE, notificationPreferencesDecider } from './decider.ts';
import type { NotificationPreferencesEvent } from './events.ts';

const spec = deciderSpec(notificationPreferencesDecider);
const userId = '6f1c1c1e-8f4e-4b7a-9b0e-1a2b3c4d5e6f';
const now = new Date('2026-11-22T12:00:00.000Z');
const at = now.toISOString();
const version = 'email-consent-2026-01' as const;

const consentGiven = (language: 'en' | 'fr' = 'en'): NotificationPreferencesEvent => ({
  type: 'EmailConsentGiven',
  data: {
    userId,
    givenAt: at,
    wording: emailConsentWordings[version][language],
    wordingVersion: version,
    language,
    channel: 'email',
    source: 'notification-preferences',
  },
});
const changed = (
  type: 'system' | 'reminder' | 'booking_confirmation',
  channel: 'in_app' | 'email',
  enabled: boolean,
): NotificationPreferencesEvent => ({
  type: 'NotificationPreferenceChanged',
  data: { userId, type, channel, enabled, changedAt: at },
});
const update = (changes: object) => ({ type: 'UpdateNotificationPreferences' as const, userId, now, ...changes });

describe('notification preferences decider', () => {
  it('turns an in-app type off and on again', () => {
    spec([])
      .when(update({ inApp: { reminder: false } }))
      .then([changed('reminder', 'in_app', false)]);
    spec([changed('reminder', 'in_app', false)])
      .when(update({ inApp: { reminder: true } }))
      .then([changed('reminder', 'in_app', true)]);
  });

  it('appends nothing when the settings do not change (in-app on and e-mail off are the defaults)', () => {
    spec([])
      .when(update({ inApp: { system: true }, email: { system: false } }))
      .then([]);
    spec([consentGiven(), changed('system', 'email', true)])
      .when(update({ email: { system: true }, consent: { wordingVersion: version, language: 'en' } }))
      .then([]);
  });

  it('refuses to turn e-mail on without consent', () => {
    spec([])
      .when(update({ email: { system: true } }))
      .thenThrows(ValidationError, CONSENT_REQUIRED_MESSAGE);
  });

  it('refuses e-mail again after consent was withdrawn', () => {
    spec([consentGiven(), { type: 'EmailConsentWithdrawn', data: { userId, withdrawnAt: at } }])
      .when(update({ email: { reminder: true } }))
      .thenThrows(ValidationError, CONSENT_REQUIRED_MESSAGE);
  });

  it('records the consent, with its exact wording, before the e-mail switch it allows', () => {
    spec([])
      .when(update({ email: { system: true }, consent: { wordingVersion: version, language: 'fr' } }))
      .then([consentGiven('fr'), changed('system', 'email', true)]);
  });

  it('accepts e-mail with a consent given earlier', () => {
    spec([consentGiven()])
      .when(update({ email: { reminder: true } }))
      .then([changed('reminder', 'email', true)]);
  });

  it('refuses an unknown consent wording', () => {
    spec([])
      .when(update({ consent: { wordingVersion: 'made-up', language: 'en' } }))
      .thenThrows(ValidationError, 'Unknown consent wording version.');
  });

  it('turning e-mail off needs no consent', () => {
    spec([
      consentGiven(),
      changed('system', 'email', true),
      { type: 'EmailConsentWithdrawn', data: { userId, withdrawnAt: at } },
    ])
      .when(update({ email: { system: false } }))
      .then([]);
  });

  it('withdrawing consent turns every e-mail type off', () => {
    spec([consentGiven(), changed('system', 'email', true), changed('booking_confirmation', 'email', true)])
      .when({ type: 'WithdrawEmailConsent', userId, now })
      .then([
        { type: 'EmailConsentWithdrawn', data: { userId, withdrawnAt: at } },
        changed('booking_confirmation', 'email', false),
        changed('system', 'email', false),
      ]);
  });

  it('withdrawing without consent does nothing (idempotent)', () => {
    spec([]).when({ type: 'WithdrawEmailConsent', userId, now }).then([]);
    spec([consentGiven(), { type: 'EmailConsentWithdrawn', data: { userId, withdrawnAt: at } }])
      .when({ type: 'WithdrawEmailConsent', userId, now })
      .then([]);
  });
});
