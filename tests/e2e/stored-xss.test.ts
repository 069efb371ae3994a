import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentUser, open, revealIslands, signUpViaApi, useE2E, visible } from './support/browser.ts';
import { awardedJob } from './support/jobs.ts';
import { waitUntil } from '../support/wait.ts';

/**
 * Stored XSS, in a real browser: markup that runs script if it is ever inserted as HTML is saved
 * through the API where members write (a forum discussion, feedback, a message, a contractor's
 * profile and service) and then shown to another member. It must read as the literal text, no
 * handler may run, and no alert may open.
 */
const e2e = useE2E();

const PAYLOAD = `<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>`;
const tagged = (label: string) => `${label} ${PAYLOAD}`;

async function expectInert(page: Page, text: string, where: string) {
  await visible(page.getByText(text, { exact: false }).first());
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), where).toBeUndefined();
  // Nothing that came from the payload became an element.
  expect(await page.locator('img[src="x"]').count(), where).toBe(0);
}

async function post(context: BrowserContext, url: string, data: unknown, method: 'post' | 'put' | 'patch' = 'post') {
  const response = await context.request[method](url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return response.json() as Promise<Record<string, unknown>>;
}

describe('stored XSS', { timeout: 120_000 }, () => {
  it('shows hostile markup from the forum, feedback, messages and profiles as text, and runs none of it', async () => {
    await e2e.run(async ({ page, context }) => {
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });

      // A contractor writes markup into the profile and a service, in a second browser.
      const contractor = await e2e.newContext();
      try {
        await signUpViaApi(contractor, 'contractor');
        const contractorId = ((await (await contractor.request.get('/api/auth/me')).json()) as { id: string }).id;
        await post(contractor, '/api/contractor/profile', { expertiseStatement: tagged('Statement') }, 'patch');
        await post(contractor, '/api/service-offerings', {
          title: tagged('Service').slice(0, 120),
          description: tagged('Walls and ceilings, two coats.'),
          pricingModel: 'hourly',
          price: '55',
          isRemoteService: false,
        });

        // A customer writes markup into the forum, the feedback board and a job's conversation.
        await signUpViaApi(context, 'customer');
        expect((await currentUser(context))?.role).toBe('customer');
        await post(context, '/api/forum/posts', {
          title: tagged('Forum'),
          content: tagged('Forum body'),
          category: 'general',
        });
        await post(context, '/api/feedback', {
          title: tagged('Feedback').slice(0, 120),
          description: tagged('Feedback body'),
          category: 'bug',
        });
        const jobId = await awardedJob(context, contractor);
        // The conversation learns its contractor from the accepted proposal a moment later (a
        // projection): until then a message is refused with 409, as it would be for a person.
        await waitUntil(
          async () => {
            const response = await context.request.post(`/api/conversations/work-order/${jobId}/messages`, {
              data: { body: tagged('Message') },
            });
            if (response.status() === 409) return false;
            expect(response.status(), await response.text()).toBeLessThan(300);
            return true;
          },
          { timeoutMs: 15_000, intervalMs: 100, message: 'the job conversation never accepted a message' },
        );

        // The customer reads each place.
        await open(page, `/contractors/${contractorId}`);
        await expectInert(page, 'Statement <img src=x', 'the contractor profile');
        await expectInert(page, 'Service <img src=x', 'the contractor’s service');

        await open(page, '/');
        await page.locator('header').getByRole('button', { name: 'Community Forum', exact: true }).click();
        const forum = page.getByRole('dialog', { name: 'Community Forum' });
        await visible(forum);
        await expectInert(page, 'Forum <img src=x', 'the forum');
        await page.keyboard.press('Escape');

        await revealIslands(page);
        await page.locator('footer').getByRole('button', { name: 'Feedback Board', exact: true }).click();
        await visible(page.getByRole('dialog', { name: 'Community Feedback Board', exact: true }));
        await expectInert(page, 'Feedback <img src=x', 'the feedback board');

        const reader = await contractor.newPage();
        try {
          await open(reader, `/messages?c=work-order:${jobId}`);
          await expectInert(reader, 'Message <img src=x', 'the conversation');
        } finally {
          await reader.close();
        }
      } finally {
        await contractor.close();
      }
      expect(dialogs).toEqual([]);
    });
  });
});
