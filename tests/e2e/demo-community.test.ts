import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { demoBarterServices, demoDiscussions, demoFeedback } from '../../api/seed-community.ts';
import { feedbackMessages } from '../../site/i18n/messages/feedback.ts';
import { forumMessages } from '../../site/i18n/messages/forum.ts';
import { shellMessages } from '../../site/i18n/messages/shell.ts';
import { open, revealIslands, useE2E, visible } from './support/browser.ts';

/**
 * A fresh demo (the app every e2e file starts is a copy of one seeded with the demo data) is not an
 * empty community: the footer's forum and feedback board show the seeded discussions and feedback,
 * and /platform lists services open to barter, French ones among them.
 */
const e2e = useE2E({
  ownApp: "the seeded discussions on the forum's first page, which other files' posts push off it",
});
const m = shellMessages.en;

async function openFooterDialog(page: Page, button: string, title: string) {
  await open(page, '/');
  await revealIslands(page);
  await page.locator('footer').getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: title, exact: true });
  await visible(dialog);
  return dialog;
}

describe('a fresh demo community', { timeout: 120_000 }, () => {
  it('shows forum discussions, in English and French, with replies', () =>
    e2e.run(async ({ page }) => {
      const dialog = await openFooterDialog(page, m.communityForum, forumMessages.en.title);
      for (const title of [demoDiscussions[0]!.title, 'Comment choisir un bon peintre?']) {
        await visible(dialog.getByRole('button', { name: `Open discussion: ${title}` }));
      }
    }));

  it('shows feedback on the board', () =>
    e2e.run(async ({ page }) => {
      const dialog = await openFooterDialog(page, m.feedbackBoard, feedbackMessages.en.title);
      for (const item of demoFeedback.slice(0, 3)) await visible(dialog.getByText(item.title, { exact: true }));
    }));

  it('lists services open to barter on /platform', () =>
    e2e.run(async ({ page }) => {
      await open(page, '/platform');
      await revealIslands(page);
      const cards = page.getByTestId('barter-service');
      for (const service of demoBarterServices) await visible(cards.filter({ hasText: service.title }));
    }));
});
