import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open, useE2E } from './support/browser.ts';
import { settleMotion, axeOn } from './support/axe.ts';

/**
 * axe on the public entry pages in both themes: no 'serious' or 'critical' violation (WCAG 2.x
 * A/AA rules plus axe's best practices). Failures are listed rule by rule with the offending nodes.
 */
const e2e = useE2E();

const THEME_KEY = 'marketplace:theme';
const PAGES = ['/', '/signin', '/signup'] as const;
const THEMES = ['dark', 'light'] as const;

function describeViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map((n) => `    - ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`)
        .join('\n');
      const more = v.nodes.length > 5 ? `\n    … and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
}

async function useTheme(page: Page, path: string, theme: (typeof THEMES)[number]) {
  await open(page, path);
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [THEME_KEY, theme]);
  await page.reload();
  await open(page, path);
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
}

describe('accessibility (axe)', { timeout: 60_000 }, () => {
  for (const theme of THEMES) {
    for (const path of PAGES) {
      it(`${path} in the ${theme} theme has no serious or critical violations`, () =>
        e2e.run(async ({ page }) => {
          await useTheme(page, path, theme);
          // Let transitions (theme colours, typewriter) settle before measuring contrast.
          await page.waitForTimeout(300);
          await settleMotion(page);
          const results = await axeOn(page)
            .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
            .analyze();
          const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
          if (bad.length) {
            throw new Error(
              `${bad.length} serious/critical axe violation(s) on ${path} (${theme}):\n${describeViolations(bad)}`,
            );
          }
          expect(results.passes.length).toBeGreaterThan(0);
        }));
    }
  }
});

describe('the axe helper', () => {
  // axeOn runs axe in legacy mode and keeps full node lists only for violations (support/axe.ts):
  // it must still find a violation, with its node, and list the rules that passed.
  it('still reports a violation with its node and lists the rules that passed', () =>
    e2e.run(async ({ page }) => {
      await page.setContent(
        '<html lang="en"><head><title>t</title></head><body><main><h1>Fine</h1>' +
          '<p id="faint" style="color:#777;background:#888">faint text</p></main></body></html>',
      );
      const results = await axeOn(page).include('main').withTags(['wcag2aa']).analyze();
      const contrast = results.violations.find((v) => v.id === 'color-contrast');
      expect(contrast?.nodes.map((n) => n.target.join(' '))).toEqual(['#faint']);
      expect(results.passes.length).toBeGreaterThan(0);
    }));
});
