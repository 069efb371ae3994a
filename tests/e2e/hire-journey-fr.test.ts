import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contractsMessages } from '../../site/i18n/messages/contracts.ts';
import { reviewMessages } from '../../site/i18n/messages/reviews.ts';
import { workRuleMessages } from '../../site/i18n/messages/work-rules.ts';
import { workMessages } from '../../site/i18n/messages/work.ts';
import {
  confirmationLinkOf,
  currentUser,
  hydrated,
  open,
  useE2E,
  visible,
  visibleAfterReload,
  waitForPath,
} from './support/browser.ts';
import { fillSignUp, FR_SIGN_UP, uniqueEmail } from './support/sign-up-form.ts';

/**
 * The whole hire journey once, in French, through the real /fr pages a person uses: a customer
 * (desktop) and a contractor (a 360 px phone) sign up with the form and the e-mailed link, the
 * contractor goes live through the onboarding with Montréal as their place; the customer posts a
 * job open for bids; the contractor finds it near their service area and sends a proposal; the
 * customer compares and hires; both sign the contract; a declined card, then a good one; the work
 * is marked complete and the payment released; both review each other and the reviews publish.
 * Every step is checked in French, and the English of the same texts must not be on the page.
 */
const e2e = useE2E();

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const EXPIRY = `12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`;

const CUSTOMER_REVIEW = 'Travail soigné, lignes nettes et plancher propre à la fin.';
const CONTRACTOR_REVIEW = 'Consignes claires, accès facile et paiement rapide.';

/** None of these English texts is anywhere on the page (a step that fell back to English). */
async function noEnglish(page: Page, ...texts: string[]) {
  const body = await page.locator('body').innerText();
  for (const text of texts) expect(body, `English on ${page.url()}`).not.toContain(text);
}

/** The French sign-up form, "Vérifiez vos courriels", then the e-mailed link in the same browser. */
async function signUpInFrench(page: Page, person: { role: 'customer' | 'contractor'; name: string; email: string }) {
  await open(page, '/fr/signup');
  expect(await page.getAttribute('html', 'lang')).toBe('fr-CA');
  await fillSignUp(page, person, FR_SIGN_UP);
  await visible(page.getByRole('heading', { name: 'Vérifiez vos courriels' }));
  await visible(page.getByText(`Nous avons envoyé un message à ${person.email}.`, { exact: false }));
  expect(await currentUser(page.context())).toBeNull();
  const link = await confirmationLinkOf(person.email);
  expect(link.pathname).toBe('/fr/signup/confirm');
  await page.goto(`${link.pathname}${link.search}`);
}

async function payWith(page: Page, number: string) {
  const escrow = page.getByTestId('escrow');
  await escrow.getByLabel('Numéro de carte').fill(number);
  await escrow.getByLabel('Expiration (MM/AA)').fill(EXPIRY);
  await escrow.getByLabel('CVC').fill('123');
  await escrow.getByRole('button', { name: /^Payer / }).click();
}

async function signContract(page: Page, name: string) {
  const form = page.getByRole('form', { name: 'Signer ce contrat' });
  await visible(form);
  const sign = form.getByRole('button', { name: 'Signer le contrat' });
  expect(await sign.isDisabled()).toBe(true);
  await form.getByLabel('Tapez votre nom complet').fill(name);
  await form.getByRole('checkbox').check();
  await sign.click();
  await visible(page.getByText('Contrat signé', { exact: true }));
}

