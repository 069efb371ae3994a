import { describe, expect, it } from 'vitest';
import { confirmationLinkOf, currentUser, open, useE2E, visible, waitForPath } from './support/browser.ts';
import { bornYearsAgo, fillSignUp, uniqueEmail } from './support/sign-up-form.ts';

/**
 * A sign-up confirmation link opened in another browser than the one that signed up asks for the
 * password chosen at sign-up (docs/decisions.md, "Sign-up links bound to the browser that signed
 * up"). A file of its own: each attempt is a call to the rate-limited confirmation route (10 a
 * minute per address), and the sign-up journeys in auth.test.ts use most of that minute.
 */
const e2e = useE2E();

describe('a sign-up link opened in another browser', { timeout: 60_000 }, () => {
  it('a link opened in another browser asks for the password chosen at sign-up, then signs in there', () =>
    e2e.run(async ({ page, context }) => {
      // Signs up with the form in one browser…
      const email = uniqueEmail('elsewhere');
      const password = 'my-own-secret-words';
      const signUpBrowser = await e2e.newContext();
      try {
        const signUpPage = await signUpBrowser.newPage();
        await open(signUpPage, '/signup');
        await fillSignUp(signUpPage, { role: 'customer', name: 'Elsa Elsewhere', email, password });
        await visible(signUpPage.getByRole('heading', { name: 'Check your e-mail' }));
      } finally {
        await signUpBrowser.close();
      }
      // …and opens the e-mailed link in another (this test's page).
      const link = await confirmationLinkOf(email);
      await open(page, `${link.pathname}${link.search}`);
      await visible(page.getByRole('heading', { name: 'Confirm it is you' }));
      await visible(
        page.getByText('To finish in this browser, enter the password you chose when you signed up.', { exact: true }),
      );
      expect(await currentUser(context)).toBeNull();
      const field = page.locator('main').getByLabel('Password', { exact: true });
      const finish = page.locator('main').getByRole('button', { name: 'Finish signing up', exact: true });
      // The field has the focus: the keyboard alone finishes.
      await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);

      await page.keyboard.press('Enter');
      await visible(page.getByText('Password is required', { exact: true }));
      await field.fill('not-my-password');
      await page.keyboard.press('Enter');
      await visible(
        page.getByText('That is not the password you chose when you signed up. Please try again.', { exact: true }),
      );
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await currentUser(context)).toBeNull();

      await field.fill(password);
      await finish.click();
      await visible(page.getByText('Account Created Successfully!', { exact: true }));
      await waitForPath(page, '/platform');
      expect(await currentUser(context)).toMatchObject({ role: 'customer', email });
    }));

  it('in French, a link opened in another browser asks for the password in French', () =>
    e2e.run(
      async ({ page, context }) => {
        const email = uniqueEmail('ailleurs');
        const password = 'mes-propres-mots-secrets';
        // Signed up from a French page in one browser (the API, as the French form sends it)…
        const signUpBrowser = await e2e.newContext({ locale: 'fr-CA' });
        try {
          const answer = await signUpBrowser.request.post('/api/auth/register', {
            data: {
              name: 'Élise Ailleurs',
              email,
              password,
              role: 'contractor',
              dateOfBirth: bornYearsAgo(30),
              language: 'fr',
            },
          });
          expect(answer.status()).toBe(202);
        } finally {
          await signUpBrowser.close();
        }
        // …the e-mailed link opened in another.
        const link = await confirmationLinkOf(email);
        expect(link.pathname).toBe('/fr/signup/confirm');
        await open(page, `${link.pathname}${link.search}`);
        await visible(page.getByRole('heading', { name: 'Confirmez que c’est bien vous' }));
        await visible(
          page.getByText(
            'Pour terminer dans ce navigateur, entrez le mot de passe que vous avez choisi lors de votre inscription.',
            { exact: true },
          ),
        );
        const field = page.locator('main').getByLabel('Mot de passe', { exact: true });
        await field.fill('pas-mon-mot-de-passe');
        await page.locator('main').getByRole('button', { name: 'Terminer l’inscription', exact: true }).click();
        await visible(
          page.getByText(
            'Ce n’est pas le mot de passe que vous avez choisi lors de votre inscription. Veuillez réessayer.',
            { exact: true },
          ),
        );
        await field.fill(password);
        await page.keyboard.press('Enter');
        await visible(page.getByText('Compte créé avec succès!', { exact: true }));
        await visible(page.getByRole('dialog', { name: 'Commencez en quelques minutes' }), 20_000);
        expect(await currentUser(context)).toMatchObject({ role: 'contractor', email });
      },
      { locale: 'fr-CA' },
    ));
});
