import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hidden, open, revealIslands, useE2E, visible, waitForPath } from './support/browser.ts';
import { settleMotion, axeOn } from './support/axe.ts';

/**
 * The pricing pages and their dialogs: the fee calculator's input rule at its edges, the
 * Pricing and contractor-signup dialogs by keyboard, the plans not yet offered, axe in both
 * languages and themes, and no sideways scroll at 360 px.
 */
const e2e = useE2E();

const THEME_KEY = 'marketplace:theme';
const OUT_OF_RANGE = 'Enter an amount from $50 to $10,000.';
const NOT_A_NUMBER = 'Enter a number.';

function calculator(scope: Page | Locator) {
  const root = scope.locator('[data-fee-calculator]');
  return {
    root,
    input: root.getByLabel('Job value (CAD)'),
    slider: root.getByRole('slider', { name: 'Job value slider' }),
    result: (name: 'value' | 'tier' | 'fee' | 'receives') => root.locator(`[data-result="${name}"]`),
  };
}

/** Types into the field and leaves it, as a person would before reading the result. */
async function enter(input: Locator, text: string) {
  await input.fill(text);
  await input.press('Tab');
}

async function expectResult(calc: ReturnType<typeof calculator>, tier: string, fee: string) {
  await expect.poll(() => calc.result('tier').textContent()).toBe(tier);
  expect(await calc.result('fee').textContent()).toBe(fee);
}

async function expectError(calc: ReturnType<typeof calculator>, message: string) {
  await visible(calc.root.getByText(message, { exact: true }));
  expect(await calc.input.getAttribute('aria-invalid')).toBe('true');
}

