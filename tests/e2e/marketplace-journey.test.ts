import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { scheduleDecider } from '../../shared/domain/booking/decider.ts';
import { scheduleStreamId } from '../../shared/domain/booking/events.ts';
import { handleCommand } from '../../shared/domain/decider.ts';
import { openEventStore } from '../../shared/eventstore/index.ts';
import type { EventStore } from '../../shared/eventstore/types.ts';
import type { E2EApp } from '../support/start-app.ts';
import { hidden, hydrated, open, signUpViaApi, useE2E, visible } from './support/browser.ts';
import { fundViaApi, signViaApi } from './support/jobs.ts';

/**
 * The whole marketplace in one journey, through the real pages: a customer posts a job open for
 * bids near a Toronto postal code; two contractors who work there bid; the customer compares the
 * proposals side by side and hires one; the loser is told; the customer books the awarded job in
 * the winner's calendar and the winner confirms; they message each other live on the booking; the
 * visit is completed, the contract signed and the payment released; both review the job, and the
 * reviews appear only after the second one.
 */
const e2e = useE2E();
let store: EventStore | null = null;

afterAll(async () => {
  await store?.close();
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function userId(context: BrowserContext): Promise<string> {
  return ((await (await context.request.get('/api/auth/me')).json()) as { id: string }).id;
}

/** A contractor who works near downtown Toronto every day, in two-hour slots. */
async function setUpContractor(context: BrowserContext) {
  const person = await signUpViaApi(context, 'contractor');
  const area = await context.request.put('/api/contractor/service-area', {
    data: { postalCode: 'M5V 2T6', radiusKm: 30, services: ['painting'], hourlyRateCents: 6000 },
  });
  expect(area.status(), await area.text()).toBe(200);
  const week = await context.request.put('/api/contractor/availability', {
    data: {
      timeZone: 'America/Toronto',
      weekly: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
      slotMinutes: 120,
    },
  });
  expect(week.status(), await week.text()).toBe(200);
  return { ...person, id: await userId(context) };
}

async function bid(page: Page, title: string, price: string, hours: string, message: string) {
  await open(page, '/open-bids?postalCode=M5V%202T6&radiusKm=25');
  const card = page.getByTestId('job-card').filter({ hasText: title });
  await visible(card);
  await card.getByRole('button', { name: 'Send a proposal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send a proposal' });
  await dialog.getByLabel('Your price ($)').fill(price);
  await dialog.getByLabel('Estimated duration (hours)').fill(hours);
  await dialog.getByLabel('Earliest start').fill(inDays(3));
  await dialog.getByLabel('Message to the customer').fill(message);
  await dialog.getByRole('button', { name: 'Send proposal' }).click();
  await visible(page.getByText('Proposal sent', { exact: true }));
  await hidden(dialog);
}

/**
 * Time passing. A contractor can mark a job completed only after it started, and the journey
 * cannot wait a day; so once the booking is confirmed, the contractor's `CompleteBooking` command
 * runs through the real decider against the running app's event store, with the clock set to three
 * hours after the start — exactly what the API would do at that time. No product code knows.
 */
async function completeLater(app: E2EApp, booking: { id: string; contractorId: string; startsAt: string }) {
  if (!store) {
    const settings = JSON.parse(readFileSync(path.join(app.dataDir, 'postgres.json'), 'utf8')) as {
      port: number;
      password: string;
    };
    store = await openEventStore({
      databaseUrl: `postgres://postgres:${encodeURIComponent(settings.password)}@127.0.0.1:${settings.port}/marketplace`,
    });
  }
  const later = new Date(Date.parse(booking.startsAt) + 3 * 3_600_000);
  await handleCommand(
    store,
    scheduleStreamId(booking.contractorId),
    scheduleDecider,
    { type: 'CompleteBooking', bookingId: booking.id, actorId: booking.contractorId, now: later },
    { actorId: booking.contractorId, correlationId: randomUUID(), now: later },
  );
}

describe('the marketplace, end to end', { timeout: 240_000 }, () => {
  it('post open for bids → two bids → compare and hire → book → confirm → message live → complete → double-blind reviews', () =>
    e2e.run(async ({ page: customerPage, context: customerContext, app }) => {
      await e2e.run(async ({ page: winnerPage, context: winnerContext }) => {
        await e2e.run(
          async ({ page: loserPage, context: loserContext }) => {
            const title = `Paint a living room ${randomUUID().slice(0, 6)}`;
            const customer = await signUpViaApi(customerContext, 'customer');
            const winner = await setUpContractor(winnerContext);
            const loser = await setUpContractor(loserContext);

            // ── The customer posts the job, open for bids.
            await open(customerPage, '/post-job');
            const form = customerPage.locator('form[data-form]');
            await form.getByLabel('Title').fill(title);
            await form
              .getByLabel('Description')
              .fill('Walls and ceiling of a living room, about 20 m². Paint is bought.');
            await form.getByLabel('Category').selectOption('painting');
            await form.getByLabel('Service').selectOption('painting');
            await form.getByLabel('Postal code').fill('M5V 2T6');
            await form.getByLabel('Amount ($)').fill('900');
            expect(await form.getByRole('radio', { name: /Open for bids/ }).isChecked()).toBe(true);
            await form.getByRole('button', { name: 'Post job' }).click();
            await customerPage.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
            const orderPath = new URL(customerPage.url()).pathname;
            const workOrderId = orderPath.split('/').pop()!;

            // ── Two contractors who work there find it and bid (one on a phone).
            await bid(winnerPage, title, '850', '8', 'Two coats, ceiling included, done in a day.');
            await bid(loserPage, title, '700', '14', 'I work alone and carefully; two days.');

            // ── The customer compares side by side and hires one, after confirming.
            await open(customerPage, `${orderPath}/proposals`);
            const rows = customerPage.getByTestId('proposal-row');
            await expect.poll(() => rows.count()).toBe(2);
            const winning = rows.filter({ hasText: winner.name });
            await visible(winning.getByText('$850'));
            await visible(winning.getByText('8 hours'));
            await visible(rows.filter({ hasText: loser.name }).getByText('$700'));
            await visible(rows.filter({ hasText: loser.name }).getByText('14 hours'));
            await winning.getByRole('button', { name: `Accept: ${winner.name}` }).click();
            await customerPage
              .getByRole('dialog', { name: `Hire ${winner.name}?` })
              .getByRole('button', { name: 'Accept proposal' })
              .click();
            await visible(customerPage.getByText('Proposal accepted', { exact: true }));
            await visible(rows.filter({ hasText: loser.name }).getByText('Not selected'));

            // ── The loser is told: their proposal is declined and a notification says so.
            await open(loserPage, '/open-bids');
            const mine = loserPage.locator('#my-proposals').getByTestId('my-proposal').filter({ hasText: title });
            await visible(mine.getByText('Not selected'));
            // Their only notifications were the welcome; now a booking update says they were not chosen.
            await expect
              .poll(async () => {
                const list = (await (await loserContext.request.get('/api/notifications')).json()) as {
                  type: string;
                }[];
                return list.map((n) => n.type);
              })
              .toContain('booking_update');

            // ── The customer books the awarded job in the winner's calendar.
            await open(customerPage, `/schedule/${winner.id}/work-order/${workOrderId}`);
            await visible(customerPage.getByText(title).first());
            const slot = customerPage.getByTestId('slot').first();
            await visible(slot);
            const startsAt = (await slot.getAttribute('data-starts-at'))!;
            await slot.click();
            await customerPage.getByRole('button', { name: 'Request this time' }).click();
            await visible(customerPage.getByText('Request sent'));
            await customerPage.getByRole('link', { name: 'View booking' }).click();
            await customerPage.waitForURL(/\/bookings\/[0-9a-f-]{36}$/);
            const bookingPath = new URL(customerPage.url()).pathname;
            const bookingId = bookingPath.split('/').pop()!;
            await hydrated(customerPage);
            await visible(customerPage.getByTestId('booking-status').getByText('Waiting for confirmation'));

            // ── The winner confirms it.
            await open(winnerPage, bookingPath);
            await winnerPage.getByRole('button', { name: 'Confirm', exact: true }).click();
            await visible(winnerPage.getByTestId('booking-status').getByText('Confirmed'));

            // ── They message each other on the booking; each sees the other's message live.
            await customerPage.reload();
            await hydrated(customerPage);
            await visible(customerPage.getByTestId('booking-status').getByText('Confirmed'));
            const customerComposer = customerPage.getByLabel(`Message to ${winner.name}`);
            const winnerComposer = winnerPage.getByLabel(`Message to ${customer.name}`);
            await visible(winnerComposer);
            await customerComposer.fill('The building has a freight elevator; booking it for you.');
            await customerPage.getByRole('button', { name: 'Send', exact: true }).click();
            await visible(
              winnerPage
                .getByRole('log')
                .getByTestId('message')
                .filter({ hasText: 'The building has a freight elevator' }),
            );
            await winnerComposer.fill('Perfect, I will bring drop cloths for the floor.');
            await winnerPage.getByRole('button', { name: 'Send', exact: true }).click();
            await visible(
              customerPage.getByRole('log').getByTestId('message').filter({ hasText: 'I will bring drop cloths' }),
            );

            // ── The job is done (see completeLater), and the page says so.
            await completeLater(app, { id: bookingId, contractorId: winner.id, startsAt });
            await expect
              .poll(async () => {
                await customerPage.reload();
                await hydrated(customerPage);
                return customerPage.getByTestId('booking-status').innerText();
              })
              .toMatch(/Completed/);

            // ── A job hired through bids is reviewed once, as a job, when its payment is released:
            // the completed visit alone offers no review.
            expect(await customerPage.getByRole('form', { name: `Your review of ${winner.name}` }).count()).toBe(0);
            await signViaApi(customerContext, workOrderId, customer.name);
            await signViaApi(winnerContext, workOrderId, winner.name);
            await fundViaApi(customerContext, workOrderId);
            // The visit was completed, so the paid work is marked complete by itself, within a second
            // or two (the money process), with nothing left for the contractor to press.
            await expect
              .poll(
                async () =>
                  (
                    (await (await customerContext.request.get(`/api/escrows/${workOrderId}`)).json()) as {
                      status: string;
                    }
                  ).status,
                { timeout: 20_000 },
              )
              .toBe('completed');
            const approved = await customerContext.request.post(`/api/escrows/${workOrderId}/approve`, {
              headers: { 'Idempotency-Key': randomUUID() },
              data: {},
            });
            expect(approved.status(), await approved.text()).toBe(200);

            // ── The customer reviews first: the winner cannot see it yet, nor can the public.
            const pending = customerPage.getByTestId('pending-review');
            await expect
              .poll(
                async () => {
                  await open(customerPage, '/reviews');
                  return pending.count();
                },
                { timeout: 20_000 },
              )
              .toBe(1);
            await pending.getByRole('button', { name: 'Write a review' }).click();
            const customerForm = customerPage.getByRole('form', { name: `Your review of ${winner.name}` });
            await customerForm.locator('label').filter({ hasText: '5 stars' }).click();
            await customerForm
              .getByLabel('Your review', { exact: true })
              .fill('Spotless lines and a clean floor afterwards.');
            await customerForm.getByRole('button', { name: 'Submit review' }).click();
            await visible(
              customerPage.getByText(
                'Your review is saved. It will be published when the other side has written theirs, or after 7 days.',
              ),
            );
            await open(winnerPage, '/reviews');
            await winnerPage.getByTestId('pending-review').getByRole('button', { name: 'Write a review' }).click();
            const winnerForm = winnerPage.getByRole('form', { name: `Your review of ${customer.name}` });
            await visible(winnerForm);
            expect(await winnerPage.getByText('Spotless lines and a clean floor afterwards.').count()).toBe(0);
            const profile = (await (
              await loserContext.request.get(`/api/contractors/${winner.id}/reviews`)
            ).json()) as {
              count: number;
            };
            expect(profile.count).toBe(0);

            // ── The winner reviews second: both reviews are published at once.
            await winnerForm.locator('label').filter({ hasText: '4 stars' }).click();
            await winnerForm
              .getByLabel('Your review', { exact: true })
              .fill('Clear instructions and the elevator was ready.');
            await winnerForm.getByRole('button', { name: 'Submit review' }).click();
            await visible(winnerPage.getByText('Spotless lines and a clean floor afterwards.'));
            await customerPage.reload();
            await hydrated(customerPage);
            await visible(customerPage.getByText('Clear instructions and the elevator was ready.'));

            // ── The rating reaches the winner's public profile.
            await open(loserPage, `/contractors/${winner.id}`);
            await visible(loserPage.getByText('Spotless lines and a clean floor afterwards.'));
          },
          { mobile: true },
        );
      });
    }));
});
