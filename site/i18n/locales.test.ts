import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localeFromPath, localizePath, stripLocale } from './locales.ts';

describe('locale paths', () => {
  it('maps a page to its French and English addresses, keeping query and hash', () => {
    expect(localizePath('/signin', 'fr')).toBe('/fr/signin');
    expect(localizePath('/', 'fr')).toBe('/fr/');
    expect(localizePath('/fr/signin?returnTo=%2Fx#top', 'en')).toBe('/signin?returnTo=%2Fx#top');
    expect(localizePath('/fr/', 'en')).toBe('/');
    expect(localizePath('/fr/platform', 'fr')).toBe('/fr/platform');
  });

  it('reads the locale from the path', () => {
    expect(localeFromPath('/fr/signup')).toBe('fr');
    expect(localeFromPath('/fr')).toBe('fr');
    expect(localeFromPath('/free-stuff')).toBe('en');
    expect(stripLocale('/fr')).toBe('/');
  });
});

describe('translations', () => {
  const dir = path.join(import.meta.dirname, 'messages');
  const files = readdirSync(dir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

  it.each(files)('%s has every English string in French too, none empty', async (file) => {
    const module = (await import(path.join(dir, file))) as Record<
      string,
      { en: Record<string, string>; fr: Record<string, string> }
    >;
    for (const [name, messages] of Object.entries(module)) {
      expect(Object.keys(messages.fr).sort(), name).toEqual(Object.keys(messages.en).sort());
      for (const [key, value] of [...Object.entries(messages.en), ...Object.entries(messages.fr)]) {
        expect(value.trim(), `${name}.${key}`).not.toBe('');
      }
    }
  });
});
