import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { DEMO } from '../support/start-app.ts';
import { hydrated, open, revealLazyPanels, signInViaApi, signUpViaApi, useE2E, visible } from './support/browser.ts';
import { awardedJob, fundViaApi, signViaApi } from './support/jobs.ts';

/**
 * The dispute journey in a real browser: a funded $1,000 job; the customer opens a dispute from
 * the contract page with a photo and a written account; the contractor answers; the AI analysis
 * appears; the arbitrator decides a 50 / 40 / 10 split with reasons; both parties see the outcome
 * on /arbitration-status; and the escrow's history verifies in the auditor view.
 */
const e2e = useE2E();

/** A tiny valid PNG (1×1). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const ACCOUNT =
  'The paint is patchy on two walls and drips ran down onto the baseboards in the hallway. The contract promised two clean coats.';

describe('a dispute from opening to a paid-out decision', { timeout: 300_000 }, () => {
  it('customer disputes with a photo and text, contractor answers, analysis, arbitrator splits, both see it, history verifies', () =>
    e2e.run(async ({ page: proPage, context: proContext }) => {
      const pro = await signUpViaApi(proContext, 'contractor');
      await e2e.run(async ({ page, context }) => {
        const customer = await signUpViaApi(context, 'customer');
        const jobId = await awardedJob(context, proContext);
        await signViaApi(context, jobId, customer.name);
        await signViaApi(proContext, jobId, pro.name);
        await fundViaApi(context, jobId);

        // ── The customer opens a dispute from the contract's escrow panel.
        await open(page, `/contracts/${jobId}`);
        const escrow = page.getByTestId('escrow');
        await visible(escrow.getByRole('link', { name: 'Open a dispute' }), 20_000);
        await escrow.getByRole('link', { name: 'Open a dispute' }).click();
        await page.waitForURL(/\/arbitration-status\?open=/);
        await hydrated(page);
        const form = page.getByRole('form', { name: 'Open a dispute' });
        await visible(form);
        const submit = form.getByRole('button', { name: 'Open the dispute' });
        expect(await submit.isDisabled()).toBe(true);
        await form.getByLabel('Reason').selectOption('poor-quality');
        await form.getByLabel('What happened?').fill(ACCOUNT);
        await form
          .getByLabel('Photos, videos or documents (optional)')
          .setInputFiles({ name: 'hallway.png', mimeType: 'image/png', buffer: PNG });
        await submit.click();
        const caseView = page.getByTestId('dispute-case');
        await visible(caseView, 20_000);
        await page.waitForURL(new RegExp(`case=${jobId}`));
        await visible(caseView.getByText('Waiting for the answer').first());
        await visible(caseView.getByTestId('dispute-evidence').getByRole('img'));
        await expectNoSeriousAxeViolations(page, 'the case page');

        // ── The contractor finds the case waiting for them and answers.
        await open(proPage, '/arbitration-status');
        const row = proPage.locator(`[data-dispute="${jobId}"]`);
        await visible(row, 20_000);
        await visible(row.getByText('Waits for you'));
        await row.getByRole('button').first().click();
        const answer = proPage.getByRole('form', { name: 'Your answer' });
        await visible(answer);
        await answer
          .getByLabel('What happened?')
          .fill('Two coats were applied as agreed; the drips were cleaned the same day.');
        await answer.getByRole('button', { name: 'Send my answer' }).click();

        // ── The analysis appears within seconds (the page looks again while it runs).
        const analysis = proPage.getByTestId('dispute-analysis');
        await visible(analysis, 30_000);
        await visible(analysis.getByText(/Confidence \d+%/).first());
        await visible(proPage.getByText('With an arbitrator').first());

        // ── The arbitrator decides a custom split with reasons.
        await e2e.run(async ({ page: adminPage, context: adminContext }) => {
          await signInViaApi(adminContext, DEMO.admin, e2e.app.demoPassword);
          await open(adminPage, '/arbitration-dashboard');
          const queued = adminPage.locator(`[data-dispute="${jobId}"]`);
          await visible(queued, 20_000);
          await queued.getByRole('button').click();
          const decision = adminPage.getByTestId('decision-form');
          await visible(decision);
          await decision.getByRole('radio', { name: 'Custom split' }).check();
          await decision.getByLabel('Customer %').fill('50');
          await decision.getByLabel('Contractor %').fill('40');
          await decision.getByLabel('Platform share %').fill('10');
          await visible(decision.getByText('Total 100% (must be 100%)'));
          await decision
            .getByLabel('Written reasons (shared with both parties)')
            .fill('The photo shows drips on the baseboards; the coats themselves are sound. Half is refunded.');
          await decision.getByRole('button', { name: 'Review the decision' }).click();
          await visible(
            decision.getByText('This decision is binding and distributes the escrow now.', { exact: false }),
          );
          await decision.getByRole('button', { name: 'Confirm and distribute' }).click();
          const decided = adminPage.getByTestId('dispute-decision');
          await visible(decided, 20_000);
          await visible(decided.getByText('Customer 50% · Contractor 40% · Platform 10%'));
          await visible(decided.getByText('$500.00').first());

          // ── The auditor view verifies the escrow's history.
          await open(adminPage, '/admin-dashboard');
          await revealLazyPanels(adminPage);
          const auditor = adminPage.getByTestId('auditor-view');
          await visible(auditor, 20_000);
          // Found by its id; the escrow tab opens first, with the decision's distribution last.
          await auditor.getByLabel('Job id or words of the title').fill(jobId);
          await adminPage.keyboard.press('Enter');
          await auditor.getByTestId('audit-jobs').getByRole('button').first().click();
          await visible(auditor.getByTestId('audit-job'));
          await visible(auditor.getByTestId('audit-history').locator('tr[data-type="EscrowDistributed"]'));
          const verified = auditor.getByTestId('audit-verification');
          await visible(verified.getByRole('status').getByText('Verified', { exact: true }));
          await visible(verified.getByText('Hash chain: intact (events checked: 4)'));
        });

        // ── Both parties see the outcome on /arbitration-status.
        await open(page, `/arbitration-status?case=${jobId}`);
        const customerOutcome = page.getByTestId('dispute-decision');
        await visible(customerOutcome, 20_000);
        await visible(customerOutcome.getByText('Custom split', { exact: false }).first());
        await visible(customerOutcome.getByText('$500.00').first());
        await visible(page.getByText('Decided').first());
        await open(proPage, `/arbitration-status?case=${jobId}`);
        const proOutcome = proPage.getByTestId('dispute-decision');
        await visible(proOutcome, 20_000);
        await visible(proOutcome.getByText('Paid to the contractor'));
        await visible(proOutcome.getByText('by a human arbitrator', { exact: false }));

        // ── The customer's refund line is dated (issued at once, on the day of the decision; sent
        // the same day by the payouts job), in English and in French.
        const today = (lang: string) =>
          page.evaluate((l) => new Intl.DateTimeFormat(l, { dateStyle: 'long' }).format(new Date()), lang);
        const refundLine = customerOutcome.getByRole('list', { name: 'Payments' }).getByRole('listitem');
        await visible(refundLine.getByText(new RegExp(`^Refund · (issued|sent) ${await today('en-CA')}$`)));
        await visible(refundLine.getByText('$500.00'));
        await open(page, `/fr/arbitration-status?case=${jobId}`);
        const refundLineFr = page
          .getByTestId('dispute-decision')
          .getByRole('list', { name: 'Paiements' })
          .getByRole('listitem');
        await visible(
          refundLineFr.getByText(new RegExp(`^Remboursement · (émis|envoyé) le ${await today('fr-CA')}$`)),
          20_000,
        );

        // ── The customer's work orders say the job was decided by arbitration, at its agreed price.
        await open(page, '/customer-dashboard');
        const order = page.locator(`#orders [data-work-order="${jobId}"]`);
        await visible(order.getByText('Decided by arbitration'), 20_000);
        await visible(order.getByText('Agreed price: $1,000'));

        // ── The contractor's pipeline shows the $400 share actually paid, beside the $1,000 price.
        // The pipeline is a projection of the payout: on a loaded machine it can trail the page.
        const crm = proPage.locator('#crm');
        const job = crm.getByRole('listitem').filter({ hasText: 'Paint a two-bedroom apartment' });
        await expect
          .poll(
            async () => {
              await open(proPage, '/contractor-dashboard');
              await visible(crm.getByRole('heading', { name: 'My Business' }), 20_000);
              await crm.getByRole('tab', { name: 'Pipeline' }).click();
              await visible(job);
              return job.getByText('$400 (your share of $1,000)').count();
            },
            { timeout: 40_000 },
          )
          .toBe(1);
        await visible(job.getByText('Paid', { exact: true }));
        await visible(crm.getByTestId('crm-pipeline').locator('[data-stage="paid"]').getByText('$400'));
      });
    }));

  it('the status page and the arbitration dashboard work at 360 px, in the dark theme and in French', () =>
    e2e.run(
      async ({ page, context }) => {
        await signUpViaApi(context, 'customer');
        const dark = async (path: string) => {
          await open(page, path);
          await page.evaluate(() => localStorage.setItem('marketplace:theme', 'dark'));
          await page.reload();
          await hydrated(page);
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
        };
        await dark('/fr/arbitration-status');
        await visible(page.getByRole('heading', { name: 'Aucun litige' }));
        await expectNoSeriousAxeViolations(page, 'the empty status page (fr, dark, 360 px)');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

        // The demo data has an answered dispute waiting for an arbitrator.
        await context.clearCookies();
        await signInViaApi(context, DEMO.admin, e2e.app.demoPassword);
        await dark('/arbitration-dashboard');
        const queue = page.getByTestId('arbitration-queue');
        await visible(queue, 20_000);
        await queue.getByRole('button', { name: /Regrout the shower/ }).click();
        await visible(page.getByTestId('dispute-case'));
        await visible(page.getByTestId('dispute-timeline'));
        await expectNoSeriousAxeViolations(page, 'the arbitration dashboard with a case open (dark, 360 px)');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      },
      { mobile: true },
    ));
});
