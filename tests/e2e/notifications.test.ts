import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hidden, open, signUpViaApi, useE2E, visible, waitForPath } from './support/browser.ts';

/** The notification bell, popover and page in a real browser (spec sections 2, 4 and 8). */
const e2e = useE2E();

const WELCOME = 'Welcome to the marketplace!';

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const badge = (page: Page) => page.getByTestId('notification-badge');
const popover = (page: Page) => page.getByRole('dialog', { name: 'Notifications' });

async function openPopover(page: Page) {
  await bell(page).click();
  const dialog = popover(page);
  await visible(dialog);
  return dialog;
}

describe('notification bell and popover', { timeout: 90_000 }, () => {
  it('shows a new user the welcome notification; clicking it marks it read and navigates', () =>
    e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'customer');
      await open(page, '/pricing');
      await visible(badge(page));
      expect(await badge(page).textContent()).toBe('1');
      await visible(page.getByRole('button', { name: 'Notifications, 1 unread' }));

      const dialog = await openPopover(page);
      const item = dialog.getByTestId('notification-item');
      await visible(item.getByText(WELCOME));
      expect(await item.count()).toBe(1);
      expect(await dialog.getByTestId('notification-list-area').evaluate((el) => getComputedStyle(el).height)).toBe(
        '384px',
      );
      await visible(dialog.getByRole('link', { name: 'View all notifications' }));
      expect(await dialog.getByRole('link', { name: 'Notification settings' }).getAttribute('href')).toBe(
        '/notification-preferences',
      );

      await item.getByText(WELCOME).click();
      await waitForPath(page, '/platform');
      await open(page, '/platform');
      await visible(bell(page));
      await hidden(badge(page));
      const response = await context.request.get('/api/notifications/unread-count');
      expect(await response.json()).toEqual({ count: 0 });
    }));

  it('filters unread, marks all read, deletes, and shows the empty states', () =>
    e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'contractor');
      await open(page, '/pricing');
      await visible(badge(page));
      const dialog = await openPopover(page);
      await visible(dialog.getByText(WELCOME));

      await dialog.getByRole('button', { name: 'Unread', exact: true }).click();
      await visible(dialog.getByText(WELCOME));

      await dialog.getByRole('button', { name: 'Mark all as read' }).click();
      await visible(page.getByText('All notifications marked as read'));
      await visible(dialog.getByText('No notifications', { exact: true }));
      await visible(dialog.getByText("You're all caught up!"));
      await hidden(badge(page));
      await hidden(dialog.getByRole('link', { name: 'View all notifications' }));

      await dialog.getByRole('button', { name: 'All', exact: true }).click();
      const item = dialog.getByTestId('notification-item');
      await visible(item);
      expect(await item.getAttribute('data-read')).toBe('true');
      await item.getByRole('button', { name: 'Delete notification' }).click();
      await visible(dialog.getByText('You have no notifications yet'));
      await hidden(dialog.getByRole('link', { name: 'View all notifications' }));
      const list = await context.request.get('/api/notifications');
      expect(await list.json()).toEqual([]);
    }));

  it("keeps each user's notifications their own", () =>
    e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'customer');
      const [mine] = (await (await context.request.get('/api/notifications')).json()) as { id: string }[];
      const other = await e2e.browser.newContext({ baseURL: e2e.app.baseURL });
      try {
        await signUpViaApi(other, 'customer');
        // The other user's actions touch only their own notifications; mine is a 404 to them.
        expect((await other.request.patch('/api/notifications/read-all')).status()).toBe(200);
        expect((await other.request.patch(`/api/notifications/${mine!.id}/read`)).status()).toBe(404);
        expect((await other.request.delete(`/api/notifications/${mine!.id}`)).status()).toBe(404);
      } finally {
        await other.close();
      }
      await open(page, '/pricing');
      await visible(badge(page));
      expect(await badge(page).textContent()).toBe('1');
      const dialog = await openPopover(page);
      await visible(dialog.getByText(WELCOME));
      expect(await dialog.getByTestId('notification-item').getAttribute('data-read')).toBe('false');
    }));

  it('updates the badge at once when another tab reads the notification (server-sent events)', () =>
    e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'customer');
      await open(page, '/pricing');
      await visible(badge(page));
      // Another tab of the same user; polling runs every 30 s, so only the stream can be this quick.
      expect((await context.request.patch('/api/notifications/read-all')).status()).toBe(200);
      await hidden(badge(page), 5_000);
    }));

  it('shows five skeleton rows while loading, then the error state with Try again', () =>
    e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'customer');
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let fail = true;
      await page.route(/\/api\/notifications\?/, async (route) => {
        await held;
        if (fail) await route.fulfill({ status: 500, body: '{"error":"boom"}', contentType: 'application/json' });
        else await route.continue();
      });
      await open(page, '/pricing');
      const dialog = await openPopover(page);
      await visible(dialog.getByTestId('notification-skeleton'));
      expect(await dialog.getByTestId('notification-skeleton').count()).toBe(5);
      release();
      await visible(dialog.getByText('Failed to load notifications'));
      fail = false;
      await dialog.getByRole('button', { name: 'Try again' }).click();
      await visible(dialog.getByText(WELCOME));
    }));

  it('tells the user when marking as read fails', () =>
    e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'customer');
      await page.route(/\/api\/notifications\/[^/]+\/read$/, (route) =>
        route.fulfill({ status: 500, body: '{"error":"boom"}', contentType: 'application/json' }),
      );
      await page.route('**/api/notifications/read-all', (route) =>
        route.fulfill({ status: 500, body: '{"error":"boom"}', contentType: 'application/json' }),
      );
      await open(page, '/pricing');
      const dialog = await openPopover(page);
      await visible(dialog.getByText(WELCOME));
      await dialog.getByRole('button', { name: 'Mark all as read' }).click();
      await visible(page.getByText('Failed to mark all notifications as read'));
      await dialog.getByText(WELCOME).click();
      await visible(page.getByText('Failed to mark notification as read'));
      await visible(page.getByText('Error', { exact: true }));
    }));

  it('has no serious or critical axe violations with the popover open', () =>
    e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'customer');
      await open(page, '/pricing');
      const dialog = await openPopover(page);
      await visible(dialog.getByText(WELCOME));
      await page.waitForTimeout(300);
      const results = await new AxeBuilder({ page })
        .include('[role="dialog"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
        .analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      expect(results.passes.length).toBeGreaterThan(0);
    }));
});

describe('/notifications page', { timeout: 60_000 }, () => {
  it('lists the notifications with the same filters', () =>
    e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'customer');
      await open(page, '/notifications');
      await visible(page.getByRole('heading', { name: 'All notifications' }));
      const main = page.locator('main');
      await visible(main.getByText(WELCOME));
      await main.getByRole('button', { name: 'Unread', exact: true }).click();
      await visible(main.getByText(WELCOME));
      await main.getByRole('button', { name: 'Mark all as read' }).click();
      await visible(main.getByText("You're all caught up!"));
    }));
});
