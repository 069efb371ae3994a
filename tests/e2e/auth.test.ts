import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/start-app.ts';
import {
  confirmationLinkOf,
  currentUser,
  hidden,
  open,
  signUpViaApi,
  useE2E,
  visible,
  waitForPath,
} from './support/browser.ts';
import {
  bornYearsAgo,
  EN_SIGN_UP,
  fillSignUp,
  FR_SIGN_UP,
  choose,
  signUpForm,
  uniqueEmail,
  type SignUpLabels,
} from './support/sign-up-form.ts';

/**
 * Sign-in, sign-up, contractor onboarding, sign-out and the route guard in a real browser
 * (docs/product.md#accounts). English strings are the product's fixed wording.
 */
const e2e = useE2E();

/** Counts the page's calls to an API path, to show client-side validation sent nothing. */
function countCalls(page: Page, path: string): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path && request.method() === 'POST') calls++;
  });
  return () => calls;
}

const signInForm = (page: Page) => {
  const main = page.locator('main');
  return {
    email: main.getByLabel('Email', { exact: true }),
    password: main.getByLabel('Password', { exact: true }),
    submit: main.getByRole('button', { name: 'Sign In', exact: true }),
  };
};

const CHECK_EMAIL = {
  en: { title: 'Check your e-mail', text: (email: string) => `We sent a message to ${email}.` },
  fr: { title: 'Vérifiez vos courriels', text: (email: string) => `Nous avons envoyé un message à ${email}.` },
} as const;

/**
 * Signs up with the form, sees "Check your e-mail" with the address, then opens the link from the
 * e-mail the app wrote to its outbox folder, in the same browser, as the person would.
 */
async function signUp(
  page: Page,
  person: { role: 'customer' | 'contractor'; name: string; email: string },
  labels: SignUpLabels = EN_SIGN_UP,
  language: 'en' | 'fr' = 'en',
) {
  await fillSignUp(page, person, labels);
  await visible(page.getByRole('heading', { name: CHECK_EMAIL[language].title }));
  await visible(page.getByText(CHECK_EMAIL[language].text(person.email), { exact: false }));
  // Nobody is signed in before the link is opened.
  expect(await currentUser(page.context())).toBeNull();
  const link = await confirmationLinkOf(person.email);
  expect(link.pathname).toBe(language === 'fr' ? '/fr/signup/confirm' : '/signup/confirm');
  // The e-mail's link names the configured site; the test's app listens on its own address.
  await page.goto(`${link.pathname}${link.search}`);
}

async function signInWithForm(page: Page, email: string, password: string) {
  const form = signInForm(page);
  await form.email.fill(email);
  await form.password.fill(password);
  await form.submit.click();
}

describe('route guard', { timeout: 60_000 }, () => {
  it('sends a signed-out visitor on /subscriptions or /contracts to /signin with returnTo', () =>
    e2e.run(async ({ page }) => {
      // /contracts reads its first data on the server (the session and the unread count), which
      // a signed-out visitor has none of: the guard still sends them to sign in.
      for (const path of ['/subscriptions', '/contracts']) {
        await page.goto(path);
        await waitForPath(page, '/signin');
        expect(new URL(page.url()).searchParams.get('returnTo')).toBe(path);
        await visible(signInForm(page).submit);
      }
    }));

  it('shows a customer on /admin-dashboard the access-denied text and a Return to Home button', () =>
    e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'customer');
      await open(page, '/admin-dashboard');
      await visible(page.getByText('Access denied. This page requires admin access.', { exact: true }));
      expect(await page.getByRole('heading', { name: 'Admin Dashboard' }).count()).toBe(0);
      const home = page
        .locator('main')
        .getByRole('link', { name: 'Return to Home' })
        .or(page.locator('main').getByRole('button', { name: 'Return to Home' }));
      await visible(home);
      await home.first().click();
      await page.waitForURL((url) => url.pathname !== '/admin-dashboard');
      // The landing page may pass through the update splash (/update, docs/product.md#announcements), never the dashboard.
      expect(['/', '/update']).toContain(new URL(page.url()).pathname);
    }));
});

