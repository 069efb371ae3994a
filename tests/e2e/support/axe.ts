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

/** axe on the page's main content: no 'serious' or 'critical' WCAG 2.1 A/AA violation. */
export async function expectNoSeriousAxeViolations(page: Page, what: string) {
  await settleMotion(page);
  const results = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
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
