import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hidden, open, revealIslands, useE2E, visible } from './support/browser.ts';
import { settleMotion, axeOn } from './support/axe.ts';

/**
 * The footer's FAQ, Barter Trades and Arbitration Services dialogs and the landing page's Quality &
 * Price Evaluation dialog in a real browser: keyboard opening and closing, the focus trap, the
 * FAQ's one-open-at-a-time accordion, the links, French, axe, and a 360 px screen.
 */
const e2e = useE2E();

type FooterDialog = { button: string; title: string };
const FOOTER_DIALOGS: Record<'en' | 'fr', FooterDialog[]> = {
  en: [
    { button: 'FAQ', title: 'Frequently Asked Questions' },
    { button: 'Barter Trades', title: 'Barter Trades' },
    { button: 'Arbitration Services', title: 'Arbitration Services' },
  ],
  fr: [
    { button: 'FAQ', title: 'Foire aux questions' },
    { button: 'Troc de services', title: 'Troc de services' },
    { button: 'Services d’arbitrage', title: 'Services d’arbitrage' },
  ],
};

const QUALITY_TITLE = 'Quality & Price Evaluation System';
const QUALITY_TOPICS = [
  'AI Evidence Analysis',
  'Quality Categories',
  'Decision Matrix',
  'Fee Structure',
  'Human Oversight',
  'Quality Standards',
];

const THEME_KEY = 'marketplace:theme';

async function openHome(page: Page, path = '/') {
  await open(page, path);
  await revealIslands(page);
}

const footerButton = (page: Page, name: string) => page.locator('footer').getByRole('button', { name, exact: true });

/** The dialog, once open: the only one on the page. */
const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });

const isFocusedInside = (dialog: Locator) => dialog.evaluate((el) => el.contains(document.activeElement));

/** Opens a footer dialog from the keyboard and checks that focus moved into it. */
async function openWithKeyboard(page: Page, { button, title }: FooterDialog): Promise<Locator> {
  const trigger = footerButton(page, button);
  // Radix gives focus back to the previous dialog's trigger a moment after that dialog closes (later
  // on a busy machine); Enter then reopened the previous dialog. Press it once focus stays here.
  await expect
    .poll(async () => {
      await trigger.focus();
      await page.waitForTimeout(50);
      return trigger.evaluate((el) => el === document.activeElement);
    })
    .toBe(true);
  await page.keyboard.press('Enter');
  const dialog = dialogNamed(page, title);
  await visible(dialog);
  await expect.poll(() => isFocusedInside(dialog)).toBe(true);
  return dialog;
}

/**
 * Presses Tab until focus comes back to where it started, checking after every press that it
 * never leaves the dialog, then once Shift+Tab: focus wraps both ways.
 */
async function expectTabCyclesInside(page: Page, dialog: Locator) {
  await dialog.evaluate(() => document.activeElement?.setAttribute('data-e2e-start', ''));
  const seen = new Set<string>();
  let back = false;
  for (let press = 0; press < 40 && !back; press += 1) {
    await page.keyboard.press('Tab');
    expect(await isFocusedInside(dialog), `focus left the dialog after ${press + 1} Tab presses`).toBe(true);
    const focused = await page.evaluate(() => {
      const el = document.activeElement!;
      return { start: el.hasAttribute('data-e2e-start'), label: el.outerHTML.slice(0, 120) };
    });
    back = focused.start;
    seen.add(focused.label);
  }
  expect(back, 'Tab never came back to the first focused element').toBe(true);
  expect(seen.size).toBeGreaterThan(1);
  await page.keyboard.press('Shift+Tab');
  expect(await isFocusedInside(dialog)).toBe(true);
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-e2e-start'))).toBe(true);
}

