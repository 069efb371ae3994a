import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HAPTIC_PATTERNS } from '../lib/haptics.ts';
import { pressHaptics } from './Button.tsx';

/** Every component of the site, tests aside. */
function components(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return components(path);
    return name.endsWith('.tsx') && !/\.test\.tsx$/.test(name) ? [path] : [];
  });
}

/** Each raw `<button …>…</button>` of a file, with the line it starts on. */
function rawButtons(source: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  for (let at = source.indexOf('<button'); at !== -1; at = source.indexOf('<button', at + 1)) {
    const end = source.indexOf('</button>', at);
    found.push({ line: source.slice(0, at).split('\n').length, text: source.slice(at, end === -1 ? undefined : end) });
  }
  return found;
}

describe('destructive buttons', () => {
  it('press with the warning pattern, in both forms, and nothing else does', () => {
    const warning = Object.entries(pressHaptics).filter(([, kind]) => kind === 'warning');
    expect(warning.map(([variant]) => variant).sort()).toEqual(['destructive', 'destructive-ghost']);
    expect(HAPTIC_PATTERNS.warning.length).toBeGreaterThan(1);
  });

  it('are the shared Button (so they warn), never a raw <button> styled or wired as one', () => {
    const site = join(process.cwd(), 'site');
    const offenders = components(site).flatMap((file) =>
      rawButtons(readFileSync(file, 'utf8'))
        .filter(
          ({ text }) =>
            /danger/i.test(text) ||
            /onClick=\{\(\) => (void )?(remove|delete|cancel|decline|reject|withdraw)\w*\(/.test(text),
        )
        .map(({ line }) => `${relative(site, file)}:${line}`),
    );
    expect(offenders).toEqual([]);
  });
});
