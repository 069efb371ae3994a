import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { emailConsentWordings } from '../../shared/domain/notification-preferences/consent.ts';
import { notificationPreferencesMessages } from '../../site/i18n/messages/notification-preferences.ts';
import { hidden, open, signUpViaApi, useE2E, visible } from './support/browser.ts';
import { settleMotion, axeOn } from './support/axe.ts';

const e2e = useE2E();
const en = notificationPreferencesMessages.en;
const fr = notificationPreferencesMessages.fr;

const switchOf = (page: Page, label: string) => page.getByRole('switch', { name: label, exact: true });
const label = (m: typeof en, type: keyof typeof en, channel: 'inAppColumn' | 'emailColumn') =>
  `${m[type]}${m === en ? ': ' : ' : '}${m[channel]}`;

async function ready(page: Page, path: string, m: typeof en) {
  await open(page, path);
  await visible(page.getByRole('table', { name: m.tableCaption }));
}

async function expectNoAxeViolations(page: Page) {
  await settleMotion(page);
  const results = await axeOn(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `[${v.impact}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(results.passes.length).toBeGreaterThan(0);
}

describe('notification preferences page', { timeout: 90_000 }, () => {
  it('saves an in-app switch with the keyboard, shows a toast, and the reload keeps it', () =>
    e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'customer');
      await ready(page, '/notification-preferences', en);
      const reminders = switchOf(page, label(en, 'type:reminder', 'inAppColumn'));
      await expect.poll(() => reminders.getAttribute('aria-checked')).toBe('true');
      await reminders.focus();
      await page.keyboard.press('Space');
      await expect.poll(() => reminders.getAttribute('aria-checked')).toBe('false');
      await page.getByRole('button', { name: en.save }).click();
      await visible(page.getByText(en.saved));

      await ready(page, '/notification-preferences', en);
      const reloaded = switchOf(page, label(en, 'type:reminder', 'inAppColumn'));
      expect(await reloaded.getAttribute('aria-checked')).toBe('false');
      expect(await switchOf(page, label(en, 'type:system', 'inAppColumn')).getAttribute('aria-checked')).toBe('true');
      await expectNoAxeViolations(page);
    }));

  it('keeps e-mail switches locked until the consent box is ticked, then records the consent (French)', () =>
    e2e.run(
      async ({ page, context }) => {
        await signUpViaApi(context, 'customer');
        await ready(page, '/fr/notification-preferences', fr);
        const wording = emailConsentWordings['email-consent-2026-01'].fr;
        const box = page.getByRole('checkbox', { name: wording });
        await visible(box);
        const emailSystem = switchOf(page, label(fr, 'type:system', 'emailColumn'));
        expect(await emailSystem.isDisabled()).toBe(true);
        await visible(page.getByText(fr.consentNeeded));

        await box.check();
        await expect.poll(() => emailSystem.isDisabled()).toBe(false);
        await emailSystem.click();
        // Unticking takes the e-mail switch back.
        await box.uncheck();
        await expect.poll(() => emailSystem.getAttribute('aria-checked')).toBe('false');
        await box.check();
        await emailSystem.click();
        await expectNoAxeViolations(page);
        await page.getByRole('button', { name: fr.save }).click();
        await visible(page.getByText(fr.saved));
        await hidden(box);

        await ready(page, '/fr/notification-preferences', fr);
        expect(await switchOf(page, label(fr, 'type:system', 'emailColumn')).getAttribute('aria-checked')).toBe('true');
        await visible(page.getByText(wording));
        const response = await context.request.get('/api/notification-preferences');
        expect((await response.json()).emailConsent).toMatchObject({ given: true, wording });

        await page.getByRole('button', { name: fr.withdraw }).click();
        await visible(page.getByText(fr.withdrawn));
        await expect
          .poll(() => switchOf(page, label(fr, 'type:system', 'emailColumn')).getAttribute('aria-checked'))
          .toBe('false');
      },
      { locale: 'fr-CA' },
    ));
});
