import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { MOBILE, open, revealIslands, signUpViaApi, useE2E, visible } from './support/browser.ts';

/**
 * A barter trade in a real browser: a contractor opens a service to barter from the dashboard;
 * a customer finds it on /platform (Browse Barter Services), proposes painting hours for
 * bookkeeping hours; the contractor counters, the customer accepts (the CASL record shows), both
 * mark the exchange complete and the customer reviews. The customer's trades in French at 360 px.
 */
const e2e = useE2E();

async function contractorWithService(context: BrowserContext) {
  const person = await signUpViaApi(context, 'contractor');
  const created = await context.request.post('/api/service-offerings', {
    data: {
      title: 'Small-business bookkeeping',
      description: 'Monthly books, receipts sorted and GST/HST returns prepared.',
      pricingModel: 'hourly',
      price: '60',
      isRemoteService: true,
      isActive: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return person;
}

async function openTrades(page: Page, path = '/platform') {
  await open(page, path);
  await revealIslands(page);
}

describe('barter', { timeout: 240_000 }, () => {
  it('opens a service to barter, proposes, counters, accepts, completes on both sides and reviews', () =>
    e2e.run(async ({ page: proPage, context: proContext }) => {
      const pro = await contractorWithService(proContext);

      // ── The contractor opens the service to barter from the dashboard (keyboard only).
      await open(proPage, '/contractor-dashboard#offerings');
      const services = proPage.getByTestId('my-offerings');
      const service = services.getByTestId('my-offering').filter({ hasText: 'Small-business bookkeeping' });
      await visible(service);
      await service.getByLabel('Accept barter for this service').focus();
      await proPage.keyboard.press('Space');
      await service.getByLabel('What you would like in return (optional)').fill('Interior painting');
      await service.getByRole('button', { name: 'Save Barter Settings' }).click();
      await visible(service.getByText('Open to barter', { exact: true }));
      await expectNoSeriousAxeViolations(proPage, '/contractor-dashboard (my services)');

      await e2e.run(async ({ page, context }) => {
        await signUpViaApi(context, 'customer');

        // ── The customer finds it on /platform and proposes a trade.
        await openTrades(page);
        await visible(page.getByRole('heading', { name: 'Browse Barter Services' }));
        await page.getByRole('searchbox', { name: 'Search barter services' }).fill('painting');
        await page.getByRole('button', { name: 'Search' }).click();
        const card = page.getByTestId('barter-service').filter({ hasText: pro.name });
        await visible(card.getByText('Would like in return: Interior painting'));
        await card.getByRole('button', { name: /Propose a Trade/ }).click();
        const dialog = page.getByRole('dialog');
        await visible(dialog.getByRole('heading', { name: 'Propose a trade' }));
        await dialog.getByRole('button', { name: 'Send Proposal' }).click();
        await visible(dialog.getByText('Describe the service you offer in 10 to 500 characters'));
        await dialog.getByLabel('What you offer in return').fill('Interior painting: two coats in one bedroom');
        await dialog.getByLabel('Your hours').fill('6');
        await dialog.getByLabel('Hours of their service').fill('4.25');
        await dialog.getByRole('button', { name: 'Send Proposal' }).click();
        await visible(dialog.getByText('Hours must be from 0.5 to 200, in half hours').first());
        await dialog.getByLabel('Hours of their service').fill('4');
        await dialog.getByRole('button', { name: 'Send Proposal' }).click();
        const trade = page.getByTestId('barter-trade').filter({ hasText: 'Small-business bookkeeping' });
        await visible(trade.getByText('Waiting for the other side.'));
        await visible(
          trade.getByText('You give Interior painting: two coats in one bedroom (6 h) for 4 h', { exact: false }),
        );
        await expectNoSeriousAxeViolations(page, '/platform (barter)');

        // ── The contractor counters: eight hours of painting.
        await openTrades(proPage);
        const proTrade = proPage.getByTestId('barter-trade').filter({ hasText: 'Small-business bookkeeping' });
        await visible(proTrade.getByText('Your answer is needed.'));
        await proTrade.getByRole('button', { name: 'Counter' }).click();
        const counter = proPage.getByRole('dialog');
        await counter.getByLabel('Your hours').fill('8');
        await counter.getByRole('button', { name: 'Send Counter-offer' }).click();
        await visible(proTrade.getByText('Waiting for the other side.'));

        // ── The customer accepts the counter-offer; the CASL relationship is shown.
        await openTrades(page);
        await visible(trade.getByText('(8 h) for 4 h', { exact: false }));
        await trade.getByRole('button', { name: 'Accept' }).click();
        await visible(trade.getByText('Accepted', { exact: true }));
        await visible(trade.getByText('existing business relationship (CASL)', { exact: false }));
        await trade.getByRole('button', { name: 'Mark Complete' }).click();
        await visible(trade.getByText('You marked it complete on', { exact: false }));
        await expect(trade.getByRole('button', { name: 'Review' }).count()).resolves.toBe(0);

        // ── The contractor marks it complete too: the trade is completed.
        await openTrades(proPage);
        await proTrade.getByRole('button', { name: 'Mark Complete' }).click();
        await visible(proTrade.getByText('Completed', { exact: true }));

        // ── The customer reviews the contractor.
        await openTrades(page);
        await trade.getByRole('button', { name: 'Review' }).click();
        const review = page.getByRole('dialog');
        await review.getByRole('radio', { name: '4 out of 5' }).check();
        await review.getByLabel('Comment (optional)').fill('Tidy books, on time.');
        await review.getByRole('button', { name: 'Post Review' }).click();
        await visible(trade.getByText('Your review: 4/5 — Tidy books, on time.'));

        // ── In French, at 360 px.
        await page.setViewportSize(MOBILE);
        await openTrades(page, '/fr/platform');
        await visible(page.getByRole('heading', { name: 'Mes échanges de troc' }));
        const fr = page.getByTestId('barter-trade').filter({ hasText: 'Small-business bookkeeping' });
        await visible(fr.getByText('Terminé', { exact: true }));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }));
});
