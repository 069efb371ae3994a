import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import {
  hydrated,
  open,
  revealLazyPanels,
  signInViaApi,
  signUpViaApi,
  stillShownAfter,
  useE2E,
  visible,
} from './support/browser.ts';
import { DEMO } from '../support/start-app.ts';
import { PDF } from '../support/uploads.ts';
import { publishReviews } from './support/directory.ts';

/**
 * Plans in a real browser: a contractor on Starter ranks below a better-rated rival in the
 * directory; on /subscriptions they upgrade to Local by card and take their free 7-day boost; back
 * in the directory they rank first with the Featured badge, and the billing history has the
 * receipt. The same page in French on a 360 px screen.
 *
 * Charlottetown has no demo contractors, so the two made here are the only results.
 */
const e2e = useE2E({
  ownApp:
    'a ranking and count of the contractors near Charlottetown; it leaves boosted, featured and insured ones there',
});
const SEARCH = '/contractors?service=house-cleaning&postalCode=C1A%201A1&distanceKm=25';

async function listInCharlottetown(context: BrowserContext): Promise<{ id: string; name: string }> {
  const person = await signUpViaApi(context, 'contractor');
  const me = (await (await context.request.get('/api/auth/me')).json()) as { id: string };
  const profile = await context.request.patch('/api/contractor/profile', {
    data: { expertiseStatement: 'Spotless homes on the Island, weekly or once.', yearsOfExperience: 6 },
  });
  expect(profile.ok()).toBe(true);
  const area = await context.request.put('/api/contractor/service-area', {
    data: { radiusKm: 30, postalCode: 'C1A 1A1', services: ['house-cleaning'], hourlyRateCents: 4000 },
  });
  expect(area.status(), await area.text()).toBe(200);
  return { id: me.id, name: person.name };
}

async function rankedNames(page: Page): Promise<string[]> {
  await open(page, SEARCH);
  await visible(page.getByRole('heading', { name: /^2 contractors near Charlottetown, PE$/ }));
  return page.locator('article[data-contractor] h3').allInnerTexts();
}

const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
const GOOD_CARD = '4242 4242 4242 4242';
const DECLINED_CARD = '4000 0000 0000 0002';
const LABELS = {
  en: { number: 'Card number', expiry: 'Expiry (MM/YY)', cvc: 'CVC' },
  fr: { number: 'Numéro de carte', expiry: 'Expiration (MM/AA)', cvc: 'CVC' },
} as const;

async function payByCard(page: Page, number = GOOD_CARD, locale: 'en' | 'fr' = 'en') {
  const dialog = page.getByRole('dialog');
  const labels = LABELS[locale];
  await dialog.getByLabel(labels.number).fill(number);
  await dialog.getByLabel(labels.expiry).fill(EXPIRY.replace('/', ''));
  await dialog.getByLabel(labels.cvc).fill('123');
}

/**
 * A declined card in the pay dialog: the message stays beside the Pay button (not a passing
 * toast), is announced, takes the focus, and what was typed is still there to correct.
 */
async function expectDeclinedInline(page: Page, message: string, locale: 'en' | 'fr' = 'en') {
  const dialog = page.getByRole('dialog');
  const inline = dialog.getByTestId('pay-error');
  await visible(inline);
  expect(await inline.getAttribute('role')).toBe('alert');
  expect(await inline.innerText()).toContain(message);
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null))
    .toBe('pay-error');
  const labels = LABELS[locale];
  expect(await dialog.getByLabel(labels.number).inputValue()).toBe(DECLINED_CARD);
  expect(await dialog.getByLabel(labels.expiry).inputValue()).toBe(EXPIRY);
  expect(await dialog.getByLabel(labels.cvc).inputValue()).toBe('123');
  // Still there a moment later, when a toast would have gone: it waits for the next try.
  await stillShownAfter(page, inline, 6_000);
  expect(await inline.innerText()).toContain(message);
}

