import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { hidden, open, signUpViaApi, useE2E, visible } from './support/browser.ts';
import { awardedJob, fundViaApi, signViaApi } from './support/jobs.ts';

/**
 * A job won by bidding is reviewed by both parties once its payment is released: the customer in
 * English on a desktop, the contractor in French on a 360 px phone. Before the release neither has
 * anything to write; after it, the double-blind rule holds until the second review publishes both,
 * and the customer's rating counts for the contractor. The work order's own page carries the same
 * reviews: the form while a party may write, "hidden until…" after it, both reviews once published.
 */
const e2e = useE2E();

const CUSTOMER_TEXT = 'Clean lines everywhere and the furniture was covered every evening.';
const CONTRACTOR_TEXT = 'Consignes claires, accès facile et paiement rapide.';

describe('reviews of a job won by bidding', { timeout: 240_000 }, () => {
  it('both parties review the bid job after its release, in English and in French', () =>
    e2e.run(
      async ({ page: proPage, context: proContext }) => {
        const pro = await signUpViaApi(proContext, 'contractor');
        await e2e.run(async ({ page, context }) => {
          const customer = await signUpViaApi(context, 'customer');
          const jobId = await awardedJob(context, proContext);
          await signViaApi(context, jobId, customer.name);
          await signViaApi(proContext, jobId, pro.name);
          await fundViaApi(context, jobId);
          const done = await proContext.request.post(`/api/escrows/${jobId}/complete`, {
            headers: { 'Idempotency-Key': crypto.randomUUID() },
            data: { note: 'All walls painted.' },
          });
          expect(done.status(), await done.text()).toBe(200);

          // Marked complete, not released: nothing to review yet.
          await open(page, '/reviews');
          await visible(page.getByText('No reviews to write'));

          const approved = await context.request.post(`/api/escrows/${jobId}/approve`, {
            headers: { 'Idempotency-Key': crypto.randomUUID() },
            data: {},
          });
          expect(approved.status(), await approved.text()).toBe(200);

          // ── The customer (English, desktop) finds the work order among the reviews to write.
          const pending = page.getByTestId('pending-review');
          await expect
            .poll(
              async () => {
                await open(page, '/reviews');
                return pending.count();
              },
              { timeout: 20_000 },
            )
            .toBe(1);
          expect(await pending.getAttribute('data-kind')).toBe('work-order');
          await visible(pending.getByText('Work order: Paint a two-bedroom apartment'));
          await visible(pending.getByText(`Your contractor: ${pro.name}`));
          await pending.getByRole('button', { name: 'Write a review' }).click();
          const form = page.getByRole('form', { name: `Your review of ${pro.name}` });
          await form.locator('label').filter({ hasText: '5 stars' }).click();
          expect(await form.getByRole('radio', { name: '5 stars' }).isChecked()).toBe(true);
          await form.getByLabel('Your review', { exact: true }).fill(CUSTOMER_TEXT);
          await form.getByRole('button', { name: 'Submit review' }).click();
          await visible(
            page.getByText(
              'Your review is saved. It will be published when the other side has written theirs, or after 7 days.',
            ),
          );
          const customerMine = page.getByTestId('my-review');
          await visible(customerMine.getByText(CUSTOMER_TEXT));
          await visible(customerMine.getByText('Work order: Paint a two-bedroom apartment'));
          await visible(customerMine.getByText(new RegExp(`Hidden until ${pro.name} writes theirs`)));
          await expectNoSeriousAxeViolations(page, '/reviews with a work order');

          // ── The contractor (French, phone) is told the customer wrote, but cannot read it yet.
          await open(proPage, '/fr/reviews');
          const theirs = proPage.getByTestId('pending-review');
          await visible(theirs.getByText('Bon de travail : Paint a two-bedroom apartment'));
          await visible(theirs.getByText(`Votre client : ${customer.name}`));
          await visible(theirs.getByText(`${customer.name} a écrit son avis. Écrivez le vôtre pour le lire.`));
          expect(await proPage.getByText('furniture was covered', { exact: false }).count()).toBe(0);

          // The keyboard picks the stars (a radio group) and sends the review.
          await theirs.getByRole('button', { name: 'Écrire un avis' }).click();
          const theirForm = proPage.getByRole('form', { name: `Votre avis sur ${customer.name}` });
          await theirForm.getByRole('radio', { name: '1 étoile' }).focus();
          for (let i = 0; i < 3; i++) await proPage.keyboard.press('ArrowRight');
          expect(await theirForm.getByRole('radio', { name: '4 étoiles' }).isChecked()).toBe(true);
          await theirForm.getByLabel('Votre avis', { exact: true }).fill(CONTRACTOR_TEXT);
          await theirForm.getByRole('button', { name: 'Envoyer l’avis' }).click();
          await visible(proPage.getByText('Les deux avis sont maintenant publiés.'));

          // Both published: the contractor now reads the customer's review.
          const proMine = proPage.getByTestId('my-review');
          await visible(proMine.getByText(CUSTOMER_TEXT));
          await visible(proMine.getByText(CONTRACTOR_TEXT));
          expect(await proMine.getAttribute('data-published')).toBe('true');
          await expectNoSeriousAxeViolations(proPage, '/fr/reviews on a phone');

          // The customer sees the contractor's review, nothing left to write, in the light theme too.
          await page.evaluate(() => localStorage.setItem('marketplace:theme', 'light'));
          await page.reload();
          await visible(customerMine.getByText(CONTRACTOR_TEXT));
          await visible(page.getByText('No reviews to write'));
          await hidden(pending);
          await expectNoSeriousAxeViolations(page, '/reviews in the light theme');

          // The rating is the contractor's: their public reviews count the customer's five stars.
          const about = await context.request.get(`/api/contractors/${pro.id}/reviews`);
          expect(await about.json()).toMatchObject({ average: 5, count: 1 });
        });
      },
      { mobile: true, locale: 'fr-CA' },
    ));
  it('the work order page shows the reviews section once the payment is released', () =>
    e2e.run(
      async ({ page: proPage, context: proContext }) => {
        const pro = await signUpViaApi(proContext, 'contractor');
        await e2e.run(async ({ page, context }) => {
          const customer = await signUpViaApi(context, 'customer');
          const jobId = await awardedJob(context, proContext);
          await signViaApi(context, jobId, customer.name);
          await signViaApi(proContext, jobId, pro.name);
          await fundViaApi(context, jobId);
          // Paid in, the work still ahead: the customer is asked to book a visit.
          await open(page, `/projects/${jobId}`);
          await visible(page.getByRole('link', { name: 'Schedule', exact: true }));
          const done = await proContext.request.post(`/api/escrows/${jobId}/complete`, {
            headers: { 'Idempotency-Key': crypto.randomUUID() },
            data: { note: 'All walls painted.' },
          });
          expect(done.status(), await done.text()).toBe(200);

          // Funded and marked complete, not released: the page has no reviews section.
          await open(page, `/projects/${jobId}`);
          await visible(page.getByRole('heading', { name: 'Paint a two-bedroom apartment' }));
          expect(await page.getByTestId('job-reviews').count()).toBe(0);
          // The work is done: no visit left to book.
          expect(await page.getByRole('link', { name: 'Schedule', exact: true }).count()).toBe(0);

          const approved = await context.request.post(`/api/escrows/${jobId}/approve`, {
            headers: { 'Idempotency-Key': crypto.randomUUID() },
            data: {},
          });
          expect(approved.status(), await approved.text()).toBe(200);

          // ── The customer (English, desktop) writes their review on the work order's page.
          const section = page.getByTestId('job-reviews');
          await expect
            .poll(
              async () => {
                await open(page, `/projects/${jobId}`);
                await visible(page.getByRole('heading', { name: 'Paint a two-bedroom apartment' }));
                return section.count();
              },
              { timeout: 20_000 },
            )
            .toBe(1);
          await visible(section.getByRole('heading', { name: 'Reviews' }));
          const form = section.getByRole('form', { name: `Your review of ${pro.name}` });
          await form.locator('label').filter({ hasText: '5 stars' }).click();
          await form.getByLabel('Your review', { exact: true }).fill(CUSTOMER_TEXT);
          await form.getByRole('button', { name: 'Submit review' }).click();
          await visible(
            section.getByText(
              'Your review is saved. It will be published when the other side has written theirs, or after 7 days.',
            ),
          );
          await page.reload();
          await visible(section.getByText(CUSTOMER_TEXT));
          await visible(section.getByText(new RegExp(`Hidden until ${pro.name} writes theirs`)));
          await hidden(section.getByRole('form'));
          await expectNoSeriousAxeViolations(page, '/projects/{id} waiting for the other review');

          // ── The contractor (French, 360 px phone): told the customer wrote, never shown it before writing.
          await open(proPage, `/fr/projects/${jobId}`);
          const theirs = proPage.getByTestId('job-reviews');
          await visible(theirs.getByRole('heading', { name: 'Avis' }));
          await visible(theirs.getByText(`${customer.name} a écrit son avis. Écrivez le vôtre pour le lire.`));
          expect(await proPage.getByText('furniture was covered', { exact: false }).count()).toBe(0);
          const overflow = await proPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow).toBeLessThanOrEqual(0);
          const theirForm = theirs.getByRole('form', { name: `Votre avis sur ${customer.name}` });
          await theirForm.getByRole('radio', { name: '1 étoile' }).focus();
          for (let i = 0; i < 3; i++) await proPage.keyboard.press('ArrowRight');
          expect(await theirForm.getByRole('radio', { name: '4 étoiles' }).isChecked()).toBe(true);
          await theirForm.getByLabel('Votre avis', { exact: true }).fill(CONTRACTOR_TEXT);
          await theirForm.getByRole('button', { name: 'Envoyer l’avis' }).click();
          await visible(theirs.getByText('Les deux avis sont maintenant publiés.'));
          await visible(theirs.getByText(CUSTOMER_TEXT));
          await visible(theirs.getByText(CONTRACTOR_TEXT));
          await expectNoSeriousAxeViolations(proPage, '/fr/projects/{id} on a phone with both reviews');

          // The customer's page now shows both, nothing left to write, in the light theme too.
          await page.evaluate(() => localStorage.setItem('marketplace:theme', 'light'));
          await page.reload();
          await visible(section.getByText(CONTRACTOR_TEXT));
          await visible(section.getByText(CUSTOMER_TEXT));
          expect(await section.getByTestId('review').count()).toBe(2);
          expect(await section.getByRole('form').count()).toBe(0);
          await expectNoSeriousAxeViolations(page, '/projects/{id} with both reviews in the light theme');
        });
      },
      { mobile: true, locale: 'fr-CA' },
    ));
});
