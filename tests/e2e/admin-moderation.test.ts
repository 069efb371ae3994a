import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/start-app.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { MOBILE, open, revealLazyPanels, signInViaApi, signUpViaApi, useE2E, visible } from './support/browser.ts';

/**
 * The admin dashboard's platform metrics, feedback statuses and forum moderation in a browser:
 * the metrics cards and chart show, a feedback post's status changes from its select, and a
 * discussion is hidden with a reason (gone from the public forum) and restored. French at 360 px.
 */
const e2e = useE2E();

describe('admin dashboard: metrics, feedback and forum moderation', { timeout: 150_000 }, () => {
  it('shows the metrics, sets a feedback status, hides a discussion and restores it', () =>
    e2e.run(async ({ context: memberContext }) => {
      // Its own title each attempt: a retry on CI runs against the same database as the first.
      const spam = `Buy cheap followers now ${randomUUID().slice(0, 8)}`;
      await signUpViaApi(memberContext, 'customer');
      const post = await memberContext.request.post('/api/forum/posts', {
        data: { title: spam, content: 'Visit my site for deals.', category: 'general' },
      });
      expect(post.status(), await post.text()).toBe(201);
      const feedback = await memberContext.request.post('/api/feedback', {
        data: { title: 'Dark mode for invoices', description: 'Invoices are bright at night.', category: 'feature' },
      });
      expect(feedback.status(), await feedback.text()).toBe(201);
      const feedbackId = ((await feedback.json()) as { feedback: { id: string } }).feedback.id;

      await e2e.run(async ({ page, context }) => {
        await signInViaApi(context, DEMO.admin, e2e.app.demoPassword);
        await open(page, '/admin-dashboard');
        await revealLazyPanels(page);

        const metrics = page.getByTestId('admin-metrics');
        await visible(metrics.getByRole('heading', { name: 'Platform metrics' }));
        await visible(metrics.getByTestId('metrics-totals').getByText('Escrow held'));
        await visible(metrics.getByRole('heading', { name: 'Jobs by province' }));

        // Feedback status, from its select.
        const item = page.getByTestId('admin-feedback').locator(`[data-feedback="${feedbackId}"]`);
        await item.getByLabel('Status of “Dark mode for invoices”').selectOption('planned');
        await visible(page.getByText('Status updated'));
        const board = (await (await memberContext.request.get('/api/feedback?status=planned')).json()) as {
          id: string;
        }[];
        expect(board.map((row) => row.id)).toContain(feedbackId);

        // Forum moderation: hide with a reason, then restore.
        const forum = page.getByTestId('admin-forum');
        await forum.getByRole('button', { name: `Hide “${spam}”` }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: 'Hide' }).click();
        await visible(dialog.getByText('Give a reason of 3 to 500 characters'));
        await dialog.getByLabel('Reason').fill('Spam: selling followers');
        await dialog.getByRole('button', { name: 'Hide' }).click();
        await visible(page.getByText('Hidden from the forum'));
        await visible(forum.getByText('Spam: selling followers', { exact: false }));
        const listed = async () =>
          ((await (await memberContext.request.get('/api/forum/posts')).json()) as { title: string }[]).map(
            (p) => p.title,
          );
        expect(await listed()).not.toContain(spam);
        await expectNoSeriousAxeViolations(page, '/admin-dashboard (metrics, feedback, forum)');
        await forum.getByRole('button', { name: `Restore “${spam}”` }).click();
        await visible(page.getByText('Restored to the forum'));
        expect(await listed()).toContain(spam);

        await page.setViewportSize(MOBILE);
        await open(page, '/fr/admin-dashboard');
        await revealLazyPanels(page);
        await visible(page.getByRole('heading', { name: 'Indicateurs de la plateforme' }));
        await visible(page.getByRole('heading', { name: 'Modération du forum' }));
        // A reply names its discussion: every {placeholder} filled in (the demo forum has replies).
        const forumText = await page.getByTestId('admin-forum').innerText();
        expect(forumText).toContain('Réponse dans « ');
        expect(forumText).not.toMatch(/\{\w+\}/);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }));
});
