import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/start-app.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { open, revealLazyPanels, signInViaApi, signUpViaApi, useE2E, visible } from './support/browser.ts';
import { awardedJob, signViaApi } from './support/jobs.ts';

/**
 * After a party deletes their account, the other party's contract page names them "Former member",
 * and only an administrator who gives a reason reads the name kept with their signature.
 */
const e2e = useE2E();

describe('legal copies of signatures', { timeout: 180_000 }, () => {
  it('the other party sees "Former member"; an admin reads the legal copy with a reason', () =>
    e2e.run(async ({ page: proPage, context: proContext }) => {
      const pro = await signUpViaApi(proContext, 'contractor');
      let jobId = '';
      let customerName = '';
      await e2e.run(async ({ context }) => {
        const customer = await signUpViaApi(context, 'customer');
        customerName = customer.name;
        jobId = await awardedJob(context, proContext);
        await signViaApi(context, jobId, customer.name);
        await signViaApi(proContext, jobId, pro.name);
        const deleted = await context.request.delete('/api/auth/account', { data: { password: customer.password } });
        expect(deleted.status(), await deleted.text()).toBe(200);
      });

      await open(proPage, `/contracts/${jobId}`);
      const parties = proPage.getByTestId('contract-parties');
      await visible(parties.getByText('Former member'));
      expect(await proPage.getByTestId('contract-text').textContent()).not.toContain(customerName);
      await visible(
        proPage.locator('[data-signature="customer"]').getByText('Signed by Former member', { exact: false }),
      );

      await e2e.run(async ({ page, context }) => {
        await signInViaApi(context, DEMO.admin, e2e.app.demoPassword);
        await open(page, '/admin-dashboard');
        await revealLazyPanels(page);
        const section = page.getByTestId('legal-copies');
        await section.getByLabel('Contract (job id)').fill(jobId);
        await section.getByRole('button', { name: 'Read the legal copy' }).click();
        await visible(section.getByText('Give the reason for reading this legal copy, from 10 to 500 characters.'));

        await section.getByLabel('Reason for reading').fill('Tax audit request for this job');
        await section.getByRole('button', { name: 'Read the legal copy' }).click();
        const customerCopy = section.locator('[data-copy="customer"]');
        await visible(customerCopy.getByText(customerName).first());
        await visible(customerCopy.getByText('(deleted)'));
        await visible(section.getByText('this reading was recorded', { exact: false }));
        await expectNoSeriousAxeViolations(page, '/admin-dashboard legal copies');

        // A contract without a copy says so.
        await section.getByLabel('Contract (job id)').fill(randomUUID());
        await section.getByRole('button', { name: 'Read the legal copy' }).click();
        await visible(section.getByText('No legal copy is kept for this contract.'));
      });
    }));
});
