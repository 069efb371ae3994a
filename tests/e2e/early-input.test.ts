import type { Locator, Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contactMessages } from '../../site/i18n/messages/contact.ts';
import { faqMessages } from '../../site/i18n/messages/faq.ts';
import { feedbackMessages } from '../../site/i18n/messages/feedback.ts';
import { forumMessages } from '../../site/i18n/messages/forum.ts';
import { shellMessages } from '../../site/i18n/messages/shell.ts';
import { arbitrationMessages } from '../../site/i18n/messages/arbitration.ts';
import { FOOTER_COMPANY_DIALOGS, FOOTER_PLATFORM_DIALOGS } from '../../site/islands/shell/events.ts';
import { contractsMessages } from '../../site/i18n/messages/contracts.ts';
import { waitUntil } from '../support/wait.ts';
import { hydrated, signUpViaApi, useE2E, visible } from './support/browser.ts';
import { awardedJob } from './support/jobs.ts';

/**
 * Clicks and key presses made before an island's code has loaded are kept and carried out once it
 * has (site/ui/early-input.ts): on a phone-speed CPU (Chrome's 6× throttling) each footer control,
 * clicked the moment it is on screen, and each header control, clicked the moment the page shows,
 * opens its dialog every time; with the code held back until after the press, a click, Enter on a
 * footer button and a static "open dialog" button still work, and a toggle fires exactly once.
 */
const e2e = useE2E();

const m = shellMessages.en;
/** The dialog each footer button opens, by its title where the test knows it (else any dialog). */
const TITLES: Partial<Record<string, string>> = {
  faq: faqMessages.en.title,
  arbitration: arbitrationMessages.en.title,
  forum: forumMessages.en.title,
  contact: contactMessages.en.title,
  feedback: feedbackMessages.en.title,
};
const FOOTER_CONTROLS = [...FOOTER_PLATFORM_DIALOGS, ...FOOTER_COMPANY_DIALOGS].map(({ key, dialog }) => ({
  label: m[key],
  title: TITLES[dialog],
}));

/**
 * Under 6× throttling (on a shared machine) the island code, the dialog chunk and its data take a
 * while, and so can Playwright's own checks before a click.
 */
const SLOW_MS = 30_000;

/** Slows the page's CPU 6× and counts, in the page, the clicks that reach an island still waiting for its code. */
async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.context().addInitScript(() => {
    document.addEventListener(
      'click',
      (event) => {
        if (!event.isTrusted || !(event.target instanceof Element)) return;
        if (!event.target.closest('astro-island[ssr]')) return;
        sessionStorage.setItem('e2e:early-clicks', String(Number(sessionStorage.getItem('e2e:early-clicks')) + 1));
      },
      true,
    );
  });
}

const earlyClicks = async (page: Page) => Number(await page.evaluate(() => sessionStorage.getItem('e2e:early-clicks')));

/** The theme button: its label says what it does once its code runs, and is generic before. */
const themeButton = (page: Page, label: string) =>
  page.getByRole('button', { name: new RegExp(`^(${m.themeToggle}|${label})$`) });

const dialogFor = (page: Page, title: string | undefined): Locator =>
  title ? page.getByRole('dialog', { name: title, exact: true }) : page.getByRole('dialog');

const footerButton = (page: Page, label: string) =>
  page.locator('footer').getByRole('button', { name: label, exact: true });

const islandIsWaiting = (control: Locator) =>
  control.evaluate((element) => element.closest('astro-island')?.hasAttribute('ssr') ?? false);

/** Holds back every script module of the page until `release` is called. */
async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route('**/_astro/**/*.js', (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    await Promise.all(held.map((route) => route.continue()));
  };
}

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

/** The header hydrates on first use (client:interaction), which `hydrated` does not wait for. */
const headerHydrated = (page: Page, timeout?: number) =>
  page.waitForFunction(() => document.querySelector('header')?.closest('astro-island')?.hasAttribute('ssr') === false, {
    timeout,
  });

