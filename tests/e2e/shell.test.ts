import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hidden, open, signUpViaApi, useE2E, visible, waitForPath } from './support/browser.ts';

/** The site shell in a real browser: not-found page, theme and accent, the mobile menu (docs/product.md#site). */
const e2e = useE2E();

describe('not-found page', { timeout: 60_000 }, () => {
  it('shows the 404 card in English for an unknown address', () =>
    e2e.run(async ({ page }) => {
      const response = await page.goto('/no-such-page');
      expect(response?.status()).toBe(404);
      await visible(page.getByRole('heading', { name: '404 Page Not Found' }));
      await visible(page.getByText('Did you forget to add the page to the router?', { exact: true }));
      expect(await page.getAttribute('html', 'lang')).toBe('en-CA');
    }));

  it('shows the French 404 card under /fr/', () =>
    e2e.run(async ({ page }) => {
      const response = await page.goto('/fr/no-such-page');
      expect(response?.status()).toBe(404);
      await visible(page.getByRole('heading', { name: '404 Page introuvable' }));
      await visible(page.getByText('Avez-vous oublié d’ajouter la page au routeur?', { exact: true }));
      expect(await page.getAttribute('html', 'lang')).toBe('fr-CA');
      expect(await page.getByText('404 Page Not Found').count()).toBe(0);
    }));
});

type Appearance = { theme: string | undefined; accent: string; background: string };

const appearance = (page: Page): Promise<Appearance> =>
  page.evaluate(() => {
    const root = document.documentElement;
    return {
      theme: root.dataset.theme,
      accent: getComputedStyle(root).getPropertyValue('--accent').trim(),
      background: getComputedStyle(root).backgroundColor,
    };
  });

describe('theme and accent', { timeout: 60_000 }, () => {
  it('persist across a reload and are applied before any script of the page runs (no flash)', () =>
    e2e.run(async ({ page }) => {
      await open(page, '/');
      const initial = await appearance(page);
      expect(initial.theme).toBe('dark');
      expect(initial.accent).toBe('hsl(180 85% 55%)');

      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      await expect.poll(async () => (await appearance(page)).theme).toBe('light');
      await visible(page.getByRole('button', { name: 'Switch to dark theme' }));

      await page.getByRole('button', { name: 'Accent color' }).click();
      const panel = page.getByRole('dialog', { name: 'Accent color' });
      await visible(panel);
      await visible(panel.getByText('Quick Colors', { exact: true }));
      await panel.getByRole('button', { name: 'Blue', exact: true }).click();
      await expect.poll(async () => (await appearance(page)).accent).toBe('hsl(220 85% 55%)');
      await page.keyboard.press('Escape');
      await hidden(panel);
      const chosen = await appearance(page);
      expect(chosen.background).not.toBe(initial.background);

      // Right at DOMContentLoaded of the reloaded page.
      await page.reload({ waitUntil: 'domcontentloaded' });
      expect(await appearance(page)).toEqual(chosen);

      // And with every bundled script refused: only the inline boot script in <head> can have
      // applied it, so the first paint already has the saved theme and accent.
      await page.route('**/_astro/**/*.js', (route) => route.abort());
      await page.reload({ waitUntil: 'domcontentloaded' });
      expect(await appearance(page)).toEqual(chosen);
      await page.unroute('**/_astro/**/*.js');

      // The controls show the restored state once hydrated.
      await open(page, '/');
      expect(await appearance(page)).toEqual(chosen);
      await visible(page.getByRole('button', { name: 'Switch to dark theme' }));
      await page.getByRole('button', { name: 'Accent color' }).click();
      expect(await panel.getByRole('button', { name: 'Blue', exact: true }).getAttribute('aria-pressed')).toBe('true');
    }));
});

const MENU_LINKS = [
  ['Browse Contractors', '/contractors'],
  ['Become a Contractor', '/become-contractor'],
  ['Create Work Order', '/platform'],
  ['Find Work', '/browse-jobs'],
  ['Open Bids', '/open-bids'],
] as const;

