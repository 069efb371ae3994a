import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shellMessages } from '../../site/i18n/messages/shell.ts';
import { commonMessages } from '../../site/i18n/messages/common.ts';
import { announcementMessages } from '../../site/i18n/messages/announcements.ts';
import { faqMessages } from '../../site/i18n/messages/faq.ts';
import { pricingMessages } from '../../site/i18n/messages/pricing.ts';
import { UPDATE_SPLASH_FLAG } from '../../site/islands/announcements/splash.ts';
import { inlineScripts } from '../../bench/page-weight.ts';
import { signUpViaApi, useE2E, visible, waitForPath } from './support/browser.ts';

/**
 * Public pages run no React before the first interaction (docs/decisions.md): for a signed-out
 * visitor, /, /pricing and /privacy-policy load no island's code and no React, and at most 20 KB
 * (gzip) of JavaScript, until someone uses them; the header's controls still do their job on the
 * first press, on a phone-speed CPU (Chrome's 6× throttling), whether they need code or not.
 * Scrolling down to the footer runs nothing either (the footer, the landing's cards and the pricing
 * calculator wait for their first use), and a first-time visitor's announcement popup is server
 * HTML shown by a plain script.
 */
const e2e = useE2E();

const m = shellMessages.en;
const PAGES = ['/', '/pricing', '/privacy-policy'] as const;
/** The budget for the JavaScript a public page runs before any interaction. */
const BUDGET_GZIP_BYTES = 20 * 1024;
const SLOW_MS = 30_000;

type Loaded = { url: string; gzip: number };

/** Counts every script the page fetches from now on, with its size gzipped. */
function recordScripts(page: Page): Promise<Loaded>[] {
  const scripts: Promise<Loaded>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(
      response
        .body()
        .catch(() => Buffer.alloc(0))
        .then((body) => ({ url: new URL(response.url()).pathname, gzip: gzipSync(body).length })),
    );
  });
  return scripts;
}

/** Loads `path`, then waits until the network is quiet and the page idle, touching nothing. */
async function loadUntouched(page: Page, path: string): Promise<Loaded[]> {
  const scripts = recordScripts(page);
  await page.goto(path, { waitUntil: 'networkidle' });
  // client:idle work and anything it fetches, then quiet again (as bench/page-weight.ts measures).
  // Bounded: a renderer that never went idle would otherwise hang the test instead of failing it.
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500), { timeout: 5_000 })),
  );
  await page.waitForLoadState('networkidle');
  const inline = gzipSync(await page.evaluate(inlineScripts)).length;
  return [...(await Promise.all(scripts)), { url: '(inline scripts)', gzip: inline }];
}

/** The code of the page's islands and of their renderer (React), as their component-url and renderer-url name it. */
const islandCode = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('astro-island')].flatMap((island) =>
      ['component-url', 'renderer-url'].map((name) => island.getAttribute(name) ?? '').filter(Boolean),
    ),
  );

const hydratedIslands = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('astro-island:not([ssr])')].map((island) => island.getAttribute('component-url')),
  );

async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
}

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

describe('public pages before any interaction', { timeout: 120_000 }, () => {
  for (const path of PAGES) {
    for (const mobile of [true, false]) {
      it(`${path} (${mobile ? '360 px' : 'desktop'}) loads no island code and no React, within 20 KB of script`, () =>
        e2e.run(
          async ({ page }) => {
            const scripts = await loadUntouched(page, path);
            const code = new Set(await islandCode(page));
            expect(code.size, 'the page has islands, rendered on the server').toBeGreaterThan(0);
            const early = scripts.filter((script) => code.has(script.url)).map((script) => script.url);
            expect(early, 'island or React code loaded before any interaction').toEqual([]);
            expect(await hydratedIslands(page)).toEqual([]);
            const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
            expect(total, scripts.map((s) => `${s.url} ${s.gzip}`).join(', ')).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
            // The header is complete without code: the sign-in link, the theme button named for what it does.
            await visible(page.getByRole('button', { name: m.switchToLight, exact: true }));
            if (!mobile) await visible(page.locator('header').getByRole('link', { name: m.signIn, exact: true }));
          },
          { mobile },
        ));
    }
  }

  for (const path of ['/', '/pricing'] as const) {
    for (const mobile of [true, false]) {
      it(`${path} (${mobile ? '360 px' : 'desktop'}) scrolled to the bottom still loads no island code and no React`, () =>
        e2e.run(
          async ({ page }) => {
            await loadUntouched(page, path);
            const code = new Set(await islandCode(page));
            const scripts = recordScripts(page);
            // A wheel under a still pointer (desktop) or the keyboard's End, as a visitor scrolls.
            if (mobile) await page.keyboard.press('End');
            else {
              await page.mouse.move(180, 300);
              for (let i = 0; i < 40; i++) await page.mouse.wheel(0, 600);
            }
            await page.waitForFunction(() => window.scrollY + window.innerHeight >= document.body.scrollHeight - 2);
            await visible(page.locator('footer'));
            await page.waitForTimeout(500);
            await page.waitForLoadState('networkidle');
            const fetched = (await Promise.all(scripts)).map((script) => script.url);
            expect(
              fetched.filter((url) => code.has(url)),
              'island or React code loaded by scrolling',
            ).toEqual([]);
            expect(await hydratedIslands(page)).toEqual([]);
          },
          { mobile },
        ));
    }
  }

  it('shows a first-time visitor the announcement on / without React, within 20 KB of script', () =>
    e2e.run(
      async ({ page, context }) => {
        // The splash was seen (else / sends a first visit to /update); nothing dismissed.
        await context.addInitScript((flag) => {
          try {
            localStorage.setItem(flag, 'e2e');
          } catch {
            // about:blank has no storage.
          }
        }, UPDATE_SPLASH_FLAG);
        const scripts = await loadUntouched(page, '/');
        const popup = page.getByRole('dialog', { name: announcementMessages.en.roadmapTitle });
        await visible(popup);
        // The popup has focus, so the keyboard reaches it first.
        expect(await popup.evaluate((dialog) => dialog === document.activeElement)).toBe(true);
        const code = new Set(await islandCode(page));
        expect(scripts.filter((script) => code.has(script.url)).map((script) => script.url)).toEqual([]);
        const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
        expect(total, scripts.map((s) => `${s.url} ${s.gzip}`).join(', ')).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
        await page.keyboard.press('Escape');
        await expect.poll(() => popup.count()).toBe(0);
      },
      { firstVisit: true },
    ));

  it('hydrates the header of a signed-in visitor once the page is idle, showing their controls', () =>
    e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'customer');
      await page.goto('/privacy-policy');
      await visible(page.getByRole('button', { name: m.logout, exact: true }));
      expect(await page.locator('header').getByRole('link', { name: m.signIn, exact: true }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.hasAttribute('data-signed-in'))).toBe(true);
    }));
});