describe('no lost interactions before islands load', { timeout: 300_000 }, () => {
  it('opens every footer dialog clicked as soon as the footer is on screen, on a 6× slower CPU', () =>
    e2e.run(async ({ page }) => {
      await throttle(page);
      for (const { label, title } of FOOTER_CONTROLS) {
        await page.goto('/', { waitUntil: 'commit' });
        // click() moves the pointer onto the footer, which starts its (client:interaction) hydration.
        await footerButton(page, label).click({ timeout: SLOW_MS });
        await visible(dialogFor(page, title), SLOW_MS);
        expect(await page.getByRole('dialog').count(), label).toBe(1);
      }
      // The point of the test: clicks that came before the footer's code ran.
      expect(await earlyClicks(page)).toBeGreaterThan(0);
    }));

  it('opens the header’s forum and accent dialogs and toggles the theme once, clicked at once, on a 6× slower CPU', () =>
    e2e.run(async ({ page }) => {
      await throttle(page);

      await page.goto('/', { waitUntil: 'commit' });
      await page
        .locator('header')
        .getByRole('button', { name: m.communityForum, exact: true })
        .click({ timeout: SLOW_MS });
      await visible(dialogFor(page, forumMessages.en.title), SLOW_MS);

      await page.goto('/', { waitUntil: 'commit' });
      await page.getByRole('button', { name: m.accentColor, exact: true }).click({ timeout: SLOW_MS });
      await visible(page.getByRole('dialog', { name: m.accentColor }), SLOW_MS);

      await page.goto('/', { waitUntil: 'commit' });
      expect(await theme(page)).toBe('dark');
      await themeButton(page, m.switchToLight).click({ timeout: SLOW_MS });
      await expect.poll(() => theme(page), { timeout: SLOW_MS }).toBe('light');
      // Toggled once only: after hydration it is still light (a second toggle would make it dark).
      await hydrated(page, SLOW_MS);
      await headerHydrated(page, SLOW_MS);
      await page.waitForTimeout(500);
      expect(await theme(page)).toBe('light');
      await visible(page.getByRole('button', { name: m.switchToDark, exact: true }));
    }));

  it('opens the mobile menu tapped at once at 360 px, on a 6× slower CPU', () =>
    e2e.run(
      async ({ page }) => {
        await throttle(page);
        await page.goto('/', { waitUntil: 'commit' });
        await page.getByRole('button', { name: m.openMenu, exact: true }).click({ timeout: SLOW_MS });
        await visible(page.getByRole('dialog', { name: m.menuTitle }), SLOW_MS);
      },
      { mobile: true },
    ));

  it('carries out a click, an Enter and a static dialog button pressed while the code is held back, once each', () =>
    e2e.run(async ({ page }) => {
      // A click on a footer button: the dialog opens once the code arrives.
      let release = await holdScripts(page);
      await page.goto('/', { waitUntil: 'commit' });
      const faq = footerButton(page, m.faq);
      await faq.click();
      expect(await islandIsWaiting(faq)).toBe(true);
      await page.waitForTimeout(300);
      expect(await page.getByRole('dialog').count()).toBe(0);
      await release();
      await visible(dialogFor(page, faqMessages.en.title));
      await page.unrouteAll();

      // Enter on a focused footer button, from the keyboard.
      release = await holdScripts(page);
      await page.goto('/', { waitUntil: 'commit' });
      const contact = footerButton(page, m.contactUs);
      await contact.focus();
      await page.keyboard.press('Enter');
      expect(await islandIsWaiting(contact)).toBe(true);
      await release();
      await visible(dialogFor(page, contactMessages.en.title));
      await page.unrouteAll();

      // The header's forum button (its dialog host may start after the header).
      release = await holdScripts(page);
      await page.goto('/', { waitUntil: 'commit' });
      const forum = page.locator('header').getByRole('button', { name: m.communityForum, exact: true });
      await forum.click();
      expect(await islandIsWaiting(forum)).toBe(true);
      await release();
      await visible(dialogFor(page, forumMessages.en.title));
      await page.unrouteAll();

      // The theme toggle, clicked before the header's code: the page's inline theme script toggles
      // it at once, without the code (it used to wait for the header's hydration, then replay), and
      // the header, hydrated afterwards, does not toggle it again.
      release = await holdScripts(page);
      await page.goto('/', { waitUntil: 'commit' });
      await themeButton(page, m.switchToLight).click();
      // Its name now says what it does next, so it is found by its attribute.
      expect(await islandIsWaiting(page.locator('header [data-theme-toggle]'))).toBe(true);
      expect(await theme(page)).toBe('light');
      await release();
      await headerHydrated(page);
      await page.waitForTimeout(500);
      expect(await theme(page)).toBe('light');
      await visible(page.getByRole('button', { name: m.switchToDark, exact: true }));
      await page.unrouteAll();

      // A static (server-rendered, no island) button that opens a dialog, before the dialog host runs.
      release = await holdScripts(page);
      await page.goto('/', { waitUntil: 'commit' });
      const join = page.locator('[data-open-dialog="contractor-signup"]').first();
      await join.click();
      await release();
      await visible(page.getByRole('dialog'));
      expect(await page.getByRole('dialog').count()).toBe(1);
      await page.unrouteAll();
    }));

  it('signs a contract whose name and box were filled in while the page’s code was held back, in French', () =>
    e2e.run(async ({ page, context }) => {
      // A signed-in page (client:painted): the sign form is in its server HTML, usable at once.
      const contractorContext = await e2e.newContext();
      try {
        await signUpViaApi(contractorContext, 'contractor');
        const customer = await signUpViaApi(context, 'customer');
        const jobId = await awardedJob(context, contractorContext);
        await waitUntil(async () => (await context.request.get(`/api/contracts/${jobId}`)).ok(), {
          timeoutMs: 20_000,
          message: 'the contract was not generated',
        });
        const t = contractsMessages.fr;
        const release = await holdScripts(page);
        await page.goto(`/fr/contracts/${jobId}`, { waitUntil: 'commit' });
        const form = page.getByRole('form', { name: t.signTitle });
        await form.getByLabel(t.typeName).fill(customer.name);
        await form.getByRole('checkbox').check();
        expect(await islandIsWaiting(form)).toBe(true);
        await release();
        await hydrated(page);
        // What was entered is handed to the island once React has claimed the fields: the name and
        // the box, so the button is enabled (it stayed disabled, and the name was wiped, before).
        await expect.poll(() => form.getByLabel(t.typeName).inputValue()).toBe(customer.name);
        await expect.poll(() => form.getByRole('checkbox').isChecked()).toBe(true);
        await form.getByRole('button', { name: t.sign }).click();
        await visible(page.getByText(t.signed, { exact: true }));
      } finally {
        await contractorContext.close();
      }
    }));
});
