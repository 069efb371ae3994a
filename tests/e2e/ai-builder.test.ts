import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { open, revealIslands, signUpViaApi, useE2E, visible } from './support/browser.ts';

/**
 * The AI Subscription Builder in a real browser, on the contractor dashboard: Generate is off
 * while the service type is blank, Enter generates, the suggestions replace the sample and clear
 * the selection, add-ons toggle and total, and the day's second generation shows the rate limit.
 * On the landing page a visitor is asked to sign in.
 */
const e2e = useE2E();

describe('AI Subscription Builder', { timeout: 180_000 }, () => {
  it('generates once a day on the contractor dashboard, with toggles and a total', () =>
    e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'contractor');
      await open(page, '/contractor-dashboard');
      await revealIslands(page);
      const card = page.locator('#ai-subscription-builder');
      const input = card.getByLabel('Your service');
      const generate = card.getByRole('button', { name: 'Generate' });
      const total = card.locator('[data-ai-total]');
      await visible(input);
      expect(await generate.isDisabled()).toBe(true);
      await input.fill('    ');
      expect(await generate.isDisabled()).toBe(true);

      // The sample is there first; a selection on it is cleared by the generation.
      await card.getByRole('button', { name: /Monthly deep clean/ }).click();
      await expect.poll(() => total.textContent()).toBe('+$20/month');

      await input.fill('  weekly lawn mowing ');
      expect(await generate.isDisabled()).toBe(false);
      await input.press('Enter');
      await visible(card.getByText('Suggestions for your service'));
      await visible(card.getByRole('button', { name: /Edging and trimming/ }));
      expect(await card.getByRole('button', { name: /Monthly deep clean/ }).count()).toBe(0);
      await expect.poll(() => total.textContent()).toBe('+$0/month');

      await card.getByRole('button', { name: /Edging and trimming/ }).click();
      await card.getByRole('button', { name: /Seasonal fertilizing/ }).click();
      await expect.poll(() => total.textContent()).toBe('+$30/month');
      await card.getByRole('button', { name: /Edging and trimming/ }).click();
      await expect.poll(() => total.textContent()).toBe('+$18/month');
      expect(await card.getByRole('button', { name: /Seasonal fertilizing/ }).getAttribute('aria-pressed')).toBe(
        'true',
      );
      await expectNoSeriousAxeViolations(page, '/contractor-dashboard AI builder');

      // The day's second generation is refused with the rate limit's message; the list stays.
      await input.fill('dog walking');
      await generate.click();
      await visible(card.getByText('Rate limit exceeded. You can generate AI suggestions once per day.'));
      await visible(card.getByRole('button', { name: /Seasonal fertilizing/ }));
    }));

  it('asks a visitor on the landing page to sign in', () =>
    e2e.run(async ({ page }) => {
      await open(page, '/');
      await revealIslands(page);
      const input = page.getByLabel('Your service');
      await input.fill('house cleaning');
      await input.press('Enter');
      await visible(page.getByText('Sign in to generate suggestions for your service.'));
    }));
});
