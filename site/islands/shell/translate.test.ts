import { describe, expect, it } from 'vitest';
import { translateUrl, translationTarget } from './translate.ts';

describe('translate-page target', () => {
  it('uses the primary subtag of the browser language', () => {
    expect(translationTarget('fr-CA')).toBe('fr');
    expect(translationTarget('de')).toBe('de');
    expect(translationTarget('zh_TW')).toBe('zh');
    expect(translationTarget('PT-br')).toBe('pt');
  });

  it('falls back to Spanish for English or an unknown language', () => {
    expect(translationTarget('en-CA')).toBe('es');
    expect(translationTarget('en')).toBe('es');
    expect(translationTarget('')).toBe('es');
    expect(translationTarget(undefined)).toBe('es');
    expect(translationTarget('*')).toBe('es');
  });

  it('builds the translation address with the page URL encoded', () => {
    expect(translateUrl('https://example.ca/fr/platform?q=a b&x=1#top', 'fr-CA')).toBe(
      'https://translate.google.com/translate?sl=auto&tl=fr&u=https%3A%2F%2Fexample.ca%2Ffr%2Fplatform%3Fq%3Da%20b%26x%3D1%23top',
    );
    expect(translateUrl('http://localhost:4321/', 'en-US')).toBe(
      'https://translate.google.com/translate?sl=auto&tl=es&u=http%3A%2F%2Flocalhost%3A4321%2F',
    );
  });
});
