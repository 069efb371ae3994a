import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shellMessages } from '../../site/i18n/messages/shell.ts';
import { commonMessages } from '../../site/i18n/messages/common.ts';
import { inlineScripts } from '../../bench/page-weight.ts';
import { signUpViaApi, useE2E, visible, waitForPath } from './support/browser.ts';

/**
 * Public pages run no React before the first interaction (docs/decisions.md): for a signed-out
 * visitor, /, /pricing and /privacy-policy load no island's code and no React, and at most 20 KB
 * (gzip) of JavaScript, until someone uses them; the header's controls still do their job on the
 * first press, on a phone-speed CPU (Chrome's 6× throttling), whether they need code or not.
 */
const e2e = useE2E();

const m = shellMessages.en;
const PAGES = ['/', '/pricing', '/privacy-policy'] as const;
/** The budget for the JavaScript a public page runs before any interaction. */
const BUDGET_GZIP_BYTES = 20 * 1024;
const SLOW_MS = 30_000;

type Loaded = { url: string; gzip: number };

/** Loads `path`, then waits until the network is quiet and the page idle, touching nothing. */
async function loadUntouched(page: Page, path: string): Promise<Loaded[]> {
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
  await page.goto(path, { waitUntil: 'networkidle' });
  // client:idle work and anything it fetches, then quiet again (as bench/page-weight.ts measures).
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500))));
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
