import { randomUUID } from 'node:crypto';
import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../support/wait.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { MOBILE, open, signUpViaApi, useE2E, visible } from './support/browser.ts';
import { awardedJob, fundViaApi, signViaApi } from './support/jobs.ts';

/**
 * The contractor's CRM in a real browser: after a $1,000 job is bid, won, paid into escrow,
 * completed and approved, the dashboard shows the won lead, the job as paid on the pipeline, the
 * client with a private note saved from the keyboard, and the month's gross, fee, tax and net
 * with its chart and table; in French at 360 px.
 */
const e2e = useE2E();

async function post(context: BrowserContext, url: string) {
  const response = await context.request.post(url, { data: {}, headers: { 'Idempotency-Key': randomUUID() } });
  expect(response.status(), await response.text()).toBe(200);
}

describe('contractor CRM', { timeout: 180_000 }, () => {
  it('shows leads, the pipeline, clients with notes and earnings by month', () =>
    e2e.run(async ({ page, context: proContext }) => {
      const pro = await signUpViaApi(proContext, 'contractor');
      await e2e.run(async ({ context: customerContext }) => {
        const customer = await signUpViaApi(customerContext, 'customer');
        const jobId = await awardedJob(customerContext, proContext);
        await signViaApi(customerContext, jobId, customer.name);
        await signViaApi(proContext, jobId, pro.name);
        await fundViaApi(customerContext, jobId);
        await post(proContext, `/api/escrows/${jobId}/complete`);
        await post(customerContext, `/api/escrows/${jobId}/approve`);
        await waitUntil(
          async () => {
            const crm = (await (await proContext.request.get('/api/contractor/crm')).json()) as {
              pipeline: { counts: Record<string, number> };
            };
            return crm.pipeline.counts.paid === 1;
          },
          { timeoutMs: 20_000, message: 'the job did not reach paid in the CRM' },
        );

        await open(page, '/contractor-dashboard');
        const crm = page.locator('#crm');
        await visible(crm.getByRole('heading', { name: 'My Business' }));
        const leads = crm.getByTestId('crm-leads');
        await visible(leads.getByText('Paint a two-bedroom apartment'));
        await visible(leads.getByText('Won', { exact: true }));

        // Tabs by keyboard: arrow right from Leads reaches Pipeline.
        await crm.getByRole('tab', { name: 'Leads' }).focus();
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press('Enter');
        const paid = crm.getByTestId('crm-pipeline').locator('[data-stage="paid"]');
        await visible(paid.getByText('1', { exact: true }));

        await crm.getByRole('tab', { name: 'Clients' }).click();
        const client = crm.getByTestId('crm-client').filter({ hasText: customer.name });
        await visible(client);
        // The history with this client: the job, paid.
        await client.getByText('Job history (1)').click();
        await visible(client.getByText('Paint a two-bedroom apartment', { exact: false }));
        await visible(client.getByText('Paid', { exact: true }));
        await client.getByLabel(`Private note about ${customer.name}`).fill('Side door; prefers mornings.');
        await client.getByRole('button', { name: 'Save Note' }).click();
        await visible(page.getByText('Note saved'));

        await crm.getByRole('tab', { name: 'Earnings' }).click();
        const totals = crm.getByTestId('crm-earnings-totals');
        // $1,000 at 6 % = $60 fee; HST 13 % on it = $7.80; net $932.20.
        await visible(totals.getByText('$1,000'));
        await visible(totals.getByText('$60'));
        await visible(totals.getByText('$7.80'));
        await visible(totals.getByText('$932.20'));
        await visible(crm.getByTestId('earnings-chart').locator('canvas'));
        await visible(crm.getByTestId('crm-earnings-table').getByText('$932.20'));
        await visible(crm.getByTestId('crm-payouts').getByText('$932.20'));
        await expectNoSeriousAxeViolations(page, '/contractor-dashboard (CRM earnings)');

        // The note was kept.
        await page.reload();
        await page.locator('#crm').getByRole('tab', { name: 'Clients' }).click();
        await expect(page.locator('#crm').getByLabel(`Private note about ${customer.name}`).inputValue()).resolves.toBe(
          'Side door; prefers mornings.',
        );

        // French, at 360 px, without sideways scrolling.
        await page.setViewportSize(MOBILE);
        await open(page, '/fr/contractor-dashboard');
        const fr = page.locator('#crm');
        await visible(fr.getByRole('heading', { name: 'Mon entreprise' }));
        await fr.getByRole('tab', { name: 'Revenus' }).click();
        await visible(fr.getByTestId('crm-earnings-totals').getByText('932,20 $'));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }));
});
