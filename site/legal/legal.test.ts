import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../api/plugins/session.ts';
import { WROTE_AT_COOKIE } from '../../api/plugins/answer-cache.ts';
import { SIGN_UP_BINDING_COOKIE } from '../../api/modules/accounts/routes.ts';
import { FEE_TIERS } from '../../shared/domain/fees/tiers.ts';
import { locales, type Locale } from '../i18n/locales.ts';
import {
  LEGAL_PAGES,
  SESSION_COOKIE_NAME,
  WRITE_COOKIE_NAME,
  SIGN_UP_BINDING_COOKIE_NAME,
  TOKEN_PATTERN,
  feeTierRows,
  fillValues,
  formatLegalDate,
  frenchSpacing,
  legalText,
  legalValues,
  splitBlocks,
} from './pages.ts';

type Source = { frontmatter: string; body: string; headings: string[] };

function read(page: string, locale: Locale): Source {
  const text = readFileSync(path.join(import.meta.dirname, `${page}.${locale}.md`), 'utf8');
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`${page}.${locale}.md has no front matter`);
  const body = match[2]!;
  // Markdown h2 lines; the policies contain no code blocks that could hold a '## ' line.
  const headings = body.split('\n').filter((line) => line.startsWith('## '));
  return { frontmatter: match[1]!, body, headings };
}

const pages = LEGAL_PAGES.map((page) => page.id);

describe('legal page sources', () => {
  it.each(pages)('%s has as many sections in French as in English', (page) => {
    const en = read(page, 'en').headings;
    const fr = read(page, 'fr').headings;
    expect(en.length).toBeGreaterThanOrEqual(5);
    expect(fr.length).toBe(en.length);
  });

  it.each(pages)('%s numbers its sections 1, 2, 3… in both languages', (page) => {
    for (const locale of locales) {
      const numbers = read(page, locale).headings.map((line) => Number(/^## (\d+)\. \S/.exec(line)?.[1]));
      expect(numbers, `${page}.${locale}`).toEqual(numbers.map((_n, index) => index + 1));
    }
  });

  it.each(pages)('%s shows the same last-updated date in both languages', (page) => {
    const dates = locales.map(
      (locale) => /^updated: '(\d{4}-\d{2}-\d{2})'$/m.exec(read(page, locale).frontmatter)?.[1],
    );
    expect(dates[0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(dates[1]).toBe(dates[0]);
  });

  it.each(pages)('%s only uses values the code defines, and none in headings', (page) => {
    for (const locale of locales) {
      const { body, headings } = read(page, locale);
      const known = legalValues(locale);
      for (const [, name] of body.matchAll(TOKEN_PATTERN)) {
        expect(name === 'block:fee-tiers' || name! in known, `{{${name}}} in ${page}.${locale}`).toBe(true);
      }
      for (const heading of headings) expect(heading).not.toMatch(TOKEN_PATTERN);
    }
  });

  it.each(pages)('%s links to site pages only through localized values, never a hard-coded path', (page) => {
    for (const locale of locales) {
      const targets = [...read(page, locale).body.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1]!);
      for (const target of targets) {
        expect(target, `${page}.${locale}`).toMatch(/^(\{\{\w+Path\}\}|mailto:\{\{\w+Email\}\}|https:\/\/)/);
      }
    }
  });
});

describe('legal values', () => {
  it('point French readers at the French pages and English readers at the English ones', () => {
    expect(legalValues('en')).toMatchObject({
      privacyPolicyPath: '/privacy-policy',
      refundPolicyPath: '/refund-policy',
    });
    expect(legalValues('fr')).toMatchObject({
      privacyPolicyPath: '/fr/privacy-policy',
      notificationPreferencesPath: '/fr/notification-preferences',
    });
  });

  it('quote the plan prices and ages from the catalogue', () => {
    expect(legalValues('en')).toMatchObject({ localPrice: '$19', proPrice: '$49', enterprisePrice: '$129' });
    expect(legalValues('en')).toMatchObject({ minAge: '15', paidAge: '18', feeHighest: '8%', feeLowest: '4%' });
    expect(legalValues('fr').localPrice).toMatch(/^19\s\$$/);
  });

  it('names the session cookie the server actually sets', () => {
    expect(SESSION_COOKIE_NAME).toBe(SESSION_COOKIE);
  });

  it('names the read-your-writes and sign-up binding cookies the server actually sets', () => {
    expect(WRITE_COOKIE_NAME).toBe(WROTE_AT_COOKIE);
    expect(SIGN_UP_BINDING_COOKIE_NAME).toBe(SIGN_UP_BINDING_COOKIE);
  });

  it('fills values in text and in percent-encoded link addresses, escaping HTML', () => {
    expect(fillValues('<a href="%7B%7Bx%7D%7D">{{x}}</a>', { x: 'a&b' })).toBe('<a href="a&amp;b">a&amp;b</a>');
  });

  it('refuses an unknown value, so a typo in a policy fails the build', () => {
    expect(() => fillValues('<p>{{nope}}</p>', {})).toThrow(/nope/);
  });

  it('cuts the rendered policy around a block paragraph and refuses unknown blocks', () => {
    expect(splitBlocks('<h2>A</h2><p>{{block:fee-tiers}}</p><p>B</p>')).toEqual([
      { kind: 'html', html: '<h2>A</h2>' },
      { kind: 'block', name: 'fee-tiers' },
      { kind: 'html', html: '<p>B</p>' },
    ]);
    expect(() => splitBlocks('<p>{{block:other}}</p>')).toThrow(/other/);
  });
});

describe('fee tier table', () => {
  it('states the four tiers with inclusive bounds in English', () => {
    expect(feeTierRows('en').map((row) => `${row.range}: ${row.rate}`)).toEqual([
      'Under $500: 8%',
      '$500 to $1,999.99: 6%',
      '$2,000 to $4,999.99: 5%',
      '$5,000 and over: 4%',
    ]);
  });

  it('has one row per tier in French too, in French number style', () => {
    const rows = feeTierRows('fr');
    expect(rows).toHaveLength(FEE_TIERS.length);
    expect(rows[1]!.range.replace(/\s/g, ' ')).toBe('De 500 $ à 1 999,99 $');
    expect(rows[0]!.rate.replace(/\s/g, ' ')).toBe('8 %');
  });
});

describe('page frame', () => {
  it('writes the last-updated date the way each language does', () => {
    expect(formatLegalDate('2026-11-22', 'en')).toBe('November 22, 2026');
    expect(formatLegalDate('2026-11-22', 'fr')).toBe('22 novembre 2026');
  });

  it('fills the brand and the ages into summaries', () => {
    expect(legalText('termsSummary2', 'en')).toContain('15 or older');
    expect(legalText('termsSummary2', 'fr')).toContain('18 ans ou plus');
    expect(legalText('termsSummary2', 'en')).not.toMatch(/\{\w+\}/);
  });

  it('keeps French punctuation on the line of the word before it, outside tags only', () => {
    expect(frenchSpacing('<a title="a :b">Note : « oui » 10 %</a>')).toBe(
      '<a title="a :b">Note\u00a0: «\u00a0oui\u00a0» 10\u00a0%</a>',
    );
  });
});
