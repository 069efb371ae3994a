import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/start-app.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { open, revealLazyPanels, signInViaApi, signUpViaApi, useE2E, visible } from './support/browser.ts';

/**
 * An admin suspends a user from the admin dashboard: the user's next request is refused and
 * signing in tells them the account is suspended; restoring lets them back. The dashboard also lists
 * who acted as whom through switch-user.
 */
const e2e = useE2E();

describe('admin dashboard: users', { timeout: 120_000 }, () => {
  it('suspends a user with a reason, who is refused at once, then restores them', () =>
    e2e.run(async ({ context: userContext }) => {
      const person = await signUpViaApi(userContext, 'customer');
      expect((await userContext.request.get('/api/auth/me')).status()).toBe(200);

      await e2e.run(async ({ page, context }) => {
        await signInViaApi(context, DEMO.admin, e2e.app.demoPassword);
        await open(page, '/admin-dashboard');
        await revealLazyPanels(page);
        const users = page.getByTestId('admin-users');
        await users.getByRole('searchbox', { name: 'Search users' }).fill(person.email);
        await users.getByRole('button', { name: 'Search' }).click();
        const row = users.locator(`[data-user="${person.email}"]`);
        await visible(row.getByText(person.name));
        await visible(row.getByText('Active', { exact: true }));
        // The disputes overview leads to the arbitration dashboard.
        const disputes = page.getByTestId('disputes-overview');
        await visible(disputes.getByText('Waiting for an arbitrator'));
        expect(await disputes.getByRole('link', { name: 'Open the arbitration dashboard' }).getAttribute('href')).toBe(
          '/arbitration-dashboard',
        );
        await expectNoSeriousAxeViolations(page, '/admin-dashboard users');

        await row.getByRole('button', { name: `Suspend ${person.name}` }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: 'Suspend' }).click();
        await visible(dialog.getByText('Give a reason of 3 to 500 characters.'));
        await dialog.getByLabel('Reason').fill('Repeated no-shows reported by contractors');
        await dialog.getByRole('button', { name: 'Suspend' }).click();
        await visible(page.getByText(`${person.name} is suspended.`));
        await visible(row.getByText('Suspended', { exact: true }));
        await visible(row.getByText('Suspended: Repeated no-shows reported by contractors'));

        // The user's very next request is refused; signing in says why.
        expect((await userContext.request.get('/api/auth/me')).status()).toBe(401);
        const login = await userContext.request.post('/api/auth/login', {
          data: { email: person.email, password: person.password },
        });
        expect(login.status()).toBe(403);
        expect(((await login.json()) as { error: string }).error).toContain('This account is suspended.');

        await row.getByRole('button', { name: `Restore ${person.name}` }).click();
        await visible(page.getByText(`${person.name} is active again.`));
        await visible(row.getByText('Active', { exact: true }));
        const back = await userContext.request.post('/api/auth/login', {
          data: { email: person.email, password: person.password },
        });
        expect(back.status()).toBe(200);
      });
    }));

  it('lists the switch-user record newest first, in English and French, with a deleted member as a former member', () =>
    e2e.run(async ({ context: visitor }) => {
      // The demo app runs in demo mode: visitors may switch into the seeded accounts.
      const browse = await visitor.request.get('/api/contractors/browse?limit=100');
      const contractors = ((await browse.json()) as { contractors: { id: string; name: string }[] }).contractors;
      const marc = contractors.find((c) => c.name === 'Marc Gagnon Renovations')!;
      const switchTo = async (context: BrowserContext, userId: string) => {
        const response = await context.request.post('/api/auth/switch-user', { data: { userId } });
        expect(response.status(), await response.text()).toBe(200);
      };

      await signInViaApi(visitor, DEMO.customer, e2e.app.demoPassword);
      await switchTo(visitor, marc.id);
      // A newcomer tries the demo, then deletes their account: the record keeps the ids, not the name.
      await e2e.run(async ({ context: newcomer }) => {
        const person = await signUpViaApi(newcomer, 'customer');
        await switchTo(newcomer, marc.id);
        await signInViaApi(newcomer, person.email, person.password);
        const closed = await newcomer.request.delete('/api/auth/account', { data: { password: person.password } });
        expect(closed.status()).toBe(200);
      });

      for (const [path, texts] of [
        [
          '/admin-dashboard',
          ['Former member acted as Marc Gagnon Renovations', 'Chloé Tremblay acted as Marc Gagnon Renovations', 'Demo'],
        ],
        [
          '/fr/admin-dashboard',
          [
            'Ancien membre a agi en tant que Marc Gagnon Renovations',
            'Chloé Tremblay a agi en tant que Marc Gagnon Renovations',
            'Démo',
          ],
        ],
      ] as const) {
        await e2e.run(async ({ page, context }) => {
          await signInViaApi(context, DEMO.admin, e2e.app.demoPassword);
          await open(page, path);
          await revealLazyPanels(page);
          const record = page.getByTestId('user-switches');
          const items = record.getByRole('listitem');
          // Newest first: the newcomer switched after Chloé.
          await visible(items.first().getByText(texts[0], { exact: true }));
          await visible(items.nth(1).getByText(texts[1], { exact: true }));
          await visible(items.first().getByText(texts[2], { exact: true }));
          await expectNoSeriousAxeViolations(page, `${path} switch-user record`);
        });
      }
    }));
});
