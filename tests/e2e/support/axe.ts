import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Transitions and animations jump to their end before axe measures: a button that has just been
 * enabled is still fading in from half opacity for 150 ms, and a loaded machine can run axe inside
 * that window and measure a contrast nobody sees once it settles.
 */
export async function settleMotion(page: Page) {
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
}

/**
 * An axe run on `page`, as every journey here asks for one. Two settings make it about three times
 * faster (0.5 s instead of 1.5 s on the landing page, quiet host; the 47 scans were a tenth of the
 * browser journeys' time on a loaded one) and change nothing a test reads:
 * - legacy mode runs `axe.run` in the page itself. The default runs each frame partially and then
 *   opens a blank page to inject axe again and combine them, which only cross-origin frames need;
 *   these pages have no frames.
 * - only violations keep all their nodes. Passes, incomplete and inapplicable rules are still
 *   listed (tests check that rules ran), each with one node instead of every one it matched.
 */
export function axeOn(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
}

/** axe on the page's main content: no 'serious' or 'critical' WCAG 2.1 A/AA violation. */
export async function expectNoSeriousAxeViolations(page: Page, what: string) {
  await settleMotion(page);
  const results = await axeOn(page).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `[${v.impact}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${what}`,
  ).toEqual([]);
}

/** WCAG's contrast ratio of two computed CSS colours (`rgb(r, g, b)`, as getComputedStyle gives them). */
export function contrastRatio(foreground: string, background: string): number {
  const luminance = (color: string) => {
    const channels = color
      .match(/\d+(\.\d+)?/g)
      ?.slice(0, 3)
      .map(Number);
    if (!channels || channels.length < 3 || !color.startsWith('rgb')) throw new Error(`not an rgb() colour: ${color}`);
    const [r, g, b] = channels.map((value) => {
      const c = value / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}
