import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ERRORS_FR } from '../../api/i18n/errors-fr.ts';
import { URGENT_MESSAGES } from '../../shared/domain/urgent/rules.ts';
import { open, signUpViaApi, useE2E, visible } from './support/browser.ts';

/**
 * A refusal written by the server, shown on a French page in French (the page asks for its language;
 * no `lang` cookie is set), and the same refusal in English on the English page. Whitehorse has no
 * contractor on a paid plan in this test's database, so an urgent alert there is refused.
 */
const e2e = useE2E({ ownApp: 'no contractor on a paid plan in Whitehorse, where urgent-alerts adds one' });
const HERE = 'Y1A 1B1';

async function buyLocal(context: BrowserContext) {
  const bought = await context.request.post('/api/plans/purchase', {
    data: { planId: 'local', card: { number: '4242424242424242', expMonth: 12, expYear: 2035, cvc: '123' } },
    headers: { 'idempotency-key': crypto.randomUUID() },
  });
  expect(bought.status(), await bought.text()).toBe(200);
}

async function sendUrgentAlert(
  page: Page,
  labels: {
    form: string;
    title: string;
    description: string;
    category: string;
    postalCode: string;
    price: string;
    send: string;
  },
) {
  const form = page.getByRole('form', { name: labels.form });
  await visible(form);
  await form.getByLabel(labels.title, { exact: true }).fill('Burst pipe under the sink');
  await form
    .getByLabel(labels.description, { exact: true })
    .fill('Water everywhere under the kitchen sink; the valve is stuck.');
  await form.getByLabel(labels.category, { exact: true }).selectOption('repairs');
  await form.getByLabel('Service', { exact: true }).selectOption('plumbing');
  await form.getByLabel(labels.postalCode, { exact: true }).fill(HERE);
  await form.getByLabel(labels.price, { exact: true }).fill('150');
  await form.getByRole('button', { name: labels.send }).click();
}

describe('server refusals in the page’s language', { timeout: 180_000 }, () => {
  it('shows an urgent alert refusal in French on /fr/urgent-alerts and in English on /urgent-alerts', () =>
    e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'customer');
      await buyLocal(context);
      expect((await context.cookies()).find((cookie) => cookie.name === 'lang')).toBeUndefined();

      await open(page, '/fr/urgent-alerts');
      const french = ERRORS_FR[URGENT_MESSAGES.nobodyNearby]!;
      await sendUrgentAlert(page, {
        form: 'Envoyer une alerte urgente',
        title: 'Titre',
        description: 'Description',
        category: 'Catégorie',
        postalCode: 'Code postal',
        price: 'Prix normal ($ CA)',
        send: 'Envoyer l’alerte urgente',
      });
      await visible(page.getByText(french, { exact: true }));
      expect(french).toMatch(/^Aucun entrepreneur/);

      await open(page, '/urgent-alerts');
      await sendUrgentAlert(page, {
        form: 'Send an urgent alert',
        title: 'Title',
        description: 'Description',
        category: 'Category',
        postalCode: 'Postal code',
        price: 'Normal price (CAD)',
        send: 'Send urgent alert',
      });
      await visible(page.getByText(URGENT_MESSAGES.nobodyNearby, { exact: true }));
    }));
});
