import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailConsentWordings } from '../shared/domain/notification-preferences/consent.ts';
import { notificationPreferencesStreamId } from '../shared/domain/notification-preferences/streams.ts';
import { notificationTypes } from '../shared/domain/notifications/types.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, signUp } from './support/http-client.ts';

const VERSION = 'email-consent-2026-01';
const CONSENT_REQUIRED = 'E-mail notifications need your consent first: tick the consent box to turn e-mail on.';
const all = (enabled: boolean) => Object.fromEntries(notificationTypes.map((type) => [type, enabled]));

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const put = (browser: Browser, body: unknown) => browser.request('PUT', '/api/notification-preferences', body);

describe('notification preferences API', () => {
  it('refuses signed-out callers with 401', async () => {
    const anonymous = new Browser(t.app);
    for (const response of [
      await anonymous.get('/api/notification-preferences'),
      await put(anonymous, { inApp: { system: false } }),
      await anonymous.delete('/api/notification-preferences/email-consent'),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toBe('You must be signed in to do that.');
    }
  });

  it('starts with every in-app type on, every e-mail type off and no consent', async () => {
    const { browser } = await signUp(t.app);
    const response = await browser.get('/api/notification-preferences');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ inApp: all(true), email: all(false), emailConsent: { given: false } });
  });

  it('saves a partial in-app change and reads it back', async () => {
    const { browser } = await signUp(t.app);
    const saved = await put(browser, { inApp: { reminder: false, booking_update: false } });
    expect(saved.statusCode).toBe(200);
    const read = (await browser.get('/api/notification-preferences')).json();
    expect(read.inApp).toEqual({ ...all(true), reminder: false, booking_update: false });
    expect(read.email).toEqual(all(false));
  });

  it('refuses e-mail without consent, with a clear error and no event', async () => {
    const { browser, user } = await signUp(t.app);
    const response = await put(browser, { email: { system: true } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: CONSENT_REQUIRED });
    expect(await t.runtime.store.readStream(notificationPreferencesStreamId(user.id))).toHaveLength(0);
  });

  it('records consent as an event with its time, exact wording and channel, then turns e-mail on', async () => {
    const { browser, user } = await signUp(t.app);
    const before = Date.now();
    const response = await put(browser, {
      email: { system: true, reminder: true },
      consent: { wordingVersion: VERSION, language: 'fr' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().email).toEqual({ ...all(false), system: true, reminder: true });

    const events = await t.runtime.store.readStream(notificationPreferencesStreamId(user.id));
    expect(events.map((event) => event.type)).toEqual([
      'EmailConsentGiven',
      'NotificationPreferenceChanged',
      'NotificationPreferenceChanged',
    ]);
    const consent = events[0]!.data as Record<string, string>;
    expect(consent).toMatchObject({
      userId: user.id,
      wording: emailConsentWordings[VERSION].fr,
      wordingVersion: VERSION,
      language: 'fr',
      channel: 'email',
      source: 'notification-preferences',
    });
    expect(Date.parse(consent.givenAt!)).toBeGreaterThanOrEqual(before - 1000);

    const read = (await browser.get('/api/notification-preferences')).json();
    expect(read.emailConsent).toEqual({
      given: true,
      givenAt: consent.givenAt,
      wording: emailConsentWordings[VERSION].fr,
      wordingVersion: VERSION,
    });
    // Consent given once allows later e-mail switches without asking again.
    expect((await put(browser, { email: { booking_request: true } })).statusCode).toBe(200);
  });

  it('withdrawing consent turns every e-mail type off; withdrawing again changes nothing', async () => {
    const { browser, user } = await signUp(t.app);
    await put(browser, { email: { system: true }, consent: { wordingVersion: VERSION, language: 'en' } });
    const withdrawn = await browser.delete('/api/notification-preferences/email-consent');
    expect(withdrawn.statusCode).toBe(200);
    const read = (await browser.get('/api/notification-preferences')).json();
    expect(read.email).toEqual(all(false));
    expect(read.emailConsent).toEqual({ given: false });
    const count = (await t.runtime.store.readStream(notificationPreferencesStreamId(user.id))).length;
    expect((await browser.delete('/api/notification-preferences/email-consent')).statusCode).toBe(200);
    expect(await t.runtime.store.readStream(notificationPreferencesStreamId(user.id))).toHaveLength(count);
    expect((await put(browser, { email: { system: true } })).json()).toEqual({ error: CONSENT_REQUIRED });
  });

  it('answers bad bodies with 400 and a message', async () => {
    const { browser } = await signUp(t.app);
    const cases: [unknown, string][] = [
      [{ inApp: { not_a_type: true } }, 'inApp must be an object of notification types to true or false'],
      [{ inApp: { system: 'yes' } }, 'inApp values must be true or false'],
      [
        { email: { system: true }, consent: { wordingVersion: 'v0' } },
        'consent.wordingVersion is not a known consent wording',
      ],
      [{ consent: { wordingVersion: VERSION, language: 'de' } }, 'consent.language must be en or fr'],
      [{ extra: true }, 'Unrecognized key: "extra"'],
    ];
    for (const [body, message] of cases) {
      const response = await put(browser, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toContain(message);
    }
  });

  it('keeps each user’s preferences to themselves', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await put(a.browser, { inApp: { system: false } });
    expect((await b.browser.get('/api/notification-preferences')).json().inApp.system).toBe(true);
  });
});
