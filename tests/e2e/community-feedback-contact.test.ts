import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/start-app.ts';
import {
  hidden,
  open,
  revealIslands,
  revealLazyPanels,
  signInViaApi,
  signUpViaApi,
  useE2E,
  visible,
} from './support/browser.ts';
import { settleMotion, axeOn } from './support/axe.ts';

/**
 * The footer's Contact Us and Feedback Board dialogs in a real browser (docs/product.md#feedback):
 * the required-field toasts, sending a message, posting and upvoting feedback once, the signed-out
 * board, axe on both dialogs, and the admin inbox that shows what was sent.
 */
const e2e = useE2E();

const footerButton = (page: Page, name: string) => page.locator('footer').getByRole('button', { name, exact: true });
const dialogNamed = (page: Page, name: string) => page.getByRole('dialog', { name, exact: true });
const toastWith = (page: Page, title: string, description: string) =>
  page.locator('li[data-variant]').filter({ hasText: title }).filter({ hasText: description });

async function openFooterDialog(page: Page, button: string, title: string): Promise<Locator> {
  await open(page, '/');
  await revealIslands(page);
  await footerButton(page, button).click();
  const dialog = dialogNamed(page, title);
  await visible(dialog);
  return dialog;
}

async function expectAxeClean(page: Page, what: string) {
  await page.waitForTimeout(200);
  await settleMotion(page);
  const results = await axeOn(page)
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const report = results.violations
    .map((v) => `  [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.map((n) => `    - ${n.target.join(' ')}`).join('\n')}`)
    .join('\n');
  expect(results.violations, `axe violations in ${what}:\n${report}`).toEqual([]);
}

describe('contact dialog', { timeout: 60_000 }, () => {
  it('refuses missing fields with a toast, then sends, closes and clears', async () => {
    await e2e.run(async ({ page }) => {
      const dialog = await openFooterDialog(page, 'Contact Us', 'Contact Us');
      await expectAxeClean(page, 'the contact dialog');
      const honeypot = dialog.locator('input[name="website"]');
      expect(await honeypot.getAttribute('tabindex')).toBe('-1');
      expect(await honeypot.getAttribute('autocomplete')).toBe('off');
      expect(await dialog.getByLabel('Email*').getAttribute('type')).toBe('email');

      await dialog.getByLabel('Name*').fill('Élise Tremblay');
      await dialog.getByLabel('Message*').fill('   ');
      await dialog.getByRole('button', { name: 'Send Message' }).click();
      const missing = toastWith(page, 'Missing Information', 'Please fill in all required fields.');
      await visible(missing);
      expect(await missing.getAttribute('data-variant')).toBe('destructive');
      await visible(dialog);

      const text = `Hello from the browser ${randomUUID().slice(0, 8)}`;
      await dialog.getByLabel('Email*').fill('elise@example.ca');
      await dialog.getByLabel('Subject').fill('A question');
      await dialog.getByLabel('Message*').fill(text);
      await dialog.getByRole('button', { name: 'Send Message' }).click();
      await visible(toastWith(page, 'Message Sent', "We've received your message and will get back to you soon!"));
      await hidden(dialog);

      await footerButton(page, 'Contact Us').click();
      await visible(dialog);
      expect(await dialog.getByLabel('Message*').inputValue()).toBe('');
      expect(await dialog.getByLabel('Name*').inputValue()).toBe('');
    });
  });

  it('prefills a signed-in user, and the admin inbox shows the message', async () => {
    await e2e.run(async ({ page, context }) => {
      const person = await signUpViaApi(context, 'customer');
      const dialog = await openFooterDialog(page, 'Contact Us', 'Contact Us');
      expect(await dialog.getByLabel('Name*').inputValue()).toBe(person.name);
      expect(await dialog.getByLabel('Email*').inputValue()).toBe(person.email);
      const text = `Inbox check ${randomUUID().slice(0, 8)}`;
      await dialog.getByLabel('Message*').fill(text);
      await dialog.getByRole('button', { name: 'Send Message' }).click();
      await hidden(dialog);

      await context.request.post('/api/auth/logout');
      await signInViaApi(context, DEMO.admin, e2e.app.demoPassword);
      await open(page, '/admin-dashboard');
      await revealLazyPanels(page);
      await visible(page.getByRole('heading', { name: 'Contact messages' }));
      await visible(page.getByText(text));
      await visible(page.getByRole('link', { name: person.email }));
    });
  });
});

describe('feedback board dialog', { timeout: 60_000 }, () => {
  it('lets a signed-in user post feedback and upvote it once', async () => {
    await e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'customer');
      const dialog = await openFooterDialog(page, 'Feedback Board', 'Community Feedback Board');
      expect(await dialog.evaluate((el) => el.classList.contains('max-w-4xl'))).toBe(true);

      await dialog.getByRole('button', { name: 'New Feedback' }).click();
      await dialog.getByLabel('Title').fill('   ');
      await dialog.getByRole('button', { name: 'Post Feedback' }).click();
      await visible(toastWith(page, 'Missing Information', 'Please fill in all fields.'));

      const title = `Darker map at night ${randomUUID().slice(0, 8)}`;
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByLabel('Description').fill('The map is too bright in the evening.');
      await dialog.getByLabel('Category').selectOption('improvement');
      await dialog.getByRole('button', { name: 'Post Feedback' }).click();
      await visible(toastWith(page, 'Feedback Posted!', 'Thank you for your contribution to the community.'));
      await hidden(dialog.getByLabel('Title'));

      const upvote = dialog.getByRole('button', { name: `Upvote: ${title}` });
      await visible(upvote);
      expect(await upvote.getAttribute('aria-pressed')).toBe('false');
      await upvote.click();
      await expect.poll(() => upvote.getAttribute('aria-pressed')).toBe('true');
      expect(await upvote.getByTestId('upvote-count').textContent()).toBe('1');

      await upvote.click();
      await visible(toastWith(page, 'Error', 'Failed to upvote. You may have already voted.'));
      expect(await upvote.getByTestId('upvote-count').textContent()).toBe('1');

      // The status filter: nothing is planned in this post's case.
      await dialog.getByLabel('Status').selectOption('planned');
      await hidden(upvote);
      await dialog.getByLabel('Status').selectOption('all');
      await visible(upvote);
    });
  });

  it('shows a signed-out visitor the board with disabled buttons and a sign-in link', async () => {
    await e2e.run(async ({ page, context }) => {
      // Someone posts, then this browser signs out and reads.
      await signUpViaApi(context, 'customer');
      const title = `Read-only idea ${randomUUID().slice(0, 8)}`;
      const posted = await context.request.post('/api/feedback', {
        data: { title, description: 'Visible to everyone.', category: 'other' },
      });
      expect(posted.status()).toBe(201);
      await context.request.post('/api/auth/logout');

      const dialog = await openFooterDialog(page, 'Feedback Board', 'Community Feedback Board');
      const upvote = dialog.getByRole('button', { name: `Upvote: ${title}` });
      await visible(upvote);
      expect(await upvote.isDisabled()).toBe(true);
      expect(await dialog.getByRole('button', { name: 'New Feedback' }).isDisabled()).toBe(true);
      await visible(dialog.getByText('Sign in to post feedback and upvote ideas.'));
      const link = dialog.getByRole('link', { name: 'Sign in' });
      expect(await link.getAttribute('href')).toMatch(/^\/signin\?returnTo=/);
      await expectAxeClean(page, 'the feedback board');
    });
  });
});
