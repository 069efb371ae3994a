import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { open, signUpViaApi, useE2E, visible } from './support/browser.ts';

/**
 * An urgent alert in a real browser: a customer on Local sets a 2.5x premium on a $150 job and
 * sends it; a plumber on Local in range sees it on /urgent-alerts and accepts at $375; the customer
 * sees it accepted and the contract carries the premium. Whitehorse has no demo contractors.
 */
const e2e = useE2E({ ownApp: 'the number of paid plumbers in range of its alert' });
const HERE = 'Y1A 1B1';

async function buyLocal(context: BrowserContext) {
  const bought = await context.request.post('/api/plans/purchase', {
    data: { planId: 'local', card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' } },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(bought.status(), await bought.text()).toBe(200);
}

describe('urgent alerts', { timeout: 240_000 }, () => {
  it('sends an urgent job with a premium; the first plumber in range accepts; the contract has the premium', () =>
    e2e.run(async ({ page: proPage, context: proContext }) => {
      await signUpViaApi(proContext, 'contractor');
      const area = await proContext.request.put('/api/contractor/service-area', {
        data: { radiusKm: 30, postalCode: HERE, services: ['plumbing'], hourlyRateCents: 9000 },
      });
      expect(area.status(), await area.text()).toBe(200);
      await buyLocal(proContext);

      await e2e.run(async ({ page, context }) => {
        await signUpViaApi(context, 'customer');
        await open(page, '/urgent-alerts');
        // On Starter the form is not offered, only the upgrade.
        await visible(page.getByText('Urgent alerts need the Local plan or higher.'));
        await buyLocal(context);
        await page.reload();

        const form = page.getByRole('form', { name: 'Send an urgent alert' });
        await visible(form);
        await form.getByLabel('Title').fill('Burst pipe under the sink');
        await form.getByLabel('Description').fill('Water everywhere under the kitchen sink; the valve is stuck.');
        await form.getByLabel('Category').selectOption('repairs');
        await form.getByLabel('Service').selectOption('plumbing');
        await form.getByLabel('Postal code').fill(HERE);
        await form.getByLabel('Normal price (CAD)').fill('150');
        const slider = form.getByLabel('Urgent premium');
        await slider.focus();
        for (let i = 0; i < 4; i++) await slider.press('ArrowRight');
        await visible(form.getByTestId('multiplier').getByText('2.5x'));
        await visible(form.getByText('Price with premium: $375.00 (premium $225.00)'));
        await expectNoSeriousAxeViolations(page, '/urgent-alerts (customer)');
        await form.getByRole('button', { name: 'Send urgent alert' }).click();
        await visible(page.getByText('Your urgent alert was sent to 1 contractor.'));
        const mine = page.getByTestId('urgent-alerts');
        await visible(mine.getByText('Waiting for a contractor'));

        // ── The plumber accepts from their list.
        await open(proPage, '/urgent-alerts');
        const inbox = proPage.getByTestId('urgent-alerts');
        await visible(inbox.getByText('Burst pipe under the sink'));
        await inbox.getByRole('button', { name: 'Accept at $375.00' }).click();
        await visible(proPage.getByText('The job is yours. Sign the contract to start.'));
        await visible(inbox.getByText('You got this job'));

        // ── The customer sees it accepted and opens the contract with the premium.
        await page.reload();
        await visible(mine.getByText('Accepted', { exact: true }));
        await mine.getByRole('link', { name: 'Open the contract' }).click();
        const text = page.getByTestId('contract-text');
        // The contract is drawn up by the money process a moment after the award: the page looks
        // for it again by itself.
        await visible(text.getByText('urgent premium of 2.5x', { exact: false }), 20_000);
      });
    }));
});
