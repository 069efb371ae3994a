import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasFrench, localeOfAcceptLanguage, requestLocale, translateError } from '../api/i18n/error-language.ts';
import { ERRORS_FR } from '../api/i18n/errors-fr.ts';
import { BARTER_MESSAGES } from '../shared/domain/barter/rules.ts';
import { FORUM_MESSAGES } from '../shared/domain/forum/categories.ts';
import {
  requireAllowance,
  requireFeature,
  type FeatureKey,
  type LimitKey,
} from '../shared/domain/plans/entitlements.ts';
import { planIds } from '../shared/domain/plans/catalogue.ts';
import { PLAN_MESSAGES } from '../shared/domain/plans/messages.ts';
import { URGENT_MESSAGES } from '../shared/domain/urgent/rules.ts';
import { abuseLimitMessage } from '../shared/abuse-limits.ts';
import { IDEMPOTENCY_MESSAGES } from '../shared/idempotency.ts';
import { serverMessages } from '../site/i18n/messages/auth.ts';
import { localizeCreateMessage } from '../site/lib/server-messages.ts';
import { apiErrorTexts } from './support/api-error-texts.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { Browser, signUp } from './support/http-client.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the French error catalogue', () => {
  const texts = apiErrorTexts(process.cwd());

  it('finds the errors the API sends in the source (the walk itself works)', () => {
    const found = new Set(texts.map((entry) => entry.text));
    // One of each kind the walk reads: a *_MESSAGES object, a template, a thrown default, a reply literal, zod.
    expect(found).toContain(PLAN_MESSAGES.noPaidPlan);
    expect(found).toContain('The title must be {0} to {1} characters');
    expect(found).toContain('You must be signed in to do that.');
    expect(found).toContain('Not found: {0} {1}');
    expect(found).toContain('Please enter a valid email address');
    expect(texts.length).toBeGreaterThan(400);
  });

  it('has a French text for every error the API can send', () => {
    const missing = texts.filter((entry) => !hasFrench(entry.text)).map((entry) => `${entry.where}: ${entry.text}`);
    expect(missing).toEqual([]);
  });

  it('keeps every placeholder of the English in the French, and writes French, not the English again', () => {
    const wrong = Object.entries(ERRORS_FR)
      .filter(([english, french]) => french === english || placeholders(french).join() !== placeholders(english).join())
      .map(([english]) => english);
    expect(wrong).toEqual([]);
  });

  it('lists no text the API no longer sends', () => {
    const found = new Set(texts.map((entry) => entry.text));
    expect(Object.keys(ERRORS_FR).filter((english) => !found.has(english))).toEqual([]);
  });

  it('says the account errors as the sign-up and sign-in pages always did', () => {
    const keys = Object.keys(serverMessages.en) as (keyof typeof serverMessages.en)[];
    for (const key of keys.filter((k) => k !== 'tooManyAttempts')) {
      expect(translateError(serverMessages.en[key], 'fr'), key).toBe(serverMessages.fr[key]);
    }
    expect(translateError('Too many attempts. Please wait 42 seconds and try again.', 'fr')).toBe(
      'Trop de tentatives. Veuillez patienter 42 secondes et réessayer.',
    );
  });

  it('says the abuse limits and Idempotency-Key refusals as the forms always did', () => {
    for (const seconds of [1, 45, 600]) {
      expect(translateError(abuseLimitMessage(seconds), 'fr')).toBe(
        localizeCreateMessage(abuseLimitMessage(seconds), 'fr'),
      );
    }
    for (const message of [IDEMPOTENCY_MESSAGES.reused, IDEMPOTENCY_MESSAGES.inFlight]) {
      expect(translateError(message, 'fr')).toBe(localizeCreateMessage(message, 'fr'));
    }
  });

  it('fills templates, and translates the plan wording a composed refusal carries', () => {
    expect(translateError('The title must be 3 to 150 characters', 'fr')).toBe(
      'Le titre doit comporter de 3 à 150 caractères',
    );
    expect(translateError('The barter trade id is not valid', 'fr')).toBe(
      'L’identifiant de l’échange de troc n’est pas valide',
    );
    const refusals: string[] = [];
    const refusal = (gate: () => void) => {
      try {
        gate();
      } catch (error) {
        refusals.push((error as Error).message);
      }
    };
    const limits: LimitKey[] = [
      'maxDirectHireConnections',
      'maxPhotosUploads',
      'maxBidProjects',
      'maxGalleryBillboards',
    ];
    const features: FeatureKey[] = [
      'canAccessRemoteWork',
      'canUseBidding',
      'canUseSubscriptionServices',
      'hasPriorityPlacement',
      'hasFeaturedBadge',
    ];
    for (const planId of planIds) {
      for (const key of limits) refusal(() => requireAllowance(planId, key, 1_000));
      for (const key of features) refusal(() => requireFeature(planId, key));
    }
    expect(refusals.length).toBeGreaterThan(10);
    const english =
      /Upgrade|includes|is not included|connections|uploads|billboards|projects|coming soon|offers|\bit\./;
    for (const message of refusals) {
      const french = translateError(message, 'fr');
      expect(french, message).not.toMatch(english);
      expect(french, message).toMatch(/forfait/);
    }
    expect(
      translateError(
        'Plan limit reached: your Starter plan includes no gallery billboards. Upgrade to Local for 3 gallery billboards.',
        'fr',
      ),
    ).toBe(
      'Limite du forfait atteinte : votre forfait Starter comprend aucun panneau de galerie. Passez au forfait Local pour obtenir 3 panneaux de galerie.',
    );
  });

  it('leaves English, and a text it does not know, as they are', () => {
    expect(translateError(PLAN_MESSAGES.noPaidPlan, 'en')).toBe(PLAN_MESSAGES.noPaidPlan);
    expect(translateError('Something nobody wrote', 'fr')).toBe('Something nobody wrote');
  });
});

