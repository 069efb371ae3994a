import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { THEME_KEY } from '../../site/stores/accent.ts';
import { POLL_INTERVAL_MS, UNREAD_COUNT_URL } from '../../site/islands/notifications/unread.ts';
import { contrastRatio, settleMotion, axeOn } from './support/axe.ts';
import { hidden, open, signUpViaApi, useE2E, visible, waitForPath } from './support/browser.ts';

/** The notification bell, popover and page in a real browser (docs/product.md#notifications). */
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

const UNREAD_FAILED = {
  en: 'Failed to fetch unread count',
  fr: 'Impossible de récupérer le nombre de notifications non lues',
} as const;

/**
 * Runs in the page before its scripts: counts every toast that appears with `title` (each toast
 * is a new element), so a toast shown again while an earlier one is on screen, or shown and gone
 * between two looks, still counts.
 */
function countToastsTitled(title: string) {
  const seen = new WeakSet<Element>();
  const win = window as unknown as { toastsShown: number };
  win.toastsShown = 0;
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        const toasts = [...(node.matches('[data-variant]') ? [node] : []), ...node.querySelectorAll('[data-variant]')];
        for (const toast of toasts) {
          if (seen.has(toast) || !toast.textContent?.includes(title)) continue;
          seen.add(toast);
          win.toastsShown += 1;
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

const toastsShown = (page: Page) => page.evaluate(() => (window as unknown as { toastsShown: number }).toastsShown);

/**
 * The unread-count endpoint answers as `mode` says (a 500, no answer at all, or the real server),
 * counting the polls that failed and the ones that went through.
 */
async function controlUnreadCount(page: Page) {
  const state = { mode: 'error' as 'error' | 'offline' | 'real', failed: 0, passed: 0 };
  await page.route(`**${UNREAD_COUNT_URL}`, async (route) => {
    if (state.mode === 'real') {
      state.passed += 1;
      await route.continue();
      return;
    }
    state.failed += 1;
    if (state.mode === 'offline') await route.abort('failed');
    else await route.fulfill({ status: 500, body: '{"error":"boom"}', contentType: 'application/json' });
  });
  return state;
}

/** Moves the page's clock past the next poll and waits until that poll has been answered. */
async function nextPoll(page: Page, answered: () => number) {
  const before = answered();
  await page.clock.runFor(POLL_INTERVAL_MS);
  await expect.poll(answered).toBeGreaterThan(before);
  // Its answer reaches the page's code a moment after the route handler has it.
  await page.waitForTimeout(500);
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
      const other = await e2e.newContext();
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

  it('shows the unread badge readable in both themes (WCAG AA contrast of its text on its fill)', () =>
    e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'customer');
      await open(page, '/pricing');
      for (const theme of ['dark', 'light'] as const) {
        await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [THEME_KEY, theme]);
        await open(page, '/pricing');
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        await visible(badge(page));
        // axe leaves a one-character badge "incomplete" (too short to judge), so the ratio is computed here.
        const [text, fill] = await badge(page).evaluate((el) => {
          const style = getComputedStyle(el);
          return [style.color, style.backgroundColor];
        });
        expect(contrastRatio(text, fill), `${theme}: ${text} on ${fill}`).toBeGreaterThanOrEqual(4.5);
      }
    }));

  it('shows an error toast readable in both themes (axe on the toast itself)', () =>
    e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'customer');
      await page.route('**/api/notifications/read-all', (route) =>
        route.fulfill({ status: 500, body: '{"error":"boom"}', contentType: 'application/json' }),
      );
      await open(page, '/pricing');
      for (const theme of ['dark', 'light'] as const) {
        await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [THEME_KEY, theme]);
        await open(page, '/pricing');
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        const dialog = await openPopover(page);
        await visible(dialog.getByText(WELCOME));
        await dialog.getByRole('button', { name: 'Mark all as read' }).click();
        await visible(page.locator('[data-variant="destructive"]'));
        await settleMotion(page);
        const results = await axeOn(page)
          .include('[data-variant="destructive"]')
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(bad.map((v) => `${theme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
        expect(results.passes.some((rule) => rule.id === 'color-contrast')).toBe(true);
      }
    }));

  it('says once per run of failed polls that the unread count could not be fetched, and again after a recovery', () =>
    e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'customer');
      const unread = await controlUnreadCount(page);
      await page.addInitScript(countToastsTitled, UNREAD_FAILED.en);
      // Polls come every 30 s: the page's clock is moved on instead of waiting for them.
      await page.clock.install();
      await open(page, '/pricing');
      await visible(page.getByText(UNREAD_FAILED.en, { exact: true }));
      expect(await toastsShown(page)).toBe(1);

      // Two more polls fail, as a 500 and with no answer at all: still the one toast.
      await nextPoll(page, () => unread.failed);
      unread.mode = 'offline';
      await nextPoll(page, () => unread.failed);
      expect(unread.failed).toBeGreaterThanOrEqual(3);
      expect(await toastsShown(page)).toBe(1);

      // The endpoint recovers: the count comes back and no toast is shown for it.
      unread.mode = 'real';
      await nextPoll(page, () => unread.passed);
      await visible(badge(page));
      expect(await badge(page).textContent()).toBe('1');
      expect(await toastsShown(page)).toBe(1);

      // It fails again: a new run of failures, told once more, and only once.
      unread.mode = 'error';
      await nextPoll(page, () => unread.failed);
      await expect.poll(() => toastsShown(page)).toBe(2);
      await visible(page.getByText(UNREAD_FAILED.en, { exact: true }));
      await nextPoll(page, () => unread.failed);
      expect(await toastsShown(page)).toBe(2);
    }));

  it('says it in French on a French page, once for several failed polls', () =>
    e2e.run(
      async ({ page, context }) => {
        await signUpViaApi(context, 'customer');
        const unread = await controlUnreadCount(page);
        await page.addInitScript(countToastsTitled, UNREAD_FAILED.fr);
        await page.clock.install();
        await open(page, '/fr/pricing');
        await visible(page.getByText(UNREAD_FAILED.fr, { exact: true }));
        await nextPoll(page, () => unread.failed);
        await nextPoll(page, () => unread.failed);
        expect(unread.failed).toBeGreaterThanOrEqual(3);
        expect(await toastsShown(page)).toBe(1);
        expect(await page.getByText(UNREAD_FAILED.en).count()).toBe(0);
      },
      { locale: 'fr-CA' },
    ));

  it('has no serious or critical axe violations with the popover open', () =>
    e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'customer');
      await open(page, '/pricing');
      const dialog = await openPopover(page);
      await visible(dialog.getByText(WELCOME));
      await page.waitForTimeout(300);
      const results = await axeOn(page)
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
