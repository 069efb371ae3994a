import { describe, expect, it } from 'vitest';
import { negotiateLocale, notificationTexts, renderNotificationText } from './messages.ts';

describe('notification texts', () => {
  it('has the same keys in English and French', () => {
    expect(Object.keys(notificationTexts.fr).sort()).toEqual(Object.keys(notificationTexts.en).sort());
  });

  it('renders in the reader language and falls back to the key for an unknown one', () => {
    expect(renderNotificationText('welcome.title', {}, 'fr')).toBe('Bienvenue sur le marché!');
    expect(renderNotificationText('no.such.key', {}, 'fr')).toBe('no.such.key');
  });

  it('chooses the locale from the query, then Accept-Language, then English', () => {
    expect(negotiateLocale('fr', 'en-CA')).toBe('fr');
    expect(negotiateLocale(undefined, 'de-DE, fr-CA;q=0.8, en;q=0.5')).toBe('fr');
    expect(negotiateLocale(undefined, 'fr;q=0.2, en-CA')).toBe('en');
    expect(negotiateLocale(undefined, undefined)).toBe('en');
    expect(negotiateLocale(undefined, 'de')).toBe('en');
  });
});