describe('the header’s first press on a 6× slower CPU, signed out', { timeout: 300_000 }, () => {
  it('opens the FAQ from the footer on its first press, and the calculator counts what was typed before its code ran', () =>
    e2e.run(
      async ({ page }) => {
        await throttle(page);
        await page.goto('/', { waitUntil: 'networkidle' });
        const faq = page.locator('footer').getByRole('button', { name: m.faq, exact: true });
        await faq.scrollIntoViewIfNeeded();
        expect(await faq.evaluate((button) => button.closest('astro-island')?.hasAttribute('ssr'))).toBe(true);
        await faq.click({ timeout: SLOW_MS });
        await visible(page.getByRole('dialog', { name: faqMessages.en.title }), SLOW_MS);
        expect(await page.getByRole('dialog').count()).toBe(1);

        await page.goto('/pricing', { waitUntil: 'networkidle' });
        const field = page.getByLabel(pricingMessages.en.calculatorLabel, { exact: true });
        await field.scrollIntoViewIfNeeded();
        expect(await field.evaluate((input) => input.closest('astro-island')?.hasAttribute('ssr'))).toBe(true);
        // Typed at once: the focus wakes the calculator, whose code comes after the text.
        await field.fill('2000', { timeout: SLOW_MS });
        await expect
          .poll(
            () =>
              page
                .locator('[data-fee-calculator]')
                .evaluate((calc) => calc.closest('astro-island')?.hasAttribute('ssr')),
            {
              timeout: SLOW_MS,
            },
          )
          .toBe(false);
        await expect.poll(() => field.inputValue(), { timeout: SLOW_MS }).toBe('2000');
        await expect
          .poll(() => page.locator('[data-result="value"]').textContent(), { timeout: SLOW_MS })
          .toBe('$2,000.00');
      },
      { mobile: true },
    ));

  it('toggles the theme at once, without code, and once only', () =>
    e2e.run(async ({ page }) => {
      await throttle(page);
      await page.goto('/pricing', { waitUntil: 'commit' });
      expect(await theme(page)).toBe('dark');
      await page.getByRole('button', { name: m.switchToLight, exact: true }).click({ timeout: SLOW_MS });
      await expect.poll(() => theme(page), { timeout: SLOW_MS }).toBe('light');
      await visible(page.getByRole('button', { name: m.switchToDark, exact: true }), SLOW_MS);
      // The press woke the header; once it runs the theme stays as chosen, and the saved theme holds.
      await page.waitForFunction(
        () => !document.querySelector('header')?.closest('astro-island')?.hasAttribute('ssr'),
        {
          timeout: SLOW_MS,
        },
      );
      await page.waitForTimeout(500);
      expect(await theme(page)).toBe('light');
      await page.reload({ waitUntil: 'domcontentloaded' });
      expect(await theme(page)).toBe('light');
    }));

  it('opens the menu at 360 px', () =>
    e2e.run(
      async ({ page }) => {
        await throttle(page);
        await page.goto('/privacy-policy', { waitUntil: 'commit' });
        await page.getByRole('button', { name: m.openMenu, exact: true }).click({ timeout: SLOW_MS });
        await visible(page.getByRole('dialog', { name: m.menuTitle }), SLOW_MS);
      },
      { mobile: true },
    ));

  it('follows the sign-in link and the language switch, which remembers the choice', () =>
    e2e.run(async ({ page, context }) => {
      await throttle(page);
      await page.goto('/', { waitUntil: 'commit' });
      await page.locator('header').getByRole('link', { name: m.signIn, exact: true }).click({ timeout: SLOW_MS });
      await waitForPath(page, '/signin', SLOW_MS);

      await page.goto('/pricing?from=test#fees', { waitUntil: 'commit' });
      await page
        .locator('header')
        .getByRole('link', { name: commonMessages.en.switchToFrench, exact: true })
        .click({ timeout: SLOW_MS });
      // The page's own address, with the trailing slash of a prerendered page.
      await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/fr/pricing', { timeout: SLOW_MS });
      expect(new URL(page.url()).search).toBe('?from=test');
      expect(new URL(page.url()).hash).toBe('#fees');
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('fr');
      expect(await page.evaluate(() => localStorage.getItem('marketplace:locale'))).toBe('fr');
    }));
});