async function expectAxeClean(page: Page, dialog: Locator, what: string) {
  // Let the theme and open transitions settle before contrast is measured.
  await page.waitForTimeout(200);
  await visible(dialog);
  await settleMotion(page);
  const results = await axeOn(page)
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const report = results.violations
    .map((v) => `  [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    - ${n.target.join(' ')}`).join('\n')}`)
    .join('\n');
  expect(results.violations, `axe violations in ${what}:\n${report}`).toEqual([]);
  expect(results.passes.length).toBeGreaterThan(0);
}

async function expanded(triggers: Locator): Promise<number[]> {
  const states = await triggers.evaluateAll((els) => els.map((el) => el.getAttribute('aria-expanded')));
  return states.flatMap((state, index) => (state === 'true' ? [index] : []));
}

function dispatchQualityDialog(page: Page) {
  return page.evaluate(() =>
    window.dispatchEvent(new CustomEvent('marketplace:open-dialog', { detail: { dialog: 'quality-evaluation' } })),
  );
}

describe('footer information dialogs by keyboard', { timeout: 60_000 }, () => {
  for (const entry of FOOTER_DIALOGS.en) {
    it(`${entry.button}: Enter opens it with focus inside, Tab stays inside, Escape closes it and focus returns`, () =>
      e2e.run(async ({ page }) => {
        await openHome(page);
        const dialog = await openWithKeyboard(page, entry);
        await expectTabCyclesInside(page, dialog);

        await page.keyboard.press('Escape');
        await hidden(dialog);
        await expect
          .poll(() => footerButton(page, entry.button).evaluate((el) => el === document.activeElement))
          .toBe(true);

        // It opens again (the chunk is loaded now) and closes with its close button too.
        await page.keyboard.press('Enter');
        await visible(dialog);
        await dialog.getByRole('button', { name: 'Close', exact: true }).click();
        await hidden(dialog);
      }));
  }
});

describe('FAQ', { timeout: 60_000 }, () => {
  it('has 24 questions and opening one, by click or by keyboard, closes the other', () =>
    e2e.run(async ({ page }) => {
      await openHome(page);
      const dialog = await openWithKeyboard(page, FOOTER_DIALOGS.en[0]!);
      const triggers = dialog.locator('button[aria-expanded]');
      expect(await triggers.count()).toBe(24);
      expect(await expanded(triggers)).toEqual([]);

      await triggers.nth(0).click();
      expect(await expanded(triggers)).toEqual([0]);
      await visible(dialog.getByText('is a Canadian marketplace for local services', { exact: false }));

      await triggers.nth(1).click();
      expect(await expanded(triggers)).toEqual([1]);
      await hidden(dialog.getByText('is a Canadian marketplace for local services', { exact: false }));

      await triggers.nth(9).focus();
      await page.keyboard.press('Enter');
      expect(await expanded(triggers)).toEqual([9]);

      // The fee question (the 15th).
      await triggers.nth(14).focus();
      await page.keyboard.press('Space');
      expect(await expanded(triggers)).toEqual([14]);
      await visible(dialog.getByText('Under $500: 8%', { exact: true }));

      // The open question closes again.
      await page.keyboard.press('Space');
      expect(await expanded(triggers)).toEqual([]);
    }));

  it('shows the fee tiers, the plans with Enterprise at $129 and never $99, and links to the privacy policy', () =>
    e2e.run(async ({ page }) => {
      await openHome(page);
      const dialog = await openWithKeyboard(page, FOOTER_DIALOGS.en[0]!);
      await dialog.getByRole('button', { name: 'What plans can contractors choose?' }).click();
      await visible(dialog.getByText('Enterprise: $129/month (listed, not offered yet)', { exact: true }));
      await visible(dialog.getByText('Local: $19/month', { exact: true }));
      await dialog.getByRole('button', { name: 'How is my personal information protected?' }).click();
      expect(await dialog.getByRole('link', { name: 'Read our Privacy Policy' }).getAttribute('href')).toBe(
        '/privacy-policy',
      );
      expect(await dialog.innerText()).not.toMatch(/\$\s?99\b/);
    }));
});

describe('barter and arbitration links', { timeout: 60_000 }, () => {
  it('Barter links to the platform and the contractor dashboard; Arbitration to its dashboard', () =>
    e2e.run(async ({ page }) => {
      await openHome(page);
      const barter = await openWithKeyboard(page, FOOTER_DIALOGS.en[1]!);
      expect(await barter.getByRole('link', { name: 'Browse Barter Services' }).getAttribute('href')).toBe(
        '/platform#barter',
      );
      expect(await barter.getByRole('link', { name: 'Enable Barter on My Services' }).getAttribute('href')).toBe(
        '/contractor-dashboard#offerings',
      );
      await visible(barter.getByText('may be taxable income', { exact: false }));
      await page.keyboard.press('Escape');
      await hidden(barter);

      const arbitration = await openWithKeyboard(page, FOOTER_DIALOGS.en[2]!);
      expect(await arbitration.getByRole('link', { name: 'View Arbitration Dashboard' }).getAttribute('href')).toBe(
        '/arbitration-dashboard',
      );
      await visible(arbitration.getByText('Favours the customer: 90% refund', { exact: true }));
      await arbitration.getByRole('link', { name: 'View Arbitration Dashboard' }).click();
      await page.waitForURL((url) => url.pathname === '/arbitration-dashboard');
    }));
});

describe('French', { timeout: 60_000 }, () => {
  it('opens the French dialogs under /fr/ with French titles and French links', () =>
    e2e.run(
      async ({ page }) => {
        await openHome(page, '/fr/');
        const [faq, barter, arbitration] = FOOTER_DIALOGS.fr as [FooterDialog, FooterDialog, FooterDialog];

        const faqDialog = await openWithKeyboard(page, faq);
        expect(await faqDialog.locator('button[aria-expanded]').count()).toBe(24);
        await visible(faqDialog.getByRole('heading', { name: 'Paiements et fiducie' }));
        await page.keyboard.press('Escape');
        await hidden(faqDialog);

        const barterDialog = await openWithKeyboard(page, barter);
        expect(
          await barterDialog.getByRole('link', { name: 'Parcourir les services de troc' }).getAttribute('href'),
        ).toBe('/fr/platform#barter');
        expect(
          await barterDialog.getByRole('link', { name: 'Activer le troc sur mes services' }).getAttribute('href'),
        ).toBe('/fr/contractor-dashboard#offerings');
        await page.keyboard.press('Escape');
        await hidden(barterDialog);

        const arbitrationDialog = await openWithKeyboard(page, arbitration);
        expect(
          await arbitrationDialog
            .getByRole('link', { name: 'Voir le tableau de bord d’arbitrage' })
            .getAttribute('href'),
        ).toBe('/fr/arbitration-dashboard');
        await visible(arbitrationDialog.getByRole('button', { name: 'Fermer', exact: true }));
      },
      { locale: 'fr-CA' },
    ));
});

describe('Quality & Price Evaluation dialog', { timeout: 60_000 }, () => {
  it('opens on the page event with its six topics, one open at a time, and closes with Escape', () =>
    e2e.run(async ({ page }) => {
      await openHome(page);
      await dispatchQualityDialog(page);
      const dialog = dialogNamed(page, QUALITY_TITLE);
      await visible(dialog);
      await expect.poll(() => isFocusedInside(dialog)).toBe(true);

      const triggers = dialog.locator('button[aria-expanded]');
      expect(await triggers.allInnerTexts()).toEqual(QUALITY_TOPICS);
      await dialog.getByRole('button', { name: 'Decision Matrix' }).click();
      await visible(dialog.getByText('Favours the contractor: full payment', { exact: true }));
      await dialog.getByRole('button', { name: 'Fee Structure' }).click();
      expect(await expanded(triggers)).toEqual([3]);
      await visible(dialog.getByText('$5,000 and over', { exact: true }));

      await page.keyboard.press('Escape');
      await hidden(dialog);
    }));
});

describe('information dialogs pass axe', { timeout: 150_000 }, () => {
  for (const theme of ['dark', 'light'] as const) {
    it(`has no WCAG A/AA violation in any of the four dialogs, an answer open, in the ${theme} theme`, () =>
      e2e.run(async ({ page }) => {
        await open(page, '/');
        await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [THEME_KEY, theme]);
        await openHome(page);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);

        for (const entry of FOOTER_DIALOGS.en) {
          const dialog = await openWithKeyboard(page, entry);
          const firstTrigger = dialog.locator('button[aria-expanded]').first();
          if (await firstTrigger.count()) await firstTrigger.click();
          await expectAxeClean(page, dialog, `${entry.title} (${theme})`);
          await page.keyboard.press('Escape');
          await hidden(dialog);
        }

        await dispatchQualityDialog(page);
        const quality = dialogNamed(page, QUALITY_TITLE);
        await visible(quality);
        await quality.getByRole('button', { name: 'Decision Matrix' }).click();
        await expectAxeClean(page, quality, `${QUALITY_TITLE} (${theme})`);
      }));
  }
});

describe('a 360 px screen', { timeout: 60_000 }, () => {
  it('shows every dialog without sideways scrolling', () =>
    e2e.run(
      async ({ page }) => {
        await openHome(page);
        // Anything reaching past the dialog's right edge, clipped or not, or a sideways scroller.
        const overflow = (dialog: Locator) =>
          dialog.evaluate((el) => {
            const box = el.getBoundingClientRect();
            const wide = [...el.querySelectorAll('*')].filter((node) => {
              const rect = node.getBoundingClientRect();
              const style = getComputedStyle(node);
              const scrolls = ['auto', 'scroll'].includes(style.overflowX) && node.scrollWidth > node.clientWidth + 1;
              return scrolls || (rect.width > 1 && rect.right > box.right + 0.5);
            });
            return { dialogRight: box.right, wide: wide.map((node) => node.outerHTML.slice(0, 100)) };
          });

        for (const entry of FOOTER_DIALOGS.en) {
          await footerButton(page, entry.button).click();
          const dialog = dialogNamed(page, entry.title);
          await visible(dialog);
          const firstTrigger = dialog.locator('button[aria-expanded]').first();
          if (await firstTrigger.count()) await firstTrigger.click();
          const measured = await overflow(dialog);
          expect(measured.dialogRight).toBeLessThanOrEqual(360);
          expect(measured.wide, entry.title).toEqual([]);
          await page.keyboard.press('Escape');
          await hidden(dialog);
        }

        await dispatchQualityDialog(page);
        const quality = dialogNamed(page, QUALITY_TITLE);
        await visible(quality);
        await quality.getByRole('button', { name: 'Decision Matrix' }).click();
        expect((await overflow(quality)).wide).toEqual([]);
      },
      { mobile: true },
    ));
});