describe('le parcours d’embauche en français', { timeout: 300_000 }, () => {
  it('inscriptions, travail publié, proposition, embauche, contrat, carte refusée puis acceptée, libération, avis', () =>
    e2e.run(
      async ({ page: customerPage }) => {
        await e2e.run(
          async ({ page: proPage, context: proContext }) => {
            const suffix = randomUUID().slice(0, 6);
            const customer = {
              role: 'customer' as const,
              name: `Camille Tremblay ${suffix}`,
              email: uniqueEmail('fr-client'),
            };
            const pro = { role: 'contractor' as const, name: `Luc Gagnon ${suffix}`, email: uniqueEmail('fr-pro') };
            const title = `Peindre un salon ${suffix}`;

            // ── The customer signs up in French and lands on /fr/platform.
            await signUpInFrench(customerPage, customer);
            await waitForPath(customerPage, '/fr/platform', 20_000);

            // ── The contractor signs up on a phone and goes live through the French onboarding.
            await signUpInFrench(proPage, pro);
            const onboarding = proPage.getByRole('dialog', { name: 'Commencez en quelques minutes' });
            await visible(onboarding, 20_000);
            const next = onboarding.getByRole('button', { name: 'Suivant', exact: true });
            await onboarding.getByLabel('Titre du service', { exact: true }).fill('Peinture intérieure');
            await onboarding
              .getByLabel('Description du service', { exact: true })
              .fill('Murs, plafonds et boiseries, deux couches, avec mon propre matériel.');
            await next.click();
            await visible(onboarding.getByText('Étape 2 sur 5', { exact: true }));
            await onboarding.getByLabel('Lieu (facultatif)', { exact: true }).fill('Montréal, QC');
            await onboarding.getByLabel('Distance de déplacement (km)', { exact: true }).fill('30');
            await next.click();
            await visible(onboarding.getByText('Étape 3 sur 5', { exact: true }));
            await next.click();
            await visible(onboarding.getByText('Étape 4 sur 5', { exact: true }));
            await next.click();
            await visible(onboarding.getByText('Étape 5 sur 5', { exact: true }));
            await onboarding.getByRole('button', { name: 'Mettre en ligne', exact: true }).click();
            await visible(proPage.getByText('Bienvenue sur Marketplace!', { exact: true }));
            await waitForPath(proPage, '/fr/contractor-dashboard', 20_000);

            // ── The customer posts the job, open for bids, in Montréal.
            await open(customerPage, '/fr/post-job');
            await visible(customerPage.getByRole('heading', { level: 1, name: 'Publier un travail' }));
            const form = customerPage.locator('form[data-form]');
            await form.getByLabel('Titre').fill(title);
            await form
              .getByLabel('Description')
              .fill('Murs et plafond d’un salon d’environ 20 m². La peinture est déjà achetée.');
            await form.getByLabel('Catégorie').selectOption('painting');
            await form.getByLabel('Service').selectOption('painting');
            await form.getByLabel('Code postal').fill('H2X 1Y4');
            await form.getByLabel('Montant ($)').fill('900');
            expect(await form.getByRole('radio', { name: /Ouvert aux soumissions/ }).isChecked()).toBe(true);
            await noEnglish(customerPage, workMessages.en.postTitle, workMessages.en.modeBids);
            await form.getByRole('button', { name: 'Publier le travail' }).click();
            await customerPage.waitForURL(/\/fr\/projects\/[0-9a-f-]{36}$/);
            const orderPath = new URL(customerPage.url()).pathname;
            const jobId = orderPath.split('/').pop()!;
            await hydrated(customerPage);
            await visible(customerPage.getByText(title).first());
            await visible(customerPage.getByText('Ouvert aux soumissions').first());

            // ── The contractor finds it near their service area and sends a proposal.
            await open(proPage, '/fr/open-bids?near=me');
            await visible(proPage.getByRole('heading', { level: 1, name: 'Soumissions ouvertes' }));
            const card = proPage.getByTestId('job-card').filter({ hasText: title });
            await visibleAfterReload(proPage, card);
            await card.getByRole('button', { name: 'Envoyer une proposition' }).click();
            const dialog = proPage.getByRole('dialog', { name: 'Envoyer une proposition' });
            await visible(dialog);
            await dialog.getByLabel('Votre prix ($)').fill('850');
            await dialog.getByLabel('Durée estimée (heures)').fill('8');
            await dialog.getByLabel('Début au plus tôt').fill(inDays(3));
            // A message too short is refused in French, before anything is sent.
            const messageField = dialog.getByLabel('Message au client');
            await messageField.fill('Oui.');
            await dialog.getByRole('button', { name: 'Envoyer la proposition' }).click();
            await visible(dialog.getByRole('alert').getByText('Le message doit comporter de 10 à 2000 caractères'));
            await noEnglish(proPage, workRuleMessages.en.proposalMessage);
            await messageField.fill('Deux couches, plafond compris, fini en une journée.');
            await dialog.getByRole('button', { name: 'Envoyer la proposition' }).click();
            await visible(proPage.getByText('Proposition envoyée', { exact: true }));
            await visible(card.getByText('Vous avez envoyé une proposition'));
            await noEnglish(proPage, workMessages.en.proposalSent, workMessages.en.youBid);

            // ── The customer compares the proposals and hires, after confirming.
            await customerPage.reload();
            await hydrated(customerPage);
            await customerPage.getByRole('link', { name: 'Comparer les propositions (1)' }).click();
            await waitForPath(customerPage, `${orderPath}/proposals`);
            await hydrated(customerPage);
            await visible(customerPage.getByRole('heading', { level: 1, name: 'Comparer les propositions' }));
            const row = customerPage.getByTestId('proposal-row').filter({ hasText: pro.name });
            await visible(row);
            await visible(row.getByText(/^850\s\$$/));
            await visible(row.getByText('8 heures'));
            await visible(row.getByText('Aucun avis'));
            await row.getByRole('button', { name: `Accepter : ${pro.name}` }).click();
            const hire = customerPage.getByRole('dialog', { name: `Embaucher ${pro.name}?` });
            await visible(hire.getByText('C’est irréversible.', { exact: false }));
            await hire.getByRole('button', { name: 'Accepter la proposition' }).click();
            await visible(customerPage.getByText('Proposition acceptée', { exact: true }));
            await visible(row.getByText('Acceptée', { exact: true }));
            await visible(customerPage.getByRole('status').getByText(pro.name));
            await noEnglish(
              customerPage,
              workMessages.en.accepted,
              workMessages.en.hired,
              workMessages.en.proposalAccepted,
            );

            // ── The customer finds the contract waiting and signs it.
            await open(customerPage, '/fr/contracts');
            await visible(customerPage.getByRole('heading', { level: 1, name: 'Contrats' }));
            const contractRow = customerPage.locator(`[data-job="${jobId}"]`);
            await visibleAfterReload(customerPage, contractRow);
            await visible(contractRow.getByText('En attente de votre signature'));
            await contractRow.getByRole('link', { name: 'Relire et signer' }).click();
            await waitForPath(customerPage, `/fr/contracts/${jobId}`);
            await hydrated(customerPage);
            // The contractor works in Quebec: the French text comes first.
            const text = customerPage.getByTestId('contract-text');
            await visible(text.getByRole('heading', { name: `Contrat de services — ${title}` }));
            await signContract(customerPage, customer.name);
            await visible(customerPage.getByText('En attente de l’autre partie').first());
            await noEnglish(customerPage, contractsMessages.en.signed, contractsMessages.en.signTitle);

            // ── The contractor signs on the phone: the contract is in force.
            await open(proPage, `/fr/contracts/${jobId}`);
            await signContract(proPage, pro.name);
            await visible(proPage.getByText('Les deux parties ont signé : le contrat est en vigueur.'));
            await visible(proPage.getByText('En vigueur').first());

            // ── The customer, still on the contract's page, sees it in force and the escrow open
            // without a reload (the notification of the second signature reads it again), then pays:
            // the declined card first, its French message beside the button.
            const escrow = customerPage.getByTestId('escrow');
            await visible(escrow.getByRole('heading', { name: 'Payer en entiercement' }), 20_000);
            await payWith(customerPage, '4000 0000 0000 0002');
            const refusal = escrow.getByTestId('pay-error');
            await visible(refusal);
            expect(await refusal.getAttribute('role')).toBe('alert');
            const refusalText = await refusal.innerText();
            expect(refusalText).toContain('Votre carte a été refusée. Aucun montant n’a été prélevé.');
            expect(refusalText).not.toMatch(/declined|charged|card/i);
            await noEnglish(customerPage, contractsMessages.en.payDeclined, contractsMessages.en.payFailed);
            expect(await escrow.getByLabel('Numéro de carte').inputValue()).toBe('4000 0000 0000 0002');

            // Then the good card.
            await payWith(customerPage, '4242 4242 4242 4242');
            await visible(customerPage.getByText('Paiement reçu', { exact: true }));
            await expect.poll(() => refusal.count()).toBe(0);
            await visible(escrow.getByText('Versé en entiercement').first());
            await visible(escrow.getByText('Payé avec VISA •••• 4242'));

            // ── The contractor marks the work complete; what they will receive is shown.
            await proPage.reload();
            await hydrated(proPage);
            const proEscrow = proPage.getByTestId('escrow');
            await visible(proEscrow.getByText('Vous recevez'), 20_000);
            await proEscrow.getByRole('button', { name: 'Indiquer les travaux terminés' }).click();
            await visible(proPage.getByText('Travaux indiqués comme terminés', { exact: true }));
            await noEnglish(proPage, contractsMessages.en.completed, contractsMessages.en.expectedNet);

            // ── The customer approves and releases the payment after a confirm step.
            await customerPage.reload();
            await hydrated(customerPage);
            await escrow.getByRole('button', { name: 'Approuver et libérer le paiement' }).click();
            const confirm = escrow.getByRole('group', { name: 'Approuver et libérer le paiement' });
            await visible(confirm.getByText(`à ${pro.name}? Cette action est définitive.`, { exact: false }));
            await confirm.getByRole('button', { name: 'Confirmer' }).click();
            await visible(customerPage.getByText('Paiement libéré', { exact: true }));
            await visible(escrow.getByText('Libéré à l’entrepreneur').first());
            await noEnglish(customerPage, contractsMessages.en.approved, contractsMessages.en['escrow:released']);

            // ── Released: the customer reviews first, the review stays hidden (double-blind).
            const pending = customerPage.getByTestId('pending-review');
            await expect
              .poll(
                async () => {
                  await open(customerPage, '/fr/reviews');
                  return pending.count();
                },
                { timeout: 20_000, interval: 500 },
              )
              .toBe(1);
            await visible(customerPage.getByRole('heading', { level: 1, name: 'Avis' }));
            expect(await pending.getAttribute('data-kind')).toBe('work-order');
            await visible(pending.getByText(`Bon de travail : ${title}`, { exact: false }));
            await visible(pending.getByText(`Votre entrepreneur : ${pro.name}`));
            await pending.getByRole('button', { name: 'Écrire un avis' }).click();
            const customerForm = customerPage.getByRole('form', { name: `Votre avis sur ${pro.name}` });
            await customerForm.locator('label').filter({ hasText: '5 étoiles' }).click();
            expect(await customerForm.getByRole('radio', { name: '5 étoiles' }).isChecked()).toBe(true);
            await customerForm.getByLabel('Votre avis', { exact: true }).fill(CUSTOMER_REVIEW);
            await customerForm.getByRole('button', { name: 'Envoyer l’avis' }).click();
            await visible(
              customerPage.getByText(
                'Votre avis est enregistré. Il sera publié lorsque l’autre partie aura écrit le sien, ou après 7 jours.',
              ),
            );
            const customerMine = customerPage.getByTestId('my-review');
            await visible(customerMine.getByText(CUSTOMER_REVIEW));
            await visible(customerMine.getByText(`Masqué jusqu’à ce que ${pro.name} écrive le sien`, { exact: false }));
            await noEnglish(customerPage, reviewMessages.en.saved, reviewMessages.en.mineTitle);

            // ── The contractor is told the customer wrote, cannot read it yet, and reviews second.
            await open(proPage, '/fr/reviews');
            const theirs = proPage.getByTestId('pending-review');
            await visible(theirs.getByText(`${customer.name} a écrit son avis. Écrivez le vôtre pour le lire.`));
            await visible(theirs.getByText(`Votre client : ${customer.name}`));
            expect(await proPage.getByText(CUSTOMER_REVIEW).count()).toBe(0);
            await theirs.getByRole('button', { name: 'Écrire un avis' }).click();
            const proForm = proPage.getByRole('form', { name: `Votre avis sur ${customer.name}` });
            await proForm.locator('label').filter({ hasText: '4 étoiles' }).click();
            await proForm.getByLabel('Votre avis', { exact: true }).fill(CONTRACTOR_REVIEW);
            await proForm.getByRole('button', { name: 'Envoyer l’avis' }).click();
            await visible(proPage.getByText('Les deux avis sont maintenant publiés.'));

            // Both published: each reads the other's review.
            const proMine = proPage.getByTestId('my-review');
            await visible(proMine.getByText(CUSTOMER_REVIEW));
            await visible(proMine.getByText(CONTRACTOR_REVIEW));
            expect(await proMine.getAttribute('data-published')).toBe('true');
            await noEnglish(proPage, reviewMessages.en.publishedNow, reviewMessages.en.pendingTitle);
            // Nothing spills sideways on the phone.
            expect(
              await proPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
            ).toBeLessThanOrEqual(0);

            await customerPage.reload();
            await hydrated(customerPage);
            await visible(customerMine.getByText(CONTRACTOR_REVIEW));
            await visible(customerMine.getByText(`Avis de ${pro.name}`));
            await visible(customerPage.getByText('Aucun avis à écrire'));

            // ── The published review shows on the contractor's public French profile.
            const me = (await (await proContext.request.get('/api/auth/me')).json()) as { id: string };
            await open(customerPage, `/fr/contractors/${me.id}`);
            await visibleAfterReload(customerPage, customerPage.getByText(CUSTOMER_REVIEW));
          },
          { mobile: true, locale: 'fr-CA' },
        );
      },
      { locale: 'fr-CA' },
    ));
});