describe('sign-in', { timeout: 60_000 }, () => {
  it('shows "Email is required" and "Password is required" and sends nothing', () =>
    e2e.run(async ({ page }) => {
      const calls = countCalls(page, '/api/auth/login');
      await open(page, '/signin');
      const form = signInForm(page);
      await form.submit.click();
      await visible(page.getByText('Email is required', { exact: true }));
      await visible(page.getByText('Password is required', { exact: true }));

      await form.email.fill(DEMO.customer);
      await form.submit.click();
      await visible(page.getByText('Password is required', { exact: true }));
      await hidden(page.getByText('Email is required', { exact: true }));
      // A blank (spaces only) password is still blank.
      await form.password.fill('   ');
      await form.submit.click();
      await visible(page.getByText('Password is required', { exact: true }));
      expect(calls()).toBe(0);
    }));

  it("shows the server's 'Invalid email or password' in an alert for a wrong password", () =>
    e2e.run(async ({ page }) => {
      await open(page, '/signin');
      await signInWithForm(page, DEMO.customer, 'not-the-password');
      const alert = page.locator('main').getByRole('alert').filter({ hasText: 'Invalid email or password' });
      await visible(alert);
      expect((await alert.first().innerText()).trim()).toBe('Invalid email or password');
      expect(new URL(page.url()).pathname).toBe('/signin');
      expect(await currentUser(page.context())).toBeNull();
    }));

  it('honours a safe returnTo: /signin?returnTo=/subscriptions lands on /subscriptions', () =>
    e2e.run(async ({ page, app }) => {
      await open(page, '/signin?returnTo=/subscriptions');
      await signInWithForm(page, DEMO.customer, app.demoPassword);
      await waitForPath(page, '/subscriptions');
      await visible(page.getByRole('heading', { name: 'My Subscriptions' }));
    }));

  it("ignores returnTo=//evil.example and lands on the role's home (/platform for a customer)", () =>
    e2e.run(async ({ page, app }) => {
      const offsite: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).hostname.includes('evil.example')) offsite.push(request.url());
      });
      // Matched on the host only: the sign-in page's own address carries the text in its query.
      await page.route(
        (url) => url.hostname.endsWith('evil.example'),
        (route) => route.abort(),
      );
      await open(page, '/signin?returnTo=//evil.example');
      await signInWithForm(page, DEMO.customer, app.demoPassword);
      await waitForPath(page, '/platform');
      expect(new URL(page.url()).host).toBe(new URL(app.baseURL).host);
      expect(offsite).toEqual([]);
    }));

  it('redirects a signed-in user away from /signin', () =>
    e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'customer');
      await page.goto('/signin');
      await waitForPath(page, '/platform');
    }));
});