describe('plans, boosts and ranking', { timeout: 240_000 }, () => {
  it('upgrades to Local, boosts the listing, and climbs above a better-rated rival with the Featured badge', () =>
    e2e.run(async ({ page: rivalPage, context: rivalContext }) => {
      const rival = await listInCharlottetown(rivalContext);
      await rivalPage.close();
      await publishReviews(e2e.app.dataDir, rival.id, [5, 5, 5]);

      await e2e.run(
        async ({ page, context }) => {
          const me = await listInCharlottetown(context);
          // The rival's reviews reach the directory through its projection.
          await expect
            .poll(async () => (await rankedNames(page))[0], { timeout: 20_000, interval: 500 })
            .toBe(rival.name);
          expect(
            await page.locator('article[data-contractor]').filter({ hasText: me.name }).getByText('Featured').count(),
          ).toBe(0);

          // ── /subscriptions on Starter: the usage of each limit, and the plans to change to.
          await open(page, '/subscriptions');
          await visible(page.getByTestId('plan-name').getByText('Starter'));
          const usage = page.getByTestId('plan-usage');
          await visible(usage.locator('[data-limit="maxBidProjects"]').getByText('0 of 5'));
          await visible(usage.locator('[data-limit="maxDirectHireConnections"]').getByText('0 of 3'));
          await visible(page.getByText('No charges yet', { exact: false }));
          await visible(page.locator('[data-plan="pro"]').getByText('Coming soon'));
          await expectNoSeriousAxeViolations(page, '/subscriptions on Starter');

          // ── Upgrade to Local by card: a declined card first, said beside the Pay button, then a good one.
          await page.locator('[data-plan="local"]').getByRole('button', { name: 'Upgrade to Local' }).click();
          const payLocal = page.getByRole('dialog').getByRole('button', { name: 'Pay $19.00 and upgrade' });
          await payByCard(page, DECLINED_CARD);
          await payLocal.click();
          await expectDeclinedInline(page, 'Your card was declined. Nothing was charged.');
          expect(await payLocal.getAttribute('aria-describedby')).toBe(
            await page.getByTestId('pay-error').getAttribute('id'),
          );
          await visible(page.getByTestId('plan-name').getByText('Starter'));
          await payByCard(page);
          await payLocal.click();
          await visible(page.getByText('Welcome to Local.', { exact: true }));
          await expect.poll(() => page.getByTestId('pay-error').count()).toBe(0);
          expect(await page.getByRole('dialog').count()).toBe(0);
          await visible(page.getByTestId('plan-name').getByText('Local'));
          await visible(page.getByTestId('plan-status').getByText('Active'));
          await visible(usage.locator('[data-limit="maxBidProjects"]').getByText('0 used, unlimited'));
          const billing = page.getByTestId('billing');
          await visible(billing.getByText('Local plan'));
          await visible(billing.getByText('$19.00'));
          await visible(billing.getByText('VISA ••4242'));

          // ── The first 7-day boost is free; it runs at once.
          await page.locator('[data-boost="boost-7"]').getByRole('button', { name: 'Boost for free' }).click();
          await visible(page.getByTestId('boost-status').getByText(/^Boosted until /));
          await visible(page.locator('[data-boost="boost-7"]').getByRole('button', { name: 'Boost for $5.00' }));
          await visible(billing.getByText('Free'));

          // ── A gallery billboard (Local allows 3), shown on the public profile.
          const gallery = page.getByRole('region', { name: 'Gallery billboards' });
          await visible(gallery.getByText('0 of 3 up'));
          await gallery.getByLabel('Photo (JPEG, PNG or WebP)').setInputFiles({
            name: 'kitchen.png',
            mimeType: 'image/png',
            buffer: Buffer.from(
              'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
              'base64',
            ),
          });
          await gallery.getByLabel('Title').fill('Spotless kitchen');
          await gallery.getByRole('button', { name: 'Put it up' }).click();
          await visible(gallery.getByText('1 of 3 up'));
          await open(page, `/contractors/${me.id}`);
          await visible(page.getByTestId('gallery').getByRole('img', { name: 'Spotless kitchen' }));

          // ── The directory: first now, with the Featured badge.
          expect((await rankedNames(page))[0]).toBe(me.name);
          await visible(page.locator('article[data-contractor]').filter({ hasText: me.name }).getByText('Featured'));

          // ── Cancel at period end: the plan stays until then.
          await open(page, '/subscriptions');
          await page.getByRole('button', { name: 'Cancel at period end' }).click();
          await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel at period end' }).click();
          await visible(page.getByTestId('plan-status').getByText('Ends at period end'));
          await page.getByRole('button', { name: 'Keep my plan' }).click();
          await visible(page.getByTestId('plan-status').getByText('Active'));
        },
        { clock: true },
      );
    }));

  it('sends an insurance document, an admin approves it, and the Insured badge shows in the directory', () =>
    e2e.run(async ({ page, context }) => {
      const me = await listInCharlottetown(context);
      await open(page, '/subscriptions');
      // On Starter the section offers the upgrade, not the form.
      await visible(page.getByText('Verified badges are for paid plans.'));
      const bought = await context.request.post('/api/plans/purchase', {
        data: { planId: 'local', card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' } },
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      expect(bought.status()).toBe(200);
      await page.reload();
      await hydrated(page);
      const expiry = `${new Date().getFullYear() + 1}-08-31`;
      const verified = page.getByRole('region', { name: 'Verified badges' });
      await verified.getByLabel('Badge', { exact: true }).selectOption('insured');
      await verified.getByLabel('Valid until').fill(expiry);
      await verified.getByLabel('Document (PDF or photo, 10 MB at most)').setInputFiles({
        name: 'insurance.pdf',
        mimeType: 'application/pdf',
        buffer: PDF,
      });
      await verified.getByRole('button', { name: 'Send for review' }).click();
      await visible(page.getByText('Sent. We will review it shortly.'));
      await visible(page.getByTestId('credentials').getByText('Waiting for review'));

      await e2e.run(async ({ page: adminPage, context: adminContext }) => {
        await signInViaApi(adminContext, DEMO.admin, e2e.app.demoPassword);
        await open(adminPage, '/admin-dashboard');
        await revealLazyPanels(adminPage);
        const queue = adminPage.getByTestId('credential-queue');
        const item = queue.locator('li').filter({ hasText: me.name });
        await visible(item);
        await expectNoSeriousAxeViolations(adminPage, 'the verification queue');
        await item.getByRole('button', { name: 'Approve' }).click();
        await visible(adminPage.getByText('Approved: the badge shows now.'));
      });

      await page.reload();
      await visible(page.getByTestId('credentials').getByText('Verified'));
      await open(page, SEARCH);
      const cardOf = page.locator('article[data-contractor]').filter({ hasText: me.name });
      await visible(cardOf.getByTestId('verified-badges').getByText('Insured'));
    }));

  it('shows /subscriptions in French on a 360 px screen, billing table and all, without sideways scrolling', () =>
    e2e.run(
      async ({ page, context }) => {
        await signUpViaApi(context, 'contractor');
        const boosted = await context.request.post('/api/boosts', {
          data: { boostId: 'boost-7' },
          headers: { 'idempotency-key': crypto.randomUUID() },
        });
        expect(boosted.status()).toBe(200);
        await open(page, '/fr/subscriptions');
        await visible(page.getByTestId('plan-name').getByText('Débutant'));
        await visible(page.getByRole('heading', { name: 'Mises en valeur de l’annonce' }));
        await visible(page.getByTestId('billing').getByText('Gratuit'));
        await visible(page.locator('[data-plan="local"]').getByRole('button', { name: 'Passer à Local' }));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await hydrated(page);

        // ── The second 7-day boost is paid: a declined card, said beside the Pay button, then a good one.
        await page
          .locator('[data-boost="boost-7"]')
          .getByRole('button', { name: /^Mettre en valeur pour 5,00/ })
          .click();
        const payBoost = page.getByRole('dialog').getByRole('button', { name: /^Mettre en valeur pour 5,00/ });
        await payByCard(page, DECLINED_CARD, 'fr');
        await payBoost.click();
        await expectDeclinedInline(page, 'Votre carte a été refusée. Aucun montant n’a été prélevé.', 'fr');
        expect(await page.getByTestId('pay-error').innerText()).toContain('Échec du paiement.');
        const dialogOverflow = await page
          .getByRole('dialog')
          .evaluate((dialog) => dialog.scrollWidth - dialog.clientWidth);
        expect(dialogOverflow).toBeLessThanOrEqual(0);
        await expectNoSeriousAxeViolations(page, 'a declined boost payment (fr, 360 px)');
        await payByCard(page, GOOD_CARD, 'fr');
        await payBoost.click();
        await visible(page.getByText(/^Votre annonce est mise en valeur jusqu’au /));
        await expect.poll(() => page.getByTestId('pay-error').count()).toBe(0);
        await visible(page.getByTestId('billing').getByText('VISA ••4242'));
      },
      { mobile: true, locale: 'fr-CA', clock: true },
    ));
});
