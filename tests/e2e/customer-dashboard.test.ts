import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { open, signInViaApi, signUpViaApi, useE2E, visible, waitForPath } from './support/browser.ts';
import { settleMotion, axeOn } from './support/axe.ts';

/**
 * The customer dashboard on the seeded demo marketplace (api/seed-marketplace.ts): customer@demo.ca
 * has an open job with two proposals, an upcoming confirmed booking with a conversation, a request
 * waiting for a contractor and a finished job to review.
 */
const e2e = useE2E({ ownApp: "the demo customer's two proposals and unread conversation, which it reads" });

async function expectNoAxeViolations(page: Page, what: string) {
  await settleMotion(page);
  const results = await axeOn(page)
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map((v) => `[${v.impact}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe on ${what}`).toEqual([]);
}

describe('customer dashboard', { timeout: 120_000 }, () => {
  it('shows the work orders, bookings, conversations and reviews to write, and links into each', async () => {
    await e2e.run(async ({ page, context, app }) => {
      await signInViaApi(context, 'customer@demo.ca', app.demoPassword);
      await open(page, '/customer-dashboard');
      await visible(page.getByRole('heading', { level: 1, name: 'Customer Dashboard' }));

      const orders = page.locator('#orders');
      const repaint = orders.locator('[data-work-order]').filter({ hasText: 'Repaint a two-bedroom condo' });
      await visible(repaint);
      await visible(repaint.getByRole('link', { name: 'Compare 2 proposals' }));
      // The overview counts what waits for the customer.
      await expect.poll(() => page.locator('[data-count="Proposals to compare"] .text-2xl').innerText()).toBe('2');

      await visible(page.locator('#bookings').getByText('Marc Gagnon Renovations').first());
      const conversation = page.locator('#messages [data-conversation]').filter({ hasText: 'Great, thank you!' });
      await visible(conversation);
      await visible(conversation.getByText(/unread/));
      await visible(page.locator('#reviews').getByText('Assembly Pro'));

      await repaint.getByRole('link', { name: 'Compare 2 proposals' }).click();
      await page.waitForURL(/\/projects\/[0-9a-f-]+\/proposals$/);
      await page.goBack();
      await conversation.click();
      await waitForPath(page, '/messages');
      expect(new URL(page.url()).searchParams.get('c')).toMatch(/^booking:/);
    });
  });

  it('works in French, passes axe in both themes at 360 px, and turns a contractor away', async () => {
    await e2e.run(
      async ({ page, context, app }) => {
        await signInViaApi(context, 'customer@demo.ca', app.demoPassword);
        await open(page, '/fr/customer-dashboard');
        await visible(page.getByRole('heading', { level: 1, name: 'Tableau de bord du client' }));
        await visible(page.getByRole('heading', { name: 'Mes bons de travail' }));
        await visible(page.getByRole('link', { name: 'Comparer 2 propositions' }));
        for (const theme of ['dark', 'light'] as const) {
          await page.evaluate((value) => localStorage.setItem('marketplace:theme', value), theme);
          await page.reload();
          await visible(page.getByRole('link', { name: 'Comparer 2 propositions' }));
          await visible(page.locator('#messages [data-conversation]').first());
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `horizontal overflow in the ${theme} theme`).toBeLessThanOrEqual(0);
          await expectNoAxeViolations(page, `/fr/customer-dashboard (${theme})`);
        }
      },
      { mobile: true, locale: 'fr-CA' },
    );
    await e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'contractor');
      await open(page, '/customer-dashboard');
      await visible(page.getByText('Access denied. This page requires customer access.'));
    });
  });

  it('points a new customer to their first job, and to booking a contractor in a customer’s own words', async () => {
    await e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'customer');
      await open(page, '/customer-dashboard');
      await visible(page.getByText('You have not posted a work order yet.', { exact: false }));
      await visible(page.locator('#orders').getByRole('link', { name: 'Post a job' }));
      await visible(page.locator('#messages').getByText('No conversations yet.', { exact: false }));
      // Bookings speak to the customer, never with the contractor's "Customers book you…".
      const bookings = page.locator('#bookings');
      await visible(
        bookings.getByText('No upcoming bookings yet. Find a contractor and book a time on their schedule.'),
      );
      await expect.poll(() => bookings.getByText('Customers book you', { exact: false }).count()).toBe(0);
      await bookings.getByRole('link', { name: 'Find a contractor' }).click();
      await waitForPath(page, '/contractors');
    });
    await e2e.run(
      async ({ page, context }) => {
        await signUpViaApi(context, 'customer');
        await open(page, '/fr/customer-dashboard');
        const bookings = page.locator('#bookings');
        await visible(
          bookings.getByText(
            'Aucune réservation à venir. Trouvez un entrepreneur et réservez une plage à son horaire.',
          ),
        );
        await expect.poll(() => bookings.getByText('Les clients vous réservent', { exact: false }).count()).toBe(0);
        await visible(bookings.getByRole('link', { name: 'Trouver un entrepreneur' }));
      },
      { locale: 'fr-CA' },
    );
  });
});