describe('mobile menu at 360 px', { timeout: 60_000 }, () => {
  it('opens, lists the spec entries, and closes after an entry is clicked', () =>
    e2e.run(
      async ({ page }) => {
        await open(page, '/');
        const toggle = page.getByRole('button', { name: 'Open menu' });
        await visible(toggle);
        await toggle.click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await visible(menu);

        for (const [name, href] of MENU_LINKS) {
          const link = menu.getByRole('link', { name, exact: true });
          await visible(link);
          expect(new URL((await link.getAttribute('href'))!, page.url()).pathname, name).toBe(href);
        }
        const forum = menu.getByRole('button', { name: 'Community Forum', exact: true });
        await visible(forum);
        // In the menu's fixed order (site/islands/shell/nav.ts).
        const names = await menu.getByRole('link').or(forum).allInnerTexts();
        const order = [...MENU_LINKS.map(([name]) => name), 'Community Forum'].map((name) =>
          names.findIndex((text) => text.trim() === name),
        );
        expect(
          order.every((index, i) => index >= 0 && (i === 0 || index > order[i - 1]!)),
          names.join(' | '),
        ).toBe(true);

        // A link entry closes the menu. The target answers 204 so the browser stays on this page
        // and the menu's own state can be seen.
        await page.route('**/browse-jobs', (route) => route.fulfill({ status: 204 }));
        await menu.getByRole('link', { name: 'Find Work', exact: true }).click();
        await hidden(menu);
        expect(new URL(page.url()).pathname).toBe('/');
        await page.unroute('**/browse-jobs');

        // The forum entry does not leave the page either: the menu closes and the forum opens.
        await toggle.click();
        await visible(menu);
        await menu.getByRole('button', { name: 'Community Forum', exact: true }).click();
        await hidden(menu);
        const forumDialog = page.getByRole('dialog', { name: 'Community Forum' });
        await visible(forumDialog);
        await page.keyboard.press('Escape');
        await hidden(forumDialog);

        // And a link really goes there.
        await toggle.click();
        await visible(menu);
        await menu.getByRole('link', { name: 'Open Bids', exact: true }).click();
        await waitForPath(page, '/open-bids');
      },
      { mobile: true },
    ));
});

describe('header hints and on-demand menus', { timeout: 60_000 }, () => {
  it('shows a hint 700 ms after hovering an icon button, the next one at once, and hides it on Escape', () =>
    e2e.run(async ({ page }) => {
      // The page's clock is moved by hand, so the delays are measured exactly, however busy the host.
      await page.clock.install();
      await open(page, '/');
      // The header hydrates on first use (client:interaction); its hints are its code's. A pointer
      // passing over it wakes it, then leaves.
      await page.locator('header nav').hover();
      await expect
        .poll(() => page.evaluate(() => document.querySelector('header')?.closest('astro-island')?.hasAttribute('ssr')))
        .toBe(false);
      // The clock has run with real time so far; from here it only moves when the test moves it, so
      // a slow step (a hover on a busy host) cannot bring a hint before its delay.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
      await page.mouse.move(0, 400);
      const theme = page.getByRole('button', { name: 'Switch to light theme' });
      await theme.hover();
      const hint = page.getByRole('tooltip');
      // Not before the delay…
      await page.clock.runFor(600);
      expect(await hint.count()).toBe(0);
      // …but after it.
      await page.clock.runFor(100);
      await visible(hint);
      expect(await hint.innerText()).toBe('Switch to light theme');
      await page.keyboard.press('Escape');
      await hidden(hint);

      // Within the skip delay, the neighbour's hint opens without waiting 700 ms.
      await page.mouse.move(0, 400);
      await theme.hover();
      await page.clock.runFor(700);
      await visible(hint);
      await page.getByRole('button', { name: 'Accent color' }).hover();
      await page.clock.runFor(1);
      await visible(page.getByRole('tooltip', { name: 'Accent color' }));
      // Past the skip delay, the wait is back.
      await page.mouse.move(0, 400);
      await hidden(hint);
      await page.clock.runFor(400);
      await theme.hover();
      await page.clock.runFor(600);
      expect(await hint.count()).toBe(0);
      await page.clock.runFor(100);
      await visible(hint);
    }));

  it('opens the dashboard menu of a contractor from the keyboard and gives focus back when it closes', () =>
    e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'contractor');
      await open(page, '/');
      const trigger = page.getByRole('button', { name: 'Switch Dashboard' });
      await trigger.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await visible(menu);
      await visible(menu.getByText('Your Dashboards'));
      for (const name of ['My Subscriptions', 'Contractor Dashboard', 'Arbitration Status'])
        await visible(menu.getByRole('menuitem', { name }));
      await page.keyboard.press('Escape');
      await hidden(menu);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Switch Dashboard');
      // Once loaded it is the real menu button: it opens again at once.
      await page.keyboard.press('Enter');
      await visible(menu);
    }));
});
