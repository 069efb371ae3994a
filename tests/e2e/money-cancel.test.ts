import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
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

  it('in French: once the work is marked complete, the cancellation is refused in French', () =>
    e2e.run(async ({ page, context }) => {
      await e2e.run(async ({ context: proContext }) => {
        const jobId = await paidJob(context, proContext);
        const complete = await proContext.request.post(`/api/escrows/${jobId}/complete`, {
          headers: { 'Idempotency-Key': crypto.randomUUID() },
          data: {},
        });
        expect(complete.status(), await complete.text()).toBe(200);

        await open(page, `/fr/projects/${jobId}`);
        await hydrated(page);
        await page.getByRole('button', { name: 'Annuler le bon de travail' }).click();
        const dialog = page.getByRole('dialog');
        await visible(dialog.getByText('Une fois les travaux marqués comme terminés', { exact: false }));
        // Confirmed from the keyboard: the confirm button has the focus order after the reason.
        await dialog.getByRole('button', { name: 'Annuler le bon de travail' }).focus();
        await page.keyboard.press('Enter');
        await visible(page.getByText('Le bon de travail n’a pas pu être annulé.', { exact: true }).first());
        await visible(
          page.getByText('approuvez-les, demandez des modifications ou ouvrez un litige', { exact: false }),
        );
        // Nothing changed: the money is still there for the approval or a dispute.
        await open(page, `/fr/contracts/${jobId}`);
        await visible(page.getByTestId('escrow').getByText('Travaux terminés', { exact: false }).first());
      });
    }));
});
