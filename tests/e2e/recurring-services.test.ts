import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { MOBILE, open, signUpViaApi, stillShownAfter, useE2E, visible } from './support/browser.ts';

/**
 * A recurring service in a real browser: a contractor on Local offers weekly lawn mowing on
 * /subscriptions; a customer subscribes from the profile (frequency, first visit from the open
 * slots, card), signs the agreement; once the contractor signs, the next two weeks of visits are
 * booked and the customer skips one, pauses and resumes. The customer's page in French at 360 px.
 */
const e2e = useE2E();

async function openForBusiness(context: BrowserContext): Promise<{ id: string; name: string }> {
  const person = await signUpViaApi(context, 'contractor');
  const me = (await (await context.request.get('/api/auth/me')).json()) as { id: string };
  const area = await context.request.put('/api/contractor/service-area', {
    data: { radiusKm: 30, postalCode: 'C1A 1A1', services: ['lawn-mowing'], hourlyRateCents: 4000 },
  });
  expect(area.status(), await area.text()).toBe(200);
  const hours = await context.request.put('/api/contractor/availability', {
    data: {
      timeZone: 'America/Halifax',
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
      slotMinutes: 60,
    },
  });
  expect(hours.status(), await hours.text()).toBe(200);
  const upgraded = await context.request.post('/api/plans/purchase', {
    data: {
      planId: 'local',
      card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
    },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(upgraded.status(), await upgraded.text()).toBe(200);
  return { id: me.id, name: person.name };
}

async function signAgreementViaApi(context: BrowserContext, subscriptionId: string, name: string) {
  const contract = (await (await context.request.get(`/api/contracts/${subscriptionId}`)).json()) as {
    version: number;
    rendered: { textHash: string };
  };
  const signed = await context.request.post(`/api/contracts/${subscriptionId}/sign`, {
    data: { version: contract.version, textHash: contract.rendered.textHash, typedName: name, consent: true },
  });
  expect(signed.status(), await signed.text()).toBe(200);
}

const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

async function payByCard(page: Page, number = '4242 4242 4242 4242') {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Card number').fill(number);
  await dialog.getByLabel('Expiry (MM/YY)').fill(EXPIRY.replace('/', ''));
  await dialog.getByLabel('CVC').fill('123');
}

describe('recurring subscription services', { timeout: 240_000 }, () => {
  it('offers, subscribes, signs, books two weeks of visits, skips one, pauses and resumes', () =>
    e2e.run(async ({ page: proPage, context: proContext }) => {
      const pro = await openForBusiness(proContext);

      // ── The contractor offers the service on /subscriptions.
      await open(proPage, '/subscriptions');
      const offerForm = proPage.getByRole('form', { name: 'Offer a recurring service' });
      await visible(offerForm);
      await offerForm.getByRole('button', { name: 'Publish offer' }).click();
      await visible(offerForm.getByText('The title must be 3 to 80 characters.'));
      await offerForm.getByLabel('Title').fill('Weekly lawn mowing');
      await offerForm.getByLabel('What each visit includes').fill('Mowing, edging and clippings taken away.');
      await offerForm.getByLabel('Category').selectOption('outdoor');
      await offerForm.getByLabel('Service').selectOption('lawn-mowing');
      await offerForm.getByLabel('Price per visit (CAD)').fill('60');
      await offerForm.getByLabel('Every two weeks').check();
      await offerForm.getByRole('button', { name: 'Publish offer' }).click();
      await visible(proPage.getByTestId('recurring-offers-mine').getByText('Weekly lawn mowing'));
      await expectNoSeriousAxeViolations(proPage, '/subscriptions (contractor, recurring offers)');

      await e2e.run(
        async ({ page, context }) => {
          const customer = await signUpViaApi(context, 'customer');

          // ── The customer subscribes from the profile.
          await open(page, `/contractors/${pro.id}`);
          const offers = page.getByTestId('recurring-offers');
          await visible(offers.getByText('Weekly lawn mowing'));
          await visible(offers.getByText('$60 per visit'));
          await offers.getByRole('button', { name: 'Subscribe' }).click();
          const dialog = page.getByRole('dialog');
          await visible(dialog.getByRole('heading', { name: 'Subscribe to Weekly lawn mowing' }));
          await dialog.getByLabel('Weekly').check();
          // The first open slot at least two days ahead (the calendar shows a week from today).
          const slots = dialog.locator('button[aria-pressed]');
          await visible(slots.first());
          const count = await slots.count();
          await slots.nth(Math.min(count - 1, 25)).click();
          await visible(dialog.getByTestId('chosen-visit').getByText(/^First visit: /));
          // A mistyped card is refused beside the Subscribe button, like every card form: announced,
          // focused, what was typed kept, and still there until the next try.
          await payByCard(page, '4242 4242 4242 4241');
          await dialog.getByRole('button', { name: 'Subscribe' }).click();
          const refusal = dialog.getByTestId('pay-error');
          await visible(refusal);
          expect(await refusal.getAttribute('role')).toBe('alert');
          expect(await refusal.innerText()).toContain(
            'The subscription was not created. Your card number is incorrect.',
          );
          await expect
            .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null))
            .toBe('pay-error');
          expect(await dialog.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4241');
          expect(await dialog.getByLabel('Expiry (MM/YY)').inputValue()).toBe(EXPIRY);
          expect(await dialog.getByLabel('CVC').inputValue()).toBe('123');
          await stillShownAfter(page, refusal, 6_000);
          await payByCard(page);
          await expectNoSeriousAxeViolations(page, 'subscribe dialog');
          await dialog.getByRole('button', { name: 'Subscribe' }).click();
          await expect.poll(() => refusal.count()).toBe(0);
          await visible(dialog.getByText('Subscription requested. Sign the agreement to start it.'));
          await dialog.getByRole('link', { name: 'Sign the agreement' }).click();

          // ── The agreement: the customer signs on the contract page.
          const form = page.getByRole('form', { name: 'Sign this contract' });
          // The agreement is drawn up by the money process a moment later: the page looks again by itself.
          await visible(form, 20_000);
          await visible(page.getByText('This is the agreement of a recurring service.', { exact: false }));
          await visible(page.getByTestId('contract-text').getByText('Visits take place every week', { exact: false }));
          await form.getByLabel('Type your full name').fill(customer.name);
          await form.getByRole('checkbox').check();
          await form.getByRole('button', { name: 'Sign contract' }).click();
          await visible(page.getByText('Contract signed', { exact: true }));
          const subscriptionId = new URL(page.url()).pathname.split('/').pop()!;

          // ── The contractor signs; within seconds the subscription is active and visits are booked.
          await signAgreementViaApi(proContext, subscriptionId, pro.name);
          const card = page.getByTestId('recurring-subscription');
          await expect
            .poll(
              async () => {
                await open(page, '/subscriptions');
                await visible(card);
                return card.getByText('Booked', { exact: true }).count();
              },
              { timeout: 60_000, interval: 2_000 },
            )
            .toBeGreaterThanOrEqual(1);
          await visible(card.getByText('Active', { exact: true }));
          await visible(card.getByText('Card on file: VISA •••• 4242'));

          // ── Skip the last visit shown, then pause and resume.
          const skips = card.getByRole('button', { name: /^Skip the visit of / });
          const before = await skips.count();
          expect(before).toBeGreaterThan(0);
          await skips.last().click();
          await visible(page.getByText('The visit was skipped.'));
          await visible(card.getByText('Skipped', { exact: true }));
          await card.getByRole('button', { name: 'Pause' }).click();
          await visible(card.getByText('Paused', { exact: true }));
          await card.getByRole('button', { name: 'Resume' }).click();
          await visible(card.getByText('Active', { exact: true }));
          // The visits the pause gave back are booked again.
          await expect
            .poll(
              async () => {
                await open(page, '/subscriptions');
                return card.getByText('Booked', { exact: true }).count();
              },
              { timeout: 30_000, interval: 1_000 },
            )
            .toBeGreaterThanOrEqual(1);

          // ── The contractor sees it among the services they sell.
          await open(proPage, '/subscriptions');
          const sold = proPage.getByTestId('recurring-subscription');
          await visible(sold.getByText(`Customer: ${customer.name}`));

          // ── French, on a phone: no sideways scrolling.
          await page.setViewportSize(MOBILE);
          await open(page, '/fr/subscriptions');
          await visible(page.getByRole('heading', { name: 'Services récurrents que vous achetez' }));
          await visible(page.getByTestId('recurring-subscription').getByText('Actif', { exact: true }));
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow).toBeLessThanOrEqual(0);
        },
        { clock: true },
      );
    }));
});
