import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The global setup builds the site from inside vitest, where NODE_ENV is 'test'. A build that
 * inherited it shipped React's development build (~117 KB gzip instead of ~64) to every page; the
 * build script pins production. This checks the build the other suites just used.
 */
describe('the site build', () => {
  const assets = path.resolve(import.meta.dirname, '..', 'dist', 'client', '_astro');

  it('ships the production build of React, whatever NODE_ENV the caller had', () => {
    const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const development = scripts.filter((file) => {
      const code = readFileSync(path.join(assets, file), 'utf8');
      return code.includes('react-dom.development') || code.includes('Simulated error coming from DevTools');
    });
    expect(development).toEqual([]);
  });
});
