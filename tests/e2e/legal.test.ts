import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LEGAL_PAGES, legalText } from '../../site/legal/pages.ts';
import { htmlLang, localizePath, locales } from '../../site/i18n/locales.ts';
import { legalMessages } from '../../site/i18n/messages/legal.ts';
import { THEME_KEY } from '../../site/stores/accent.ts';
import { MOBILE, hydrated, useE2E } from './support/browser.ts';
import { settleMotion, axeOn } from './support/axe.ts';

/**
 * The four legal pages in both languages (issue 4, item 6): static pages with their title, a
 * table of contents that leads somewhere, the right language, no script of their own, and no
 * WCAG 2.1 A/AA violation in either theme.
 */
const e2e = useE2E();

const CASES = LEGAL_PAGES.flatMap((page) =>
  locales.map((locale) => ({ page, locale, path: localizePath(page.path, locale) })),
);

function describeViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `    - ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
        .join('\n');
      return `  [${v.impact}] ${v.id}: ${v.help}\n${nodes}`;
    })
    .join('\n');
}

async function expectNoAxeViolations(page: Page, label: string) {
  await settleMotion(page);
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  if (results.violations.length) {
    throw new Error(
      `${results.violations.length} axe violation(s) on ${label}:\n${describeViolations(results.violations)}`,
    );
  }
  expect(results.passes.length).toBeGreaterThan(0);
}

/** The islands and module scripts a page's HTML loads. */
function scriptsOf(html: string) {
  const islands = [...html.matchAll(/<astro-island[^>]*component-url="([^"]+)"/g)].map((m) => m[1]!);
  const modules = [...html.matchAll(/<script[^>]*type="module"[^>]*>/g)].map((m) => m[0]);
  return { islands: [...new Set(islands)].sort(), modules: [...new Set(modules)].sort() };
}

describe('legal pages', { timeout: 90_000 }, () => {
  for (const { page: legal, locale, path } of CASES) {
    it(`${path} is a static page with its title, a working table of contents and no axe violation in either theme`, () =>
      e2e.run(async ({ page, context }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        await hydrated(page);

        expect(await page.getAttribute('html', 'lang')).toBe(htmlLang[locale]);
        const title = legalText(legal.title, locale);
        expect((await page.locator('h1').allTextContents()).map((text) => text.trim())).toEqual([title]);
        expect(await page.title()).toContain(title);

        // Every section heading of the policy is in the table of contents, and every entry leads to one.
        const toc = await page
          .locator('[data-legal-toc] a')
          .evaluateAll((links) => links.map((a) => decodeURIComponent(a.getAttribute('href') ?? '')));
        const sectionIds = await page.locator('[data-legal-body] h2').evaluateAll((hs) => hs.map((h) => h.id));
        expect(sectionIds.length).toBeGreaterThanOrEqual(5);
        expect(toc).toEqual(sectionIds.map((id) => `#${id}`));
        for (const id of sectionIds) expect(await page.locator(`[id="${id}"]`).count(), id).toBe(1);

        // The other policies are linked in the same language, and so is every site link in the text.
        const others = await page
          .getByRole('navigation', { name: legalMessages[locale].otherPolicies })
          .locator('a[href]')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
        expect(others).toEqual(LEGAL_PAGES.map((other) => localizePath(other.path, locale)));
        const inText = await page
          .locator('[data-legal-body] a[href^="/"]')
          .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
        for (const href of inText) expect(href, href).toBe(localizePath(href, locale));

        // No island or module script beyond the shell's (the not-found page is the bare shell).
        const own = scriptsOf(await response!.text());
        const shell = scriptsOf(await (await context.request.get(localizePath('/no-such-page', locale))).text());
        expect(shell.islands.length).toBeGreaterThan(0);
        expect(own.islands).toEqual(shell.islands);
        expect(own.modules).toEqual(shell.modules);

        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
        await expectNoAxeViolations(page, `${path} (dark)`);

        await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [THEME_KEY, 'light']);
        await page.reload();
        await hydrated(page);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
        await expectNoAxeViolations(page, `${path} (light)`);
      }));
  }

  it('fits a 360 px wide screen without sideways scrolling, in both languages', () =>
    e2e.run(
      async ({ page }) => {
        for (const { path } of CASES) {
          await page.goto(path);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width, path).toBeLessThanOrEqual(MOBILE.width);
        }
      },
      { mobile: true },
    ));
});
