import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { scheduleStreamId } from '../../shared/domain/booking/events.ts';
import { openEventStore, type EventStore } from '../../shared/eventstore/index.ts';
import type { E2EApp } from '../support/start-app.ts';
import { hidden, open, signUpViaApi, useE2E, visible } from './support/browser.ts';
import { settleMotion, axeOn } from './support/axe.ts';

/**
 * Messaging and reviews in two real browsers: a customer (desktop, two panes) and a contractor (a
 * 360 px phone, one pane) write to each other about a booking and each sees the other's message
 * arrive without reloading; after the job is completed both review it, and the reviews appear
 * only once the second one is written.
 *
 * The booking itself belongs to the bookings module: until the cross-module journey replaces it,
 * this file appends the booking contract's events (shared/domain/booking/events.ts) to the running
 * app's event store, as that module would.
 */
const e2e = useE2E();

let store: EventStore | null = null;
afterAll(async () => {
  await store?.close();
});

/** The running app's event store, through its embedded PostgreSQL (settings in DATA_DIR). */
async function appStore(app: E2EApp): Promise<EventStore> {
  if (store) return store;
  const settings = JSON.parse(readFileSync(path.join(app.dataDir, 'postgres.json'), 'utf8')) as {
    port: number;
    password: string;
  };
  const url = `postgres://postgres:${encodeURIComponent(settings.password)}@127.0.0.1:${settings.port}/marketplace`;
  store = await openEventStore({ databaseUrl: url });
  return store;
}

async function userId(context: BrowserContext): Promise<string> {
  const response = await context.request.get('/api/auth/me');
  return ((await response.json()) as { id: string }).id;
}

/** What the bookings module appends when a booking is requested and confirmed, or completed. */
async function bookingEvents(
  app: E2EApp,
  booking: { bookingId: string; customerId: string; contractorId: string },
  stage: 'confirmed' | 'completed',
) {
  const eventStore = await appStore(app);
  const { bookingId, customerId, contractorId } = booking;
  const startsAt = new Date(Date.now() + 2 * 86_400_000);
  startsAt.setUTCHours(14, 0, 0, 0);
  const now = new Date().toISOString();
  const events =
    stage === 'confirmed'
      ? [
          {
            type: 'BookingRequested',
            data: {
              bookingId,
              contractorId,
              customerId,
              startsAt: startsAt.toISOString(),
              endsAt: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(),
              timeZone: 'America/Montreal',
              customerTimeZone: 'America/Montreal',
              workOrderId: null,
              offeringId: null,
              priceCents: 18_000,
              note: null,
              requestedAt: now,
            },
          },
          {
            type: 'BookingConfirmed',
            data: { bookingId, contractorId, customerId, startsAt: startsAt.toISOString(), confirmedAt: now },
          },
        ]
      : [
          {
            type: 'BookingCompleted',
            data: {
              bookingId,
              contractorId,
              customerId,
              workOrderId: null,
              completedBy: contractorId,
              completedAt: now,
            },
          },
        ];
  await eventStore.append(scheduleStreamId(contractorId), events);
}

const log = (page: Page) => page.getByRole('log');

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

