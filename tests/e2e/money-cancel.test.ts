import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { translateError } from '../../api/i18n/error-language.ts';
import { ESCROW_MESSAGES } from '../../shared/domain/escrow/messages.ts';
import { hydrated, open, signUpViaApi, useE2E, visible } from './support/browser.ts';
import { awardedJob, fundViaApi, signViaApi } from './support/jobs.ts';

/**
 * Cancelling a paid job in a real browser: the dialog says what becomes of the money, the refund
 * is there on the next screen (not a second later), and the contractor can no longer mark the
 * work complete. In French, a job whose work was marked complete is refused in French.
 */
const e2e = useE2E();

/** A $1,000 job awarded, signed by both and paid into escrow, all through the API. */
async function paidJob(customerContext: BrowserContext, contractorContext: BrowserContext): Promise<string> {
  const pro = await signUpViaApi(contractorContext, 'contractor');
  const customer = await signUpViaApi(customerContext, 'customer');
  const jobId = await awardedJob(customerContext, contractorContext);
  await signViaApi(customerContext, jobId, customer.name);
  await signViaApi(contractorContext, jobId, pro.name);
  await fundViaApi(customerContext, jobId);
  return jobId;
}

describe('cancelling a paid job', { timeout: 240_000 }, () => {
  it('refunds it in the same click, and the contractor can no longer mark it complete', () =>
    e2e.run(async ({ page, context }) => {
      await e2e.run(async ({ context: proContext }) => {
        const jobId = await paidJob(context, proContext);

        await open(page, `/projects/${jobId}`);
        await page.getByRole('button', { name: 'Cancel work order' }).click();
        const dialog = page.getByRole('dialog');
        await visible(dialog.getByText('refunded to your card at once', { exact: false }));
        await dialog.getByLabel('Reason (optional)').fill('We are moving sooner than planned.');
        await dialog.getByRole('button', { name: 'Cancel work order' }).click();
        await visible(page.getByText('Work order cancelled', { exact: true }).first());

        // The next screen already shows the money back.
        await open(page, `/contracts/${jobId}`);
        await visible(page.getByTestId('escrow').getByText('Refunded', { exact: true }).first());

        const complete = await proContext.request.post(`/api/escrows/${jobId}/complete`, {
          headers: { 'Idempotency-Key': crypto.randomUUID() },
          data: {},
        });
        expect(complete.status()).toBe(409);
        expect(((await complete.json()) as { error: string }).error).toBe('This escrow has already been refunded.');
      });
    }));

  it('in French: once the work is marked complete, the page offers no cancelling and the API refuses it in French', () =>
    e2e.run(async ({ page, context }) => {
      await e2e.run(async ({ context: proContext }) => {
        const jobId = await paidJob(context, proContext);
        const complete = await proContext.request.post(`/api/escrows/${jobId}/complete`, {
          headers: { 'Idempotency-Key': crypto.randomUUID() },
          data: {},
        });
        expect(complete.status(), await complete.text()).toBe(200);

        // The work is done: the page leads to approving, asking for changes or a dispute, not cancelling.
        await open(page, `/fr/projects/${jobId}`);
        await hydrated(page);
        await visible(page.getByText('Travaux terminés', { exact: false }).first());
        expect(await page.getByRole('button', { name: 'Annuler le bon de travail' }).count()).toBe(0);

        // Asked anyway (an old tab, a script), the server refuses in the page's language.
        const refused = await page.evaluate(async (id) => {
          const response = await fetch(`/api/work-orders/${id}/cancel`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'accept-language': 'fr-CA' },
            body: JSON.stringify({ reason: null }),
          });
          return { status: response.status, body: (await response.json()) as { error: string } };
        }, jobId);
        expect(refused.status).toBe(409);
        expect(refused.body.error).toBe(translateError(ESCROW_MESSAGES.workAlreadyDone, 'fr'));
        expect(refused.body.error).toContain('ouvrez un litige au lieu d’annuler');

        // Nothing changed: the money is still there for the approval or a dispute.
        await open(page, `/fr/contracts/${jobId}`);
        await visible(page.getByTestId('escrow').getByText('Travaux terminés', { exact: false }).first());
      });
    }));
});
