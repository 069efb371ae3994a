import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import {
  hydrated,
  open,
  signUpViaApi,
  stillShownAfter,
  useE2E,
  visible,
  visibleAfterReload,
  waitForPath,
} from './support/browser.ts';
import { awardedJob, signViaApi } from './support/jobs.ts';
import { waitUntil } from '../support/wait.ts';

/**
 * The money journey in a real browser: a customer and a contractor each sign the job's contract,
 * the customer's first card is declined and the second pays into escrow, the contractor marks the
 * work complete, the customer approves, sees the receipt, and the contractor sees the net paid
 * (a $1,000 job in Ontario: 6 % fee $60, HST 13 % on it $7.80, net $932.20).
 */
const e2e = useE2E();

async function signOnPage(page: Page, name: string) {
  const form = page.getByRole('form', { name: 'Sign this contract' });
  await visible(form);
  const sign = form.getByRole('button', { name: 'Sign contract' });
  expect(await sign.isDisabled()).toBe(true);
  await form.getByLabel('Type your full name').fill(name);
  await form.getByRole('checkbox').check();
  await sign.click();
  await visible(page.getByText('Contract signed', { exact: true }));
}

const EXPIRY = `12/${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;
const LABELS = {
  en: { number: 'Card number', expiry: 'Expiry (MM/YY)', cvc: 'CVC', pay: /^Pay / },
  fr: { number: 'Numéro de carte', expiry: 'Expiration (MM/AA)', cvc: 'CVC', pay: /^Payer / },
} as const;

async function payWith(page: Page, number: string, locale: 'en' | 'fr' = 'en') {
  const escrow = page.getByTestId('escrow');
  const labels = LABELS[locale];
  await escrow.getByLabel(labels.number).fill(number);
  await escrow.getByLabel(labels.expiry).fill(EXPIRY.replace('/', ''));
  await escrow.getByLabel(labels.cvc).fill('123');
  await escrow.getByRole('button', { name: labels.pay }).click();
}

/**
 * A declined card: the message stays beside the Pay button (not a passing toast), is announced,
 * takes the focus, and what was typed is still there to correct.
 */
async function expectDeclinedInline(page: Page, message: string, locale: 'en' | 'fr' = 'en') {
  const escrow = page.getByTestId('escrow');
  const inline = escrow.getByTestId('pay-error');
  await visible(inline);
  expect(await inline.getAttribute('role')).toBe('alert');
  expect(await inline.innerText()).toContain(message);
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null))
    .toBe('pay-error');
  const labels = LABELS[locale];
  expect(await escrow.getByLabel(labels.number).inputValue()).toBe('4000 0000 0000 0002');
  expect(await escrow.getByLabel(labels.expiry).inputValue()).toBe(EXPIRY);
  expect(await escrow.getByLabel(labels.cvc).inputValue()).toBe('123');
  // Still there a moment later: it waits for the next try.
  await stillShownAfter(page, inline, 6_000);
}

describe('contract, escrow and receipt', { timeout: 240_000 }, () => {
  it('both sign, a declined card then a good one, complete, approve, receipt and the contractor’s net', () =>
    e2e.run(async ({ page: proPage, context: proContext }) => {
      const pro = await signUpViaApi(proContext, 'contractor');
      await e2e.run(
        async ({ page, context }) => {
          const customer = await signUpViaApi(context, 'customer');

          // ── The customer has the contracts page open before the hire: the contract the money
          // process draws up a moment after the award appears there without a reload (the bell's
          // live count says something changed, and the list is read again).
          const liveCount = page.waitForResponse((response) => response.url().endsWith('/api/notifications/stream'));
          await open(page, '/contracts');
          await visible(page.getByRole('heading', { name: 'No contracts yet' }));
          await liveCount;
          const jobId = await awardedJob(context, proContext);
          const row = page.locator(`[data-job="${jobId}"]`);
          await visible(row, 20_000);
          await visible(row.getByText('Waiting for your signature'));
          await row.getByRole('link', { name: 'Review and sign' }).click();
          await waitForPath(page, `/contracts/${jobId}`);
          await hydrated(page);
          const text = page.getByTestId('contract-text');
          await visible(text.getByRole('heading', { name: 'Contract for services — Paint a two-bedroom apartment' }));
          await visible(text.getByText('binding final decision', { exact: false }).first());
          await visible(text.getByText('$1,000.00', { exact: false }).first());
          await expectNoSeriousAxeViolations(page, 'the contract page');
          await signOnPage(page, customer.name);
          await visible(
            page.locator('[data-signature="customer"]').getByText(`Signed by ${customer.name}`, { exact: false }),
          );

          // Verify recomputes the hash in the browser and on the server.
          await page.getByRole('button', { name: 'Verify' }).click();
          const verification = page.getByTestId('verification');
          await visible(verification.getByText('Verified: the text matches the signed hash', { exact: false }));
          expect(await verification.getAttribute('data-ok')).toBe('true');

          // ── The contractor signs too: the contract is in force.
          await open(proPage, `/contracts/${jobId}`);
          await signOnPage(proPage, pro.name);
          await visible(proPage.getByText('In force').first());

          // ── The customer pays: the declined card first, then the good one.
          await page.reload();
          await hydrated(page);
          const escrow = page.getByTestId('escrow');
          await visible(escrow.getByRole('heading', { name: 'Pay into escrow' }), 20_000);
          await payWith(page, '4000 0000 0000 0002');
          await expectDeclinedInline(page, 'Your card was declined. Nothing was charged.');
          await payWith(page, '4242 4242 4242 4242');
          await visible(page.getByText('Payment received', { exact: true }));
          await expect.poll(() => escrow.getByTestId('pay-error').count()).toBe(0);
          await visible(escrow.getByText('Paid into escrow'));
          await visible(escrow.getByText('Paid with VISA •••• 4242'));

          // ── The contractor marks the work complete; the expected net is shown before release.
          await proPage.reload();
          await hydrated(proPage);
          const proEscrow = proPage.getByTestId('escrow');
          await visible(proEscrow.getByText('You receive'));
          await visible(proEscrow.getByText('$932.20'));
          await proEscrow.getByRole('button', { name: 'Mark work complete' }).click();
          await visible(proPage.getByText('Marked complete', { exact: true }));

          // ── The customer approves after a confirm step and sees the receipt.
          await page.reload();
          await hydrated(page);
          await escrow.getByRole('button', { name: 'Approve and release payment' }).click();
          await escrow.getByRole('button', { name: 'Confirm' }).click();
          await visible(page.getByText('Payment released', { exact: true }));
          await visible(escrow.getByText('Released to the contractor'));
          await escrow.getByRole('link', { name: 'View receipt' }).click();
          await waitForPath(page, `/receipts/${jobId}`);
          await hydrated(page);
          const receipt = page.getByTestId('receipt');
          await visible(receipt.getByRole('heading', { name: 'Payment receipt' }));
          expect(await page.getByTestId('receipt-total').textContent()).toBe('$1,000.00');
          await visible(receipt.getByText('GST/HST registration no.', { exact: false }));

          // ── The customer's dashboard tells the truth: the agreed $1,000 (not the $800 – $1,200
          // budget) and the money released (not "Hired").
          await open(page, '/customer-dashboard');
          const order = page.locator(`#orders [data-work-order="${jobId}"]`);
          await visible(order.getByText('Agreed price: $1,000'));
          await visible(order.getByText('Released to the contractor'));
          expect(await order.getByText('Hired', { exact: true }).count()).toBe(0);
          expect(await order.getByText('$800', { exact: false }).count()).toBe(0);

          // ── The contractor sees the net, the fee invoice and the dashboard's earnings.
          await proPage.reload();
          await hydrated(proPage);
          await visible(proEscrow.getByText('Paid to the contractor'));
          await proEscrow.getByRole('link', { name: 'View fee invoice' }).click();
          await waitForPath(proPage, `/receipts/${jobId}`);
          await hydrated(proPage);
          const invoice = proPage.getByTestId('receipt');
          await visible(invoice.getByRole('heading', { name: 'Platform fee invoice' }));
          await visible(invoice.getByText('HST (13%)'));
          expect(await proPage.getByTestId('receipt-total').textContent()).toBe('$67.80');
          await open(proPage, '/contractor-dashboard');
          const earnings = proPage.getByTestId('earnings');
          await earnings.scrollIntoViewIfNeeded();
          await visible(earnings.locator('[data-figure="net"]').getByText('$932.20'), 20_000);
          await visible(earnings.getByText('Upcoming payouts'));
        },
        { clock: true },
      );
    }));

  it('en français : une carte refusée puis une bonne, le message sous les yeux, à 360 px', () =>
    e2e.run(async ({ context: proContext }) => {
      const pro = await signUpViaApi(proContext, 'contractor');
      await e2e.run(
        async ({ page, context }) => {
          const customer = await signUpViaApi(context, 'customer');
          const jobId = await awardedJob(context, proContext);
          await signViaApi(context, jobId, customer.name);
          await signViaApi(proContext, jobId, pro.name);
          await open(page, `/fr/contracts/${jobId}`);
          const escrow = page.getByTestId('escrow');
          // The escrow opens within moments of the second signature.
          await visibleAfterReload(page, escrow.getByRole('heading', { name: 'Payer en entiercement' }));
          await payWith(page, '4000 0000 0000 0002', 'fr');
          await expectDeclinedInline(page, 'Votre carte a été refusée. Aucun montant n’a été prélevé.', 'fr');
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow).toBeLessThanOrEqual(0);
          await expectNoSeriousAxeViolations(page, 'a declined payment (fr)');
          await payWith(page, '4242 4242 4242 4242', 'fr');
          await visible(page.getByText('Paiement reçu', { exact: true }));
          await visible(escrow.getByText('Versé en entiercement'));
          await expect.poll(() => escrow.getByTestId('pay-error').count()).toBe(0);

          // Mes bons de travail : le prix convenu et l'argent en entiercement.
          await open(page, '/fr/customer-dashboard');
          const order = page.locator(`#orders [data-work-order="${jobId}"]`);
          await visible(order.getByText(/Prix convenu\s*:\s*1\s000\s\$/));
          await visible(order.getByText('Versé en entiercement'));
        },
        { mobile: true, locale: 'fr-CA', clock: true },
      );
    }));

  it('a contract opened before the hire is being prepared, then shows up to sign without a reload', () =>
    e2e.run(async ({ page, context }) => {
      const proContext = await e2e.newContext();
      try {
        await signUpViaApi(proContext, 'contractor');
        await signUpViaApi(context, 'customer');
        const form = page.getByRole('form', { name: 'Sign this contract' });
        await awardedJob(context, proContext, {}, async (jobId) => {
          await open(page, `/contracts/${jobId}`);
          await visible(page.getByRole('status').getByText('Preparing the contract…', { exact: false }));
          expect(await page.getByText('This contract does not exist or is not yours.').count()).toBe(0);
        });
        await visible(form, 20_000);
      } finally {
        await proContext.close();
      }
    }));

  it('the other party’s signature made while the contract page loads shows there without a reload', () =>
    e2e.run(async ({ page, context }) => {
      const proContext = await e2e.newContext();
      try {
        const pro = await signUpViaApi(proContext, 'contractor');
        const customer = await signUpViaApi(context, 'customer');
        const jobId = await awardedJob(context, proContext);
        await signViaApi(context, jobId, customer.name);
        const unread = async () =>
          ((await (await context.request.get('/api/notifications/unread-count')).json()) as { count: number }).count;
        // The bell learns its first count only when the test lets it: the live stream is refused
        // (the 30 s poll is its fallback) and every count request is held until released.
        await page.route('**/api/notifications/stream', (route) => route.abort());
        let release = () => {};
        const released = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/api/notifications/unread-count', async (route) => {
          await released;
          await route.continue();
        });
        await open(page, `/contracts/${jobId}`);
        const contractor = page.locator('[data-signature="contractor"]');
        await visible(
          page.locator('[data-signature="customer"]').getByText(`Signed by ${customer.name}`, { exact: false }),
        );
        expect(await contractor.getByText(`Signed by ${pro.name}`, { exact: false }).count()).toBe(0);
        // At least the count the page was rendered with: it was read on the server before the contract.
        const rendered = await unread();

        // The contractor signs before the customer's bell has its first count: the contract is in
        // force, and the customer is told, so that first count is above the page's.
        await signViaApi(proContext, jobId, pro.name);
        await waitUntil(async () => ((await unread()) > rendered ? true : null), {
          timeoutMs: 20_000,
          message: 'the customer was not told the contract is in force',
        });
        release();
        await visible(contractor.getByText(`Signed by ${pro.name}`, { exact: false }), 15_000);
        await visible(page.getByText('In force').first());
      } finally {
        await proContext.close();
      }
    }));

  it('en français, un contrat qui n’arrive pas finit par être dit introuvable', () =>
    e2e.run(
      async ({ page, context }) => {
        await signUpViaApi(context, 'customer');
        await page.clock.install();
        await open(page, `/fr/contracts/${crypto.randomUUID()}`);
        await visible(page.getByRole('status').getByText('Préparation du contrat…', { exact: false }));
        const notFound = page.getByText('Ce contrat n’existe pas ou ne vous concerne pas.');
        // Looked for again each second, then given up: the clock is moved on a second at a time.
        await expect
          .poll(
            async () => {
              await page.clock.fastForward(1_000);
              return notFound.count();
            },
            { interval: 100, timeout: 20_000 },
          )
          .toBeGreaterThan(0);
        expect(await page.getByRole('status').getByText('Préparation du contrat…', { exact: false }).count()).toBe(0);
      },
      { mobile: true, locale: 'fr-CA' },
    ));

  it('the contracts page works at 360 px, in French, with its empty state', () =>
    e2e.run(
      async ({ page, context }) => {
        await signUpViaApi(context, 'customer');
        await open(page, '/fr/contracts');
        await visible(page.getByRole('heading', { level: 1, name: 'Contrats' }));
        await visible(page.getByText('Aucun contrat pour l’instant'));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      },
      { mobile: true, locale: 'fr-CA' },
    ));
});
