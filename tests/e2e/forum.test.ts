import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FORUM_PAGE } from '../../shared/domain/forum/categories.ts';
import { FORUM_REFRESH_MS } from '../../site/islands/forum/data.ts';
import { hidden, open, signUpViaApi, useE2E, visible } from './support/browser.ts';
import { settleMotion, axeOn } from './support/axe.ts';

/**
 * The community forum dialog in a real browser, opened from the header: posting a discussion and a
 * reply with their toasts, the category counts and the category cards, the signed-out view, axe.
 */
const e2e = useE2E();

async function openForum(page: Page) {
  await open(page, '/');
  await page.locator('header').getByRole('button', { name: 'Community Forum', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Community Forum' });
  await visible(dialog);
  return dialog;
}

async function categoryCount(page: Page, value: string): Promise<number> {
  const cell = page.getByTestId(`category-count-${value}`);
  await expect.poll(async () => /\d+/.test(await cell.innerText())).toBe(true);
  return Number(/\d+/.exec(await cell.innerText())![0]);
}

async function expectNoAxeViolations(page: Page, what: string) {
  await settleMotion(page);
  const results = await axeOn(page)
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map((v) => `[${v.impact}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe on ${what}`).toEqual([]);
  expect(results.passes.length).toBeGreaterThan(0);
}

describe('forum dialog', { timeout: 90_000 }, () => {
  it('lets a signed-in member post a discussion and a reply; counts update; a category card filters without switching tabs', async () => {
    await e2e.run(async ({ page, context }) => {
      const person = await signUpViaApi(context, 'customer');
      const dialog = await openForum(page);
      const tabs = dialog.getByRole('tablist');

      await tabs.getByRole('tab', { name: 'Categories' }).click();
      const before = await categoryCount(page, 'showcase');
      await tabs.getByRole('tab', { name: 'Browse Discussions' }).click();

      const title = `Cedar deck ${randomUUID().slice(0, 8)}`;
      await dialog.getByRole('button', { name: 'New Discussion' }).click();
      const form = dialog.getByRole('form', { name: 'Start a new discussion' });
      const post = form.getByRole('button', { name: 'Post Discussion' });
      expect(await post.isDisabled()).toBe(true);
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Content').fill('Finished the deck this weekend. <b>Stain</b> tips welcome.');
      expect(await post.isDisabled()).toBe(true);
      await form.getByLabel('Category').selectOption('showcase');
      expect(await post.isDisabled()).toBe(false);
      await post.click();

      await visible(page.getByText('Post Created!', { exact: true }));
      await visible(page.getByText('Your discussion has been posted to the community.', { exact: true }));
      await hidden(form);
      const card = dialog.getByRole('button', { name: `Open discussion: ${title}` });
      await visible(card);
      // Markup is shown as text, never interpreted.
      await visible(dialog.getByText('<b>Stain</b> tips welcome.', { exact: false }));

      await card.click();
      await visible(dialog.getByRole('heading', { name: title }));
      const replyBox = dialog.getByLabel('Add Reply');
      const postReply = dialog.getByRole('button', { name: 'Post Reply' });
      expect(await postReply.isDisabled()).toBe(true);
      await replyBox.fill('   ');
      expect(await postReply.isDisabled()).toBe(true);
      await replyBox.fill('Looks great, which stain did you use?');
      await postReply.click();
      await visible(page.getByText('Reply Posted!', { exact: true }));
      await visible(page.getByText('Your reply has been added.', { exact: true }));
      await expect.poll(() => replyBox.inputValue()).toBe('');
      await visible(dialog.getByText('Looks great, which stain did you use?'));
      expect(await dialog.getByTestId('reply-avatar').first().innerText()).toBe(person.name.slice(0, 2).toUpperCase());

      await expectNoAxeViolations(page, 'the forum post detail');

      await dialog.getByRole('button', { name: 'Back to discussions' }).click();
      await visible(card);
      await expect.poll(async () => card.locator('..').locator('..').innerText()).toContain('1 reply');

      await tabs.getByRole('tab', { name: 'Categories' }).click();
      await expect.poll(() => categoryCount(page, 'showcase')).toBe(before + 1);

      const tipsCard = dialog.getByRole('button', { name: /Tips & Tricks/ });
      await tipsCard.click();
      expect(await tipsCard.getAttribute('aria-pressed')).toBe('true');
      expect(await tabs.getByRole('tab', { name: 'Categories' }).getAttribute('aria-selected')).toBe('true');
      await expectNoAxeViolations(page, 'the forum categories tab');

      await tabs.getByRole('tab', { name: 'Browse Discussions' }).click();
      expect(await dialog.getByLabel('Category', { exact: true }).inputValue()).toBe('tips');
      await hidden(card);
    });
  });

  it('lets a signed-out visitor read, with the write buttons disabled and a sign-in hint', async () => {
    await e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'contractor');
      const title = `Winter prep ${randomUUID().slice(0, 8)}`;
      const created = await context.request.post('/api/forum/posts', {
        data: { title, content: 'Insulate the pipes early.', category: 'tips' },
      });
      expect(created.status()).toBe(201);
      expect((await context.request.post('/api/auth/logout')).ok()).toBe(true);

      const dialog = await openForum(page);
      await visible(dialog.getByText('Sign in to start a discussion, reply or upvote.'));
      expect(await dialog.getByRole('button', { name: 'New Discussion' }).isDisabled()).toBe(true);
      const card = dialog.getByRole('button', { name: `Open discussion: ${title}` });
      await visible(card);
      await expectNoAxeViolations(page, 'the forum list, signed out');

      await card.click();
      await visible(dialog.getByRole('heading', { name: title }));
      expect(await dialog.getByLabel('Add Reply').isDisabled()).toBe(true);
      expect(await dialog.getByRole('button', { name: 'Post Reply' }).isDisabled()).toBe(true);
      expect(await dialog.getByRole('button', { name: /^Upvote/ }).isDisabled()).toBe(true);
    });
  });

  it('shows a second person’s new discussion without a reload', async () => {
    await e2e.run(async ({ page }) => {
      // The page's clock runs as usual but can be moved on, so the test need not sit out the refresh.
      await page.clock.install();
      const dialog = await openForum(page);
      await visible(dialog.getByTestId('forum-count'));
      const other = await e2e.newContext();
      try {
        await signUpViaApi(other, 'customer');
        const title = `Side by side ${randomUUID().slice(0, 8)}`;
        const created = await other.request.post('/api/forum/posts', {
          data: { title, content: 'Can you see this?', category: 'general' },
        });
        expect(created.status()).toBe(201);
        const discussion = dialog.getByRole('button', { name: `Open discussion: ${title}` });
        // Not before the refresh: the dialog does not reload itself on every change.
        expect(await discussion.count()).toBe(0);
        // The open dialog refreshes every FORUM_REFRESH_MS.
        await page.clock.fastForward(FORUM_REFRESH_MS);
        await visible(discussion);
      } finally {
        await other.close();
      }
    });
  });

  it('lists a page of discussions with the total, and "Show more" brings the next page and focuses the first new one', async () => {
    await e2e.run(async ({ page }) => {
      // Three members write them: one may start only so many discussions an hour (ABUSE_LIMITS).
      const authors = [];
      for (let i = 0; i < 3; i++) {
        const author = await e2e.newContext();
        authors.push(author);
        await signUpViaApi(author, 'customer');
      }
      const tag = `paged${randomUUID().slice(0, 8)}`;
      const count = FORUM_PAGE.size + 3;
      try {
        for (let i = 0; i < count; i++) {
          const created = await authors[i % authors.length]!.request.post('/api/forum/posts', {
            data: { title: `Page ${i} ${tag}`, content: 'One of many.', category: 'general' },
          });
          expect(created.status()).toBe(201);
        }
      } finally {
        await Promise.all(authors.map((author) => author.close()));
      }

      const dialog = await openForum(page);
      await dialog.getByLabel('Search discussions').fill(tag);
      await expect.poll(() => dialog.getByTestId('forum-count').innerText()).toBe(`${count} discussions`);
      const cards = dialog.getByRole('button', { name: /^Open discussion: Page \d+ / });
      await expect.poll(() => cards.count()).toBe(FORUM_PAGE.size);
      expect(await dialog.getByTestId('forum-shown').innerText()).toBe(`Showing ${FORUM_PAGE.size} of ${count}`);

      const more = dialog.getByRole('button', { name: 'Show more discussions' });
      await more.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => cards.count()).toBe(count);
      await hidden(more);
      await hidden(dialog.getByTestId('forum-shown'));
      // Newest first: the first one the second page brought is the third discussion posted.
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      expect(focused).toBe(`Open discussion: Page 2 ${tag}`);
    });
  });
});