describe('the language of an answer', () => {
  it('reads Accept-Language by weight, and the lang cookie when no language the site speaks is asked for', () => {
    expect(localeOfAcceptLanguage('fr-CA')).toBe('fr');
    expect(localeOfAcceptLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr');
    expect(localeOfAcceptLanguage('en-CA,en;q=0.9,fr;q=0.8')).toBe('en');
    expect(localeOfAcceptLanguage('de-DE,fr;q=0.5,en;q=0.7')).toBe('en');
    expect(localeOfAcceptLanguage('fr;q=0, en;q=0.1')).toBe('en');
    expect(localeOfAcceptLanguage('de-DE')).toBeNull();
    expect(localeOfAcceptLanguage(undefined)).toBeNull();
    expect(requestLocale({ cookie: 'sid=abc; lang=fr' })).toBe('fr');
    expect(requestLocale({ cookie: 'lang=en' })).toBe('en');
    expect(requestLocale({ 'accept-language': 'de-DE', cookie: 'lang=fr' })).toBe('fr');
    expect(requestLocale({ 'accept-language': 'fr-CA', cookie: 'lang=en' })).toBe('fr');
    expect(requestLocale({})).toBe('en');
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Ask = (browser: Browser, headers: Record<string, string>) => ReturnType<Browser['get']>;

/** A refusal of each module, and the English it sends. */
const refusals: { module: string; status: number; english: string; ask: Ask }[] = [
  {
    module: 'plans',
    status: 409,
    english: PLAN_MESSAGES.noPaidPlan,
    ask: (browser, headers) => browser.post('/api/plans/cancel', {}, headers),
  },
  {
    module: 'urgent alerts',
    status: 404,
    english: URGENT_MESSAGES.notFound,
    ask: (browser, headers) => browser.get(`/api/urgent-alerts/${randomUUID()}`, headers),
  },
  {
    module: 'barter',
    status: 404,
    english: BARTER_MESSAGES.notFound,
    ask: (browser, headers) => browser.get(`/api/barter/trades/${randomUUID()}`, headers),
  },
  {
    module: 'forum',
    status: 400,
    english: FORUM_MESSAGES.title,
    ask: (browser, headers) =>
      browser.post('/api/forum/posts', { title: 'ab', content: 'Hello', category: 'general' }, headers),
  },
];

describe.each(refusals)('a refusal of $module', ({ status, english, ask }) => {
  const french = translateError(english, 'fr');

  it('has a French text to send', () => {
    expect(french).not.toBe(english);
  });

  it('comes back in French with the French locale cookie', async () => {
    const { browser } = await signUp(t.app, { role: 'customer' });
    browser.cookies.set('lang', 'fr');
    const response = await ask(browser, {});
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: french });
    expect(response.headers.vary).toMatch(/Accept-Language/);
  });

  it('comes back in French with Accept-Language: fr-CA', async () => {
    const { browser } = await signUp(t.app, { role: 'customer' });
    const response = await ask(browser, { 'accept-language': 'fr-CA' });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ error: french });
  });

  it('comes back in English otherwise', async () => {
    const { browser } = await signUp(t.app, { role: 'customer' });
    const headerSets: Record<string, string>[] = [{}, { 'accept-language': 'en-CA,fr;q=0.5' }];
    for (const headers of headerSets) {
      const response = await ask(browser, headers);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error: english });
    }
    browser.cookies.set('lang', 'en');
    expect((await ask(browser, {})).json()).toEqual({ error: english });
  });
});

describe('zod’s own texts (a field with no message of its own)', () => {
  const unknownKey = (headers: Record<string, string>) =>
    new Browser(t.app).get('/api/contractors/browse?colour=blue', headers);

  it('name the field and stay as zod says them in English', async () => {
    const response = await unknownKey({});
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'querystring: Unrecognized key: "colour"' });
  });

  it('come back in zod’s fr-CA wording for a French page', async () => {
    const response = await unknownKey({ 'accept-language': 'fr-CA' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'querystring : Clé non reconnue : "colour"' });
  });

  it('speak French in a signed-in body too', async () => {
    const { browser } = await signUp(t.app, { role: 'customer' });
    const english = await browser.put('/api/notification-preferences', { extra: true });
    const french = await browser.put('/api/notification-preferences', { extra: true }, { 'accept-language': 'fr' });
    expect(english.statusCode).toBe(400);
    expect(french.statusCode).toBe(400);
    expect(english.json()).toEqual({ error: 'body: Unrecognized key: "extra"' });
    expect(french.json()).toEqual({ error: 'body : Clé non reconnue : "extra"' });
  });

  it('leave a schema’s own message to the catalogue', async () => {
    const response = await new Browser(t.app).get('/api/contractors/browse?limit=0', { 'accept-language': 'fr-CA' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: translateError('limit must be a whole number from 1 to 100', 'fr') });
    expect(response.json().error).not.toBe('limit must be a whole number from 1 to 100');
  });
});
