import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hidden, open, signInViaApi, signUpViaApi, useE2E, visible, waitForPath } from './support/browser.ts';
import { settleMotion, axeOn } from './support/axe.ts';

/**
 * Posting a job open for bids and hiring from the bids, as people do it: a customer posts, two
 * contractors find the job and bid, the customer compares the proposals (table on a desktop,
 * cards on a 360 px phone) and accepts one after confirming, and the other contractor sees theirs
 * declined.
 */
const e2e = useE2E();

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function bid(page: Page, title: string, price: string, message: string) {
  await open(page, '/open-bids?postalCode=M5V%202T6&radiusKm=25');
  const card = page.getByTestId('job-card').filter({ hasText: title });
  await visible(card);
  await card.getByRole('button', { name: 'Send a proposal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a proposal' });
  await visible(dialog);
  await dialog.getByLabel('Your price ($)').fill(price);
  await dialog.getByLabel('Estimated duration (hours)').fill('12.5');
  await dialog.getByLabel('Earliest start').fill(inDays(5));
  await dialog.getByLabel('Message to the customer').fill(message);
  await dialog.getByRole('button', { name: 'Send proposal' }).click();
  await visible(page.getByText('Proposal sent', { exact: true }));
  await hidden(dialog);
  await visible(card.getByText('You sent a proposal'));
  const mine = page.locator('#my-proposals').getByTestId('my-proposal').filter({ hasText: title });
  await visible(mine.getByText('Waiting for the customer'));
}

describe('work orders: post, bid, compare, hire', { timeout: 180_000 }, () => {
  it('a customer posts a job open for bids, two contractors bid, the customer compares and accepts one, the other sees it declined', async () => {
    const title = `Paint a hallway ${randomUUID().slice(0, 6)}`;
    let customer = { email: '', password: '' };
    let loser = { email: '', password: '', name: '' };
    let winnerName = '';
    let orderPath = '';

    await e2e.run(async ({ page, context }) => {
      customer = await signUpViaApi(context, 'customer');
      await open(page, '/platform');
      await page.getByRole('link', { name: 'Post a job' }).first().click();
      await waitForPath(page, '/post-job');
      await open(page, '/post-job');
      const form = page.locator('form[data-form]');
      await visible(form);
      // The form says what is wrong before anything is sent.
      await form.getByRole('button', { name: 'Post job' }).click();
      await visible(form.getByText('The title must be 5 to 120 characters'));
      await form.getByLabel('Title').fill(title);
      await form
        .getByLabel('Description')
        .fill('A long hallway and a stairwell, walls and trim. Paint is already bought.');
      await form.getByLabel('Category').selectOption('painting');
      await form.getByLabel('Service').selectOption('painting');
      await form.getByLabel('Postal code').fill('12345');
      await form.getByRole('button', { name: 'Post job' }).click();
      await visible(form.getByText('Please enter a valid Canadian postal code (A1A 1A1)', { exact: true }));
      await form.getByLabel('Postal code').fill('m5v2t6');
      await form.getByLabel('Amount ($)').fill('1200');
      await form.getByLabel('Preferred dates').fill(inDays(14));
      await form.getByRole('button', { name: 'Add date' }).click();
      await expect.poll(() => form.getByRole('button', { name: /^Remove / }).count()).toBe(1);
      expect(await form.getByRole('radio', { name: /Open for bids/ }).isChecked()).toBe(true);
      await form.getByRole('button', { name: 'Post job' }).click();
      await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
      orderPath = new URL(page.url()).pathname;
      await open(page, orderPath);
      await visible(page.getByRole('heading', { name: title }));
      await visible(page.getByText('Open for bids'));
      await visible(page.getByText('M5V 2T6'));
      await visible(page.getByRole('link', { name: 'Compare proposals (0)' }));
    });

    await e2e.run(async ({ page, context }) => {
      const winner = await signUpViaApi(context, 'contractor');
      winnerName = winner.name;
      // The postal-code filter says exactly what is wrong.
      await open(page, '/browse-jobs');
      await page.getByLabel('Near').selectOption('postal');
      await page.getByLabel('Postal code').fill('ABC');
      await page.getByRole('button', { name: 'Search' }).click();
      await visible(page.getByText('Please enter a valid Canadian postal code (A1A 1A1)', { exact: true }));
      await bid(page, title, '1100', 'Two painters, one day for the walls and half a day for the trim.');
    });

    await e2e.run(async ({ page, context }) => {
      loser = await signUpViaApi(context, 'contractor');
      await bid(page, title, '950', 'I work alone, careful with trim, can start early next week.');
    });

    // A phone: the comparison is a stack of cards.
    await e2e.run(
      async ({ page, context }) => {
        await signInViaApi(context, customer.email, customer.password);
        await open(page, `${orderPath}/proposals`);
        const cards = page.getByTestId('proposal-card');
        await expect.poll(() => cards.count()).toBe(2);
        expect(await page.getByTestId('proposal-row').first().isVisible()).toBe(false);
        await visible(cards.filter({ hasText: winnerName }).getByText('$1,100'));
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(360);
      },
      { mobile: true },
    );

    // A desktop: side by side in a table; accepting asks first.
    await e2e.run(async ({ page, context }) => {
      await signInViaApi(context, customer.email, customer.password);
      await open(page, `${orderPath}/proposals`);
      const rows = page.getByTestId('proposal-row');
      await expect.poll(() => rows.count()).toBe(2);
      const winning = rows.filter({ hasText: winnerName });
      await visible(winning.getByText('$1,100'));
      await visible(winning.getByText('12.5 hours'));
      await winning.getByRole('button', { name: `Accept: ${winnerName}` }).click();
      const confirm = page.getByRole('dialog', { name: `Hire ${winnerName}?` });
      await visible(confirm);
      await confirm.getByRole('button', { name: 'Accept proposal' }).click();
      await visible(page.getByText('Proposal accepted', { exact: true }));
      await hidden(confirm);
      await visible(winning.getByText('Accepted'));
      await visible(rows.filter({ hasText: loser.name }).getByText('Not selected'));
      await expect.poll(() => page.getByRole('button', { name: /^Accept: / }).count()).toBe(0);
      await visible(page.getByRole('link', { name: 'Schedule' }));
    });

    await e2e.run(async ({ page, context }) => {
      await signInViaApi(context, loser.email, loser.password);
      await open(page, '/open-bids');
      const mine = page.locator('#my-proposals').getByTestId('my-proposal').filter({ hasText: title });
      await visible(mine.getByText('Not selected'));
      expect(await mine.getByRole('button', { name: 'Withdraw' }).count()).toBe(0);
      // The job is no longer open, so it has left the list of open jobs.
      await expect.poll(() => page.getByTestId('job-card').filter({ hasText: title }).count()).toBe(0);
    });
  });
});