describe('sign-up', { timeout: 60_000 }, () => {
  it('preselects the role a link asks for (/signup?role=contractor), and only a public one', () =>
    e2e.run(async ({ page }) => {
      await open(page, '/signup?role=contractor');
      const form = signUpForm(page, EN_SIGN_UP);
      await expect.poll(() => form.contractor.isChecked()).toBe(true);
      expect(await form.customer.isChecked()).toBe(false);

      await open(page, '/signup?role=admin');
      expect(await form.contractor.isChecked()).toBe(false);
      expect(await form.customer.isChecked()).toBe(false);
    }));

  it('shows every validation message, including the under-15 one, and sends nothing', () =>
    e2e.run(async ({ page }) => {
      const calls = countCalls(page, '/api/auth/register');
      await open(page, '/signup');
      await visible(page.getByRole('heading', { name: 'Create Your Account' }));
      await visible(page.getByText('Choose your role to get started', { exact: true }));
      await visible(page.getByText('Must be at least 8 characters long', { exact: true }));
      const form = signUpForm(page);

      await form.submit.click();
      for (const message of [
        'Please select your role',
        'Name must be at least 2 characters',
        'Please enter a valid email address',
        'Password must be at least 8 characters',
      ]) {
        await visible(page.getByText(message, { exact: true }));
      }

      // Values that are present but wrong.
      await choose(form.customer);
      await form.name.fill('A');
      await form.email.fill('not-an-email');
      await form.password.fill('short');
      await form.dateOfBirth.fill(bornYearsAgo(10));
      await form.submit.click();
      await hidden(page.getByText('Please select your role', { exact: true }));
      for (const message of [
        'Name must be at least 2 characters',
        'Please enter a valid email address',
        'Password must be at least 8 characters',
        'You must be 15 or older to use this service.',
      ]) {
        await visible(page.getByText(message, { exact: true }));
      }
      expect(calls()).toBe(0);
    }));

  it('signs up a customer: check your e-mail, the link from the e-mail, /platform signed in', () =>
    e2e.run(async ({ page, context }) => {
      const email = uniqueEmail('customer');
      await open(page, '/signup');
      await signUp(page, { role: 'customer', name: 'Casey Customer', email });
      await visible(page.getByText('Account Created Successfully!', { exact: true }));
      await waitForPath(page, '/platform');
      expect(await currentUser(context)).toMatchObject({ role: 'customer', email });
      await visible(page.getByText('Welcome, Casey Customer', { exact: true }));
    }));

  it('a passing failure while the link is opened offers Try again, which then creates the account', () =>
    e2e.run(async ({ page, context }) => {
      const email = uniqueEmail('retry');
      // The first confirmation meets an outage; the link itself still works.
      let failures = 1;
      await page.route('**/api/auth/confirm-registration', (route) =>
        failures-- > 0
          ? route.fulfill({
              status: 503,
              contentType: 'application/json',
              body: JSON.stringify({ error: 'The service is temporarily unavailable. Please try again shortly.' }),
            })
          : route.continue(),
      );
      await open(page, '/signup');
      await signUp(page, { role: 'customer', name: 'Riley Retry', email });
      await visible(page.getByRole('heading', { name: 'We could not create your account' }));
      const tryAgain = page.getByRole('button', { name: 'Try again' });
      await tryAgain.focus();
      await page.keyboard.press('Enter');
      await visible(page.getByText('Account Created Successfully!', { exact: true }));
      await waitForPath(page, '/platform');
      expect(await currentUser(context)).toMatchObject({ role: 'customer', email });
    }));

  it('signs up a contractor, opens the e-mailed link, completes the onboarding and lands on /contractor-dashboard', () =>
    e2e.run(async ({ page, context }) => {
      const email = uniqueEmail('contractor');
      await open(page, '/signup');
      await signUp(page, { role: 'contractor', name: 'Connie Contractor', email });

      const dialog = page.getByRole('dialog', { name: 'Get Started in Minutes' });
      await visible(dialog, 20_000);
      expect(await currentUser(context)).toMatchObject({ role: 'contractor', email });
      const back = dialog.getByRole('button', { name: 'Back', exact: true });
      const next = dialog.getByRole('button', { name: 'Next', exact: true });
      expect(await back.isDisabled()).toBe(true);

      // Step 1 is validated before going on.
      await visible(dialog.getByText('Step 1 of 5', { exact: true }));
      await next.click();
      await visible(dialog.getByText('Service title must be at least 3 characters', { exact: true }));
      await visible(dialog.getByText('Please provide a detailed description (20+ characters)', { exact: true }));
      await dialog.getByLabel('Service title', { exact: true }).fill('Snow Removal');
      await dialog
        .getByLabel('Service description', { exact: true })
        .fill('Driveways and walkways cleared before 7 a.m. all winter.');
      await next.click();

      // Step 2: location and remote work.
      await visible(dialog.getByText('Step 2 of 5', { exact: true }));
      expect(await back.isDisabled()).toBe(false);
      await dialog.getByLabel('Location (optional)', { exact: true }).fill('Ottawa, ON');
      const remote = dialog.getByRole('switch', { name: 'I can work remotely' });
      await remote.click();
      expect(await remote.getAttribute('aria-checked')).toBe('true');
      await next.click();

      // Step 3: experience.
      await visible(dialog.getByText('Step 3 of 5', { exact: true }));
      await dialog.getByLabel('Years of experience (optional)', { exact: true }).fill('6');
      await next.click();

      // Step 4: weekly hours, prefilled Monday to Friday 9:00 to 17:00.
      await visible(dialog.getByText('Step 4 of 5', { exact: true }));
      expect(await dialog.getByRole('checkbox', { name: 'Open on Monday' }).isChecked()).toBe(true);
      await next.click();

      // Step 5: Go Live.
      await visible(dialog.getByText('Step 5 of 5', { exact: true }));
      const goLive = dialog.getByRole('button', { name: 'Go Live', exact: true });
      await visible(goLive);
      await goLive.click();
      await waitForPath(page, '/contractor-dashboard', 20_000);
      await visible(page.getByRole('heading', { name: 'Contractor Dashboard' }));

      const offerings = await context.request.get('/api/service-offerings/my');
      expect(offerings.ok()).toBe(true);
      expect(JSON.stringify(await offerings.json())).toContain('Snow Removal');
    }));

  it('works in French at /fr/signup: the e-mail links to /fr/signup/confirm, which lands on /fr/platform', () =>
    e2e.run(
      async ({ page, context }) => {
        const email = uniqueEmail('client');
        await open(page, '/fr/signup');
        await visible(page.getByRole('heading', { name: 'Créer votre compte' }));
        await signUp(page, { role: 'customer', name: 'Camille Cliente', email }, FR_SIGN_UP, 'fr');
        await visible(page.getByText('Compte créé avec succès!', { exact: true }));
        await waitForPath(page, '/fr/platform');
        expect(await page.getAttribute('html', 'lang')).toBe('fr-CA');
        expect(await currentUser(context)).toMatchObject({ role: 'customer', email });
      },
      { locale: 'fr-CA' },
    ));

  it('Start again goes back to the form with the details kept, for a corrected address', () =>
    e2e.run(async ({ page }) => {
      const typo = uniqueEmail('typo');
      await open(page, '/signup');
      await fillSignUp(page, { role: 'customer', name: 'Terry Typo', email: typo });
      await visible(page.getByRole('heading', { name: 'Check your e-mail' }));
      await page.getByRole('button', { name: 'Start again', exact: true }).click();
      const form = signUpForm(page);
      await visible(form.submit);
      expect(await form.email.inputValue()).toBe(typo);
      expect(await form.name.inputValue()).toBe('Terry Typo');
      expect(await form.password.inputValue()).toBe('');
    }));

  it('refuses a common password (server) and one repeated character (form) under the password field', () =>
    e2e.run(async ({ page }) => {
      const calls = countCalls(page, '/api/auth/register');
      await open(page, '/signup');
      await fillSignUp(page, {
        role: 'customer',
        name: 'Pat Password',
        email: uniqueEmail('pw'),
        password: 'aaaaaaaa',
      });
      await visible(
        page.getByText('A password cannot be one character repeated. Please choose one that is harder to guess.', {
          exact: true,
        }),
      );
      expect(calls()).toBe(0);

      await signUpForm(page).password.fill('password');
      await signUpForm(page).submit.click();
      const message = 'This password is too common. Please choose one that is harder to guess.';
      await visible(page.locator('main').getByText(message, { exact: true }).first());
      expect(calls()).toBe(1);
      expect(await page.getByRole('heading', { name: 'Check your e-mail' }).count()).toBe(0);
    }));

  it('refuses a birth date more than 120 years ago or in the future, and sends nothing', () =>
    e2e.run(async ({ page }) => {
      const calls = countCalls(page, '/api/auth/register');
      await open(page, '/signup');
      const person = { role: 'customer' as const, name: 'Old Timer', email: uniqueEmail('old') };
      await fillSignUp(page, { ...person, dateOfBirth: '1800-01-01' });
      await visible(page.getByText('Date of birth cannot be more than 120 years ago.', { exact: true }));
      await signUpForm(page).dateOfBirth.fill(bornYearsAgo(-2));
      await signUpForm(page).submit.click();
      await visible(page.getByText('Date of birth cannot be in the future.', { exact: true }));
      expect(calls()).toBe(0);
    }));

  it('a confirmation link that does not work says why and leads back to /signup, in both languages', () =>
    e2e.run(async ({ page, context }) => {
      const unknown = 'x'.repeat(43);
      await open(page, `/signup/confirm?token=${unknown}`);
      await visible(page.getByRole('heading', { name: 'We could not create your account' }));
      await visible(page.getByText('This confirmation link is not valid or has already been used.', { exact: true }));
      const back = page.locator('main').getByRole('link', { name: 'Back to sign-up', exact: true });
      expect(await back.getAttribute('href')).toBe('/signup');
      // The token left the address bar.
      expect(new URL(page.url()).search).toBe('');
      expect(await currentUser(context)).toBeNull();

      // A used link: sign up through the API, confirm once, then open the same link again.
      const person = await signUpViaApi(context, 'customer');
      await context.request.post('/api/auth/logout');
      const used = await confirmationLinkOf(person.email);
      await open(page, `/fr${used.pathname}${used.search}`);
      await visible(page.getByRole('heading', { name: 'Nous n’avons pas pu créer votre compte' }));
      await visible(page.getByText('Ce lien de confirmation n’est pas valide ou a déjà été utilisé.', { exact: true }));
      expect(
        await page
          .locator('main')
          .getByRole('link', { name: 'Retour à l’inscription', exact: true })
          .getAttribute('href'),
      ).toBe('/fr/signup');
      expect(await currentUser(context)).toBeNull();
    }));
});

describe('sign-out', { timeout: 60_000 }, () => {
  it('opening /auth/logout (a GET any site could send) does not sign out', () =>
    e2e.run(async ({ page, context }) => {
      const person = await signUpViaApi(context, 'customer');
      const response = await page.goto('/auth/logout');
      expect(response?.status()).toBe(405);
      expect(await currentUser(context)).toMatchObject({ email: person.email });
    }));

  it('Logout in the header returns to / signed out', () =>
    e2e.run(async ({ page, context }) => {
      const person = await signUpViaApi(context, 'customer');
      await open(page, '/platform');
      const header = page.locator('header').first();
      await visible(header.getByText(`Welcome, ${person.name}`, { exact: true }));
      await header.getByRole('button', { name: 'Logout', exact: true }).click();
      await waitForPath(page, '/');
      await hidden(header.getByText(/^Welcome, /));
      await visible(
        header
          .getByRole('link', { name: 'Sign In', exact: true })
          .or(header.getByRole('button', { name: 'Sign In', exact: true })),
      );
      expect(await currentUser(context)).toBeNull();
    }));
});