async function expectNoSeriousViolations(page: Page, label: string, include?: string) {
  await settleMotion(page);
  let builder = axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad
    .map((v) => `  [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    - ${n.target.join(' ')}`).join('\n')}`)
    .join('\n');
  expect(bad, `axe on ${label}:\n${report}`).toEqual([]);
  expect(results.passes.length).toBeGreaterThan(0);
}

/** Whether focus is inside `locator`'s element. */
function focusInside(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element.contains(document.activeElement));
}

describe('pricing', { timeout: 60_000 }, () => {
  it('the calculator refuses out-of-range and non-numeric input, resets an emptied field to 50 and steps by 50', () =>
    e2e.run(async ({ page }) => {
      await open(page, '/pricing');
      await revealIslands(page);
      const calc = calculator(page);
      expect(await calc.input.inputValue()).toBe('1000');

      await enter(calc.input, '50');
      await expectResult(calc, '8%', '$4.00');
      expect(await calc.result('receives').textContent()).toBe('$46.00');

      await enter(calc.input, '49.99');
      await expectError(calc, OUT_OF_RANGE);
      await expectResult(calc, '8%', '$4.00');
      expect(await calc.result('value').textContent()).toBe('$50.00');

      await enter(calc.input, '500');
      await expectResult(calc, '6%', '$30.00');
      await hidden(calc.root.getByText(OUT_OF_RANGE));
      expect(await calc.input.getAttribute('aria-invalid')).toBeNull();
      expect(await calc.root.locator('tr[aria-current="true"]').textContent()).toContain('$500 to $1,999.99');

      await enter(calc.input, '10000');
      await expectResult(calc, '4%', '$400.00');
      expect(await calc.result('receives').textContent()).toBe('$9,600.00');

      await enter(calc.input, '10000.01');
      await expectError(calc, OUT_OF_RANGE);
      await expectResult(calc, '4%', '$400.00');

      await enter(calc.input, 'abc');
      await expectError(calc, NOT_A_NUMBER);
      await expectResult(calc, '4%', '$400.00');

      await enter(calc.input, '');
      await expect.poll(() => calc.input.inputValue()).toBe('50');
      await expectResult(calc, '8%', '$4.00');
      expect(await calc.result('value').textContent()).toBe('$50.00');
      await hidden(calc.root.getByText(NOT_A_NUMBER));

      await calc.slider.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => calc.input.inputValue()).toBe('100');
      expect(await calc.slider.inputValue()).toBe('100');
      expect(await calc.result('value').textContent()).toBe('$100.00');
    }));

  it('the French calculator explains a refusal in French', () =>
    e2e.run(
      async ({ page }) => {
        await open(page, '/fr/pricing');
        await revealIslands(page);
        const root = page.locator('[data-fee-calculator]');
        const input = root.getByLabel('Valeur du contrat ($ CA)');
        await enter(input, 'abc');
        await visible(root.getByText('Entrez un nombre.', { exact: true }));
        await enter(input, '20');
        await visible(root.getByText(/^Entrez un montant de 50\s\$ à 10\s000\s\$\.$/));
      },
      { locale: 'fr-CA' },
    ));

  it('shows Pro and Enterprise as not yet offered, Enterprise at $129, and a way to sign up for the others', () =>
    e2e.run(async ({ page }) => {
      await open(page, '/pricing');
      for (const plan of ['pro', 'enterprise']) {
        const card = page.locator(`[data-plan="${plan}"]`);
        await visible(card.getByText('Coming soon'));
        await visible(card.getByText('Not yet offered'));
        expect(await card.getByRole('link').count()).toBe(0);
      }
      await visible(page.locator('[data-plan="enterprise"]').getByText('$129/month'));
      expect(await page.getByRole('table').first().getByText('$129/month').count()).toBe(1);
      expect(await page.locator('[data-plan="starter"]').getByRole('link').getAttribute('href')).toBe('/signup');
      expect(await page.locator('[data-plan="local"]').getByRole('link').getAttribute('href')).toBe(
        '/signup?role=contractor',
      );
      await visible(page.getByText('Paid plans require you to be 18 or older.', { exact: false }));
      expect(await page.getByRole('link', { name: 'Read the Refund Policy' }).getAttribute('href')).toBe(
        '/refund-policy',
      );
    }));

  it('the footer’s Fee Calculator opens the Pricing dialog by keyboard, keeps focus inside and gives it back on Escape', () =>
    e2e.run(async ({ page }) => {
      await open(page, '/become-contractor');
      await revealIslands(page);
      const trigger = page.getByRole('contentinfo').getByRole('button', { name: 'Fee Calculator' });
      await trigger.focus();
      await page.keyboard.press('Enter');

      const dialog = page.getByRole('dialog', { name: 'Pricing' });
      await visible(dialog);
      await visible(dialog.locator('[data-plan="enterprise"]').getByText('$129/month'));
      expect(await dialog.getByRole('link', { name: 'View Pricing Details' }).getAttribute('href')).toBe('/pricing');
      const calc = calculator(dialog);
      await enter(calc.input, '3000');
      await expectResult(calc, '5%', '$150.00');

      for (let i = 0; i < 12; i += 1) {
        await page.keyboard.press('Tab');
        expect(await focusInside(dialog), `focus left the dialog after ${i + 1} Tab(s)`).toBe(true);
      }
      await expectNoSeriousViolations(page, 'the Pricing dialog', '[role="dialog"]');

      await page.keyboard.press('Escape');
      await hidden(dialog);
      await expect.poll(() => trigger.evaluate((element) => element === document.activeElement)).toBe(true);
    }));

  it('the contractor-signup dialog opens by keyboard and Start Your Application leads to contractor sign-up after 1 s', () =>
    e2e.run(async ({ page }) => {
      await open(page, '/become-contractor');
      const trigger = page.getByRole('main').getByRole('button', { name: 'See what’s included' });
      await trigger.focus();
      await page.keyboard.press('Enter');

      const dialog = page.getByRole('dialog', { name: 'Join as a Contractor' });
      await visible(dialog);
      const example = dialog.locator('[data-fee-example]');
      await visible(example.getByText('$150.00'));
      await visible(example.getByText('$2,850.00'));
      await visible(dialog.getByText('The application takes 5-10 minutes.'));
      await expectNoSeriousViolations(page, 'the contractor-signup dialog', '[role="dialog"]');

      const start = dialog.getByRole('button', { name: 'Start Your Application' });
      await start.focus();
      const startedAt = Date.now();
      await page.keyboard.press('Enter');
      // The busy state lasts one second: read it inside the page in one go, so a slow machine
      // cannot miss it between round trips. Escape while busy must not close the dialog.
      const busy = await page.evaluate(async () => {
        const deadline = performance.now() + 5_000;
        let button: HTMLButtonElement | undefined;
        while (!button && performance.now() < deadline) {
          button = [...document.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find(
            (candidate) => candidate.textContent === 'Starting Application...',
          );
          if (!button) await new Promise((resolve) => requestAnimationFrame(resolve));
        }
        if (!button) return null;
        const state = { disabled: button.disabled, ariaBusy: button.getAttribute('aria-busy') };
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const dialogState = document.querySelector('[role="dialog"]')?.getAttribute('data-state') ?? 'gone';
        return { ...state, dialogStateAfterEscape: dialogState };
      });
      expect(busy).toEqual({ disabled: true, ariaBusy: 'true', dialogStateAfterEscape: 'open' });

      await waitForPath(page, '/signup');
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(1_000);
      expect(new URL(page.url()).searchParams.get('role')).toBe('contractor');
    }));

  for (const path of ['/pricing', '/become-contractor', '/fr/pricing', '/fr/become-contractor']) {
    it(`${path} has no serious or critical axe violations in the dark theme`, () =>
      e2e.run(async ({ page }) => {
        await open(page, path);
        await revealIslands(page);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
        await expectNoSeriousViolations(page, `${path} (dark)`);
      }));
  }

  for (const path of ['/pricing', '/fr/pricing']) {
    it(`${path} has no serious or critical axe violations in the light theme`, () =>
      e2e.run(async ({ page, context }) => {
        await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [THEME_KEY, 'light']);
        await open(page, path);
        await revealIslands(page);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
        // Let the theme's colour transitions settle before measuring contrast.
        await page.waitForTimeout(300);
        await expectNoSeriousViolations(page, `${path} (light)`);
      }));
  }

  it('/pricing and /become-contractor do not scroll sideways at 360 px', () =>
    e2e.run(
      async ({ page }) => {
        for (const path of ['/pricing', '/become-contractor']) {
          await open(page, path);
          await revealIslands(page);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
        }
      },
      { mobile: true },
    ));
});