async function expectNoAxeViolations(page: Page, what: string) {
  await settleMotion(page);
  const results = await axeOn(page)
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map((v) => `[${v.impact}] ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe on ${what}`).toEqual([]);
}

describe('work-order pages', { timeout: 120_000 }, () => {
  it('/platform sends a landing search for work orders on to /browse-jobs with its values, in French too', async () => {
    await e2e.run(async ({ page }) => {
      await page.goto('/platform?mode=work-orders&service=painting&distanceKm=60');
      await waitForPath(page, '/browse-jobs');
      await open(page, page.url());
      expect(await page.getByLabel('Category').inputValue()).toBe('painting');
      expect(await page.getByLabel('Service').inputValue()).toBe('painting');
      await page.goto('/fr/platform?mode=contractors&service=painting');
      await waitForPath(page, '/fr/contractors');
      expect(new URL(page.url()).searchParams.get('service')).toBe('painting');
      await open(page, '/fr/browse-jobs');
      await visible(page.getByRole('heading', { level: 1, name: 'Trouver du travail' }));
    });
  });

  it('signed out, /platform shows both paths with sign-in prompts; the pages pass axe and fit 360 px', async () => {
    await e2e.run(async ({ page }) => {
      await open(page, '/platform');
      await visible(page.getByText('Sign in as a customer to post a job.'));
      await visible(page.getByText('Sign in as a contractor to send proposals.'));
      await expectNoAxeViolations(page, '/platform');
      await open(page, '/browse-jobs');
      await visible(page.getByText('Sign in as a contractor to send a proposal.'));
      await expectNoAxeViolations(page, '/browse-jobs');
    });
    await e2e.run(
      async ({ page }) => {
        for (const path of ['/platform', '/browse-jobs', '/open-bids']) {
          await open(page, path);
          const width = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(width, path).toBeLessThanOrEqual(360);
        }
      },
      { mobile: true },
    );
  });

  it('a customer sees the post-job form without axe violations; a contractor is told it is for customers', async () => {
    await e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'customer');
      await open(page, '/post-job');
      await visible(page.getByLabel('Title'));
      await expectNoAxeViolations(page, '/post-job');
    });
    await e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'contractor');
      await open(page, '/post-job');
      await visible(page.getByText('Access denied. This page requires customer access.'));
    });
  });
});

describe('direct requests', { timeout: 120_000 }, () => {
  it('a contractor accepts a job sent to them from the dashboard; the customer sees them hired', async () => {
    const title = `Assemble a bookcase ${randomUUID().slice(0, 6)}`;
    let contractor = { email: '', password: '', name: '' };
    let contractorId = '';
    await e2e.run(async ({ context }) => {
      contractor = await signUpViaApi(context, 'contractor');
      contractorId = ((await (await context.request.get('/api/auth/me')).json()) as { id: string }).id;
    });
    let orderId = '';
    let customer = { email: '', password: '' };
    await e2e.run(async ({ context }) => {
      customer = await signUpViaApi(context, 'customer');
      const response = await context.request.post('/api/work-orders', {
        data: {
          title,
          description: 'One tall bookcase, flat-packed, all the parts are here.',
          category: 'moving',
          service: 'furniture-assembly',
          postalCode: 'H2X 1Y4',
          budgetMinCents: 9000,
          budgetMaxCents: 12000,
          mode: 'direct',
          directContractorId: contractorId,
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      orderId = ((await response.json()) as { workOrder: { id: string } }).workOrder.id;
    });
    await e2e.run(async ({ page, context }) => {
      await signInViaApi(context, contractor.email, contractor.password);
      await open(page, '/contractor-dashboard');
      const request = page.getByTestId('direct-request').filter({ hasText: title });
      await visible(request);
      await request.scrollIntoViewIfNeeded();
      await request.getByRole('button', { name: 'Accept' }).click();
      await visible(page.getByText('Request accepted', { exact: true }));
      await visible(request.getByRole('link', { name: 'Schedule the job' }));
      expect(await request.getByRole('link', { name: 'Schedule the job' }).getAttribute('href')).toBe(
        `/schedule/${contractorId}/work-order/${orderId}`,
      );
    });
    await e2e.run(async ({ page, context }) => {
      await signInViaApi(context, customer.email, customer.password);
      await open(page, `/projects/${orderId}`);
      await visible(page.getByText('Hired', { exact: true }).first());
      await visible(page.getByText(contractor.name).first());
      await visible(page.getByRole('link', { name: 'Schedule' }));
    });
  });
});
