import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { colon } from './punctuation.ts';

describe('a label and its value', () => {
  it('are joined the way each language writes them', () => {
    expect(`Hash${colon('en')}3f`).toBe('Hash: 3f');
    expect(`Empreinte${colon('fr')}3f`).toBe('Empreinte\u00a0: 3f');
  });
});

function siteSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return siteSources(path);
    return /\.(tsx|astro)$/.test(name) ? [path] : [];
  });
}

describe('labels on the site', () => {
  it('take their colon from colon(locale), never an English ": " after a message', () => {
    const offenders = siteSources(join(process.cwd(), 'site')).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, index) => ({ line, where: `${file}:${index + 1}` }))
        .filter(({ line }) => !/^\s*(\*|\/\/)/.test(line))
        // `{m.hash}: <span>` in JSX, or `${m.edit}: ${title}` in a template.
        .filter(({ line }) => /\{(m|t|price)\.\w+\}: [<{]|\$\{(m|t)\.\w+\}: \$\{/.test(line))
        .map(({ where }) => where),
    );
    expect(offenders).toEqual([]);
  });
});
