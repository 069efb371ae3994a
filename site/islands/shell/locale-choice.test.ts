import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALE_STORAGE_KEY, localeCookie, otherLocale, rememberLocale } from './locale-choice.ts';

afterEach(() => vi.unstubAllGlobals());

describe('language switch', () => {
  it('switches to the other locale', () => {
    expect(otherLocale('en')).toBe('fr');
    expect(otherLocale('fr')).toBe('en');
  });

  it('writes the lang cookie for a year, site-wide, same-site lax', () => {
    expect(localeCookie('fr')).toBe('lang=fr; path=/; max-age=31536000; samesite=lax');
  });

  it('remembers the choice in the cookie and in local storage', () => {
    const document = { cookie: '' };
    const storage = new Map<string, string>();
    vi.stubGlobal('document', document);
    vi.stubGlobal('localStorage', { setItem: (key: string, value: string) => storage.set(key, value) });
    rememberLocale('en');
    expect(document.cookie).toBe('lang=en; path=/; max-age=31536000; samesite=lax');
    expect(storage.get(LOCALE_STORAGE_KEY)).toBe('en');
    expect(LOCALE_STORAGE_KEY).toBe('marketplace:locale');
  });

  it('still sets the cookie when storage throws', () => {
    const document = { cookie: '' };
    vi.stubGlobal('document', document);
    vi.stubGlobal('localStorage', {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    expect(() => rememberLocale('fr')).not.toThrow();
    expect(document.cookie).toContain('lang=fr');
  });
});
