import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forumMessages } from './messages/forum.ts';
import { workMessages } from './messages/work.ts';
import { plural } from './plural.ts';

describe('plural', () => {
  const discussions = (locale: 'en' | 'fr', count: number) =>
    plural(locale, count, {
      one: forumMessages[locale].discussionCountOne,
      other: forumMessages[locale].discussionCountMany,
    });

  it('counts in English: 1 is singular, 0 and 2 are plural', () => {
    expect(discussions('en', 0)).toBe('0 discussions');
    expect(discussions('en', 1)).toBe('1 discussion');
    expect(discussions('en', 2)).toBe('2 discussions');
  });

  it('counts in French: 0 and 1 are singular, 2 is plural', () => {
    expect(discussions('fr', 0)).toBe('0 discussion');
    expect(discussions('fr', 1)).toBe('1 discussion');
    expect(discussions('fr', 2)).toBe('2 discussions');
  });

  it('follows the rules for fractions too, and takes other values', () => {
    const hours = (locale: 'en' | 'fr', n: number, text: string) =>
      plural(locale, n, { one: workMessages[locale].hour, other: workMessages[locale].hours }, { n: text });
    expect(hours('en', 1.5, '1.5')).toBe('1.5 hours');
    expect(hours('fr', 1.5, '1,5')).toBe('1,5 heure');
    expect(hours('fr', 2, '2')).toBe('2 heures');
    expect(plural('fr', 0, { one: '{count} vote', other: '{count} votes' })).toBe('0 vote');
  });
});

/** Every file of the site's source, tests aside. */
function siteSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return siteSources(path);
    return /\.(ts|tsx|astro)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('counts on the site', () => {
  it('pick their words with plural(), never with `=== 1 ?`', () => {
    const offenders = siteSources(join(process.cwd(), 'site')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, where: `${file}:${index + 1}` }))
        // `i % 2 === 1 ?` is parity, not a count.
        .filter(({ line }) => /(?<!% 2 )[!=]== 1 \?/.test(line))
        .map(({ where }) => where),
    );
    expect(offenders).toEqual([]);
  });
});
