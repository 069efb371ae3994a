import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { announcementsEn } from '../site/i18n/messages/announcements/en.ts';
import { announcementsFr } from '../site/i18n/messages/announcements/fr.ts';
import { shellMessages } from '../site/i18n/messages/shell.ts';
import { awaitTheSiteBuild } from './support/built-site.ts';

awaitTheSiteBuild();

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

  // The server renders with the React it bundles, built as production code: from node_modules it
  // chose its build by the server's NODE_ENV, and `npm start` (development) rendered every page
  // with React's development build.
  it('renders pages on the server with the production build of React, whatever NODE_ENV the server has', () => {
    const server = path.resolve(import.meta.dirname, '..', 'dist', 'server');
    const modules = readdirSync(server, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.mjs'));
    expect(modules.length).toBeGreaterThan(0);
    const imported = new Set<string>();
    const development: string[] = [];
    for (const file of modules) {
      const code = readFileSync(path.join(server, file), 'utf8');
      // The bundle's import statements, one a line (a comment's example starts with ` * `).
      for (const [, name] of code.matchAll(/^import\b[^;'"]*?['"]([^'"./][^'"]*)['"];?$/gm)) imported.add(name!);
      if (/react-dom-server\.node\.development|\bjsxDEV\(/.test(code)) development.push(file);
    }
    expect(
      [...imported].filter((name) => /^(react|react-dom|@radix-ui\/|lucide-react|@nanostores\/react)/.test(name)),
    ).toEqual([]);
    expect(development).toEqual([]);
  });

  // One first paint (docs/decisions.md): every page's head holds rendering until its main column
  // is parsed. The link is honoured only in the head, and only if its target is on the page:
  // without it Chrome painted a signed-in page's header alone, and its data one or more frames later.
  it('holds the first paint of every page until its main column is parsed', () => {
    const client = path.resolve(import.meta.dirname, '..', 'dist', 'client');
    const pages = readdirSync(client, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(20);
    const wrong = pages.filter((file) => {
      const html = readFileSync(path.join(client, file), 'utf8');
      const head = html.slice(0, html.indexOf('</head>'));
      const expects = [...head.matchAll(/<link rel="expect" href="#([\w-]+)" blocking="render">/g)].map((m) => m[1]);
      return expects.length !== 1 || html.split(` id="${expects[0]}"`).length !== 2;
    });
    expect(wrong).toEqual([]);
  });

  const scripts = () => readdirSync(assets).filter((file) => file.endsWith('.js'));
  const chunksContaining = (text: string) =>
    scripts().filter((file) =>
      readFileSync(path.join(assets, file), 'utf8').includes(JSON.stringify(text).slice(1, -1)),
    );

  // The first use of the header or footer loads the shell chunk (it used to load before any
  // interaction): the layout hands them their texts in the page's language, so it carries neither.
  it('keeps the shell texts out of the JavaScript the first use of the shell loads', () => {
    const shell = scripts().filter((file) => file.startsWith('shell.'));
    expect(shell).toHaveLength(1);
    const code = readFileSync(path.join(assets, shell[0]!), 'utf8');
    for (const key of ['themeToggle', 'switchToLight'] as const) {
      expect(code).not.toContain(shellMessages.en[key]);
      expect(code).not.toContain(shellMessages.fr[key]);
    }
  });

  it('ships the announcement texts one language per chunk', () => {
    const english = chunksContaining(announcementsEn.roadmapCrowdfundingDescription);
    const french = chunksContaining(announcementsFr.roadmapCrowdfundingDescription);
    expect(english).toHaveLength(1);
    expect(french).toHaveLength(1);
    expect(english[0]).not.toBe(french[0]);
  });
});