describe('messages and reviews between a customer and a contractor', { timeout: 150_000 }, () => {
  it('exchange live messages about a booking, then both review it and the reviews appear after the second', () =>
    e2e.run(async ({ page: customerPage, context: customerContext, app }) => {
      await e2e.run(
        async ({ page: contractorPage, context: contractorContext }) => {
          const customer = await signUpViaApi(customerContext, 'customer');
          const contractor = await signUpViaApi(contractorContext, 'contractor');
          const booking = {
            bookingId: randomUUID(),
            customerId: await userId(customerContext),
            contractorId: await userId(contractorContext),
          };
          await bookingEvents(app, booking, 'confirmed');

          // ---------------------------------------------------------------- messages
          await open(contractorPage, '/messages');
          const contractorItem = contractorPage.getByTestId('conversation-item');
          await visible(contractorItem.getByText(customer.name));
          // One pane at 360 px: the list, and no thread yet.
          await hidden(contractorPage.getByText('Choose a conversation to read its messages.'));

          await open(customerPage, '/messages');
          await customerPage.getByTestId('conversation-item').filter({ hasText: contractor.name }).click();
          // Two panes on a desktop: the list stays beside the thread.
          await visible(customerPage.getByRole('navigation', { name: 'Conversations' }));
          await visible(log(customerPage).getByText('No messages yet'));
          expect(new URL(customerPage.url()).searchParams.get('c')).toBe(`booking:${booking.bookingId}`);

          const composer = customerPage.getByLabel(`Message to ${contractor.name}`);
          await composer.fill('Bonjour! Is 10 am still good for the gutter cleaning?');
          await visible(customerPage.getByText('53/2000 characters'));
          await composer.press('Enter');
          await visible(log(customerPage).getByText('Bonjour! Is 10 am still good for the gutter cleaning?'));
          // The live stream may show the message before the send is answered; the composer empties on the answer.
          await expect.poll(() => composer.inputValue()).toBe('');

          // The contractor's list shows it live, with an unread badge, without a reload.
          await visible(contractorItem.getByText('Bonjour! Is 10 am still good for the gutter cleaning?'));
          await visible(contractorItem.getByTestId('conversation-unread').getByText('1', { exact: true }));
          await contractorItem.click();
          await hidden(contractorPage.getByRole('navigation', { name: 'Conversations' }));
          await visible(log(contractorPage).getByText('Bonjour! Is 10 am still good for the gutter cleaning?'));
          // Opened and on screen: read, so the unread count goes back to zero.
          await expect
            .poll(
              async () => (await (await contractorContext.request.get('/api/conversations/unread-count')).json()).count,
            )
            .toBe(0);

          // Shift+Enter starts a new line; Enter sends.
          const reply = contractorPage.getByLabel(`Message to ${customer.name}`);
          await reply.click();
          await contractorPage.keyboard.type('Yes, 10 am works.');
          await contractorPage.keyboard.press('Shift+Enter');
          await contractorPage.keyboard.type('I will bring the long ladder.');
          await contractorPage.keyboard.press('Enter');
          await visible(log(contractorPage).getByText('I will bring the long ladder.'));

          // The customer sees the answer arrive in the open thread, both lines, without a reload.
          const answer = log(customerPage).getByTestId('message').filter({ hasText: 'Yes, 10 am works.' });
          await visible(answer);
          expect(await answer.locator('p').first().innerText()).toBe(
            'Yes, 10 am works.\nI will bring the long ladder.',
          );
          await visible(answer.getByText(contractor.name));
          await expectNoAxeViolations(customerPage, '/messages with a thread open');

          // And the other way round: the contractor's open thread receives the customer's next message.
          await composer.fill('Perfect, see you then.');
          await customerPage.getByRole('button', { name: 'Send', exact: true }).click();
          await visible(log(contractorPage).getByText('Perfect, see you then.'));

          // Back to the list on the phone.
          await contractorPage.getByRole('button', { name: 'All conversations' }).click();
          await visible(contractorItem);
          await hidden(contractorItem.getByTestId('conversation-unread'));

          // ---------------------------------------------------------------- reviews
          await bookingEvents(app, booking, 'completed');

          await open(customerPage, '/reviews');
          const pending = customerPage.getByTestId('pending-review');
          await visible(pending.getByText(`Your contractor: ${contractor.name}`));
          await pending.getByRole('button', { name: 'Write a review' }).click();
          const form = customerPage.getByRole('form', { name: `Your review of ${contractor.name}` });
          await form.getByRole('button', { name: 'Submit review' }).click();
          await visible(form.getByText('Please choose a rating from 1 to 5 stars.'));
          // A pointer clicks the fifth star.
          await form.locator('label').filter({ hasText: '5 stars' }).click();
          expect(await form.getByRole('radio', { name: '5 stars' }).isChecked()).toBe(true);
          await form.getByLabel('Your review').fill('On time, careful with the flower beds, gutters spotless.');
          await form.getByRole('button', { name: 'Submit review' }).click();
          await visible(
            customerPage.getByText(
              'Your review is saved. It will be published when the other side has written theirs, or after 7 days.',
            ),
          );
          const customerMine = customerPage.getByTestId('my-review');
          await visible(customerMine.getByText('On time, careful with the flower beds, gutters spotless.'));
          await visible(customerMine.getByText(new RegExp(`Hidden until ${contractor.name} writes theirs`)));

          // The contractor's dashboard lists it among the reviews to write.
          await open(contractorPage, '/contractor-dashboard');
          const pendingHeading = contractorPage.getByRole('heading', { name: 'Reviews to write' });
          await visible(pendingHeading);
          // The list hydrates when it scrolls into view (client:visible).
          await pendingHeading.scrollIntoViewIfNeeded();
          await visible(contractorPage.getByTestId('pending-review').getByText(`Your customer: ${customer.name}`));

          // The contractor is told the customer wrote, but cannot read it yet.
          await open(contractorPage, '/reviews');
          const theirPending = contractorPage.getByTestId('pending-review');
          await visible(theirPending.getByText(`${customer.name} has written their review. Write yours to see it.`));
          expect(await contractorPage.getByText('gutters spotless', { exact: false }).count()).toBe(0);
          await expectNoAxeViolations(contractorPage, '/reviews on a phone');

          await theirPending.getByRole('button', { name: 'Write a review' }).click();
          const theirForm = contractorPage.getByRole('form', { name: `Your review of ${customer.name}` });
          // The stars are a radio group: the keyboard chooses among them.
          await theirForm.getByRole('radio', { name: '1 star' }).focus();
          await contractorPage.keyboard.press('ArrowRight');
          await contractorPage.keyboard.press('ArrowRight');
          await contractorPage.keyboard.press('ArrowRight');
          expect(await theirForm.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
          await theirForm.getByLabel('Your review').fill('Clear instructions and the driveway was free for the truck.');
          await theirForm.getByRole('button', { name: 'Submit review' }).click();
          await visible(contractorPage.getByText('Both reviews are now published.'));

          // After the second review both are public: the contractor now reads the customer's.
          const contractorMine = contractorPage.getByTestId('my-review');
          await visible(contractorMine.getByText('On time, careful with the flower beds, gutters spotless.'));
          await visible(contractorMine.getByText('Clear instructions and the driveway was free for the truck.'));
          expect(await contractorMine.getAttribute('data-published')).toBe('true');

          await customerPage.reload();
          await visible(customerMine.getByText('Clear instructions and the driveway was free for the truck.'));
          await visible(customerPage.getByRole('img', { name: '4 out of 5 stars' }).first());
          await visible(customerPage.getByText('No reviews to write'));

          // The light theme reads as well.
          await customerPage.evaluate(() => localStorage.setItem('marketplace:theme', 'light'));
          await customerPage.reload();
          await visible(customerMine.getByText('Clear instructions and the driveway was free for the truck.'));
          await customerPage.waitForTimeout(300);
          await expectNoAxeViolations(customerPage, '/reviews in the light theme');
          await open(customerPage, `/messages?c=booking:${booking.bookingId}`);
          await visible(log(customerPage).getByText('Perfect, see you then.'));
          await customerPage.waitForTimeout(300);
          await expectNoAxeViolations(customerPage, '/messages in the light theme');

          // And in French.
          await open(customerPage, '/fr/reviews');
          await visible(customerPage.getByRole('heading', { name: 'Vos avis' }));
          await visible(customerPage.getByText('Aucun avis à écrire'));
        },
        { mobile: true },
      );
    }));
});
