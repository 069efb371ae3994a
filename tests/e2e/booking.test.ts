import { describe, expect, it } from 'vitest';
import { hydrated, open, signUpViaApi, useE2E, visible, waitForPath } from './support/browser.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';

/**
 * Scheduling in a real browser: a contractor publishes availability from the dashboard, a
 * signed-out customer picks a slot on /schedule/{id}, signs in and comes back to book it, the
 * contractor confirms from the dashboard, the customer sees it confirmed, then cancels within
 * 24 h and is shown the late fee before and after.
 */
const e2e = useE2E();

describe('booking a contractor', { timeout: 180_000 }, () => {
  it('availability, a booking after sign-in, confirmation from the dashboard, a late cancellation with its fee', () =>
    // Two people, two browser contexts: the contractor's (outer) and the customer's (inner).
    e2e.run(async ({ page: proPage, context: contractorContext }) => {
      // ── The contractor publishes every day, all day, in 30-minute slots.
      const pro = await signUpViaApi(contractorContext, 'contractor');
      const proId = ((await (await contractorContext.request.get('/api/auth/me')).json()) as { id: string }).id;
      await open(proPage, '/contractor-dashboard');
      const editor = proPage.getByRole('form', { name: 'Weekly availability' });
      await visible(editor);
      await visible(editor.getByText('You have not published your availability yet', { exact: false }));
      await editor.getByLabel('Monday — From').fill('00:00');
      await editor.getByLabel('Monday — To').fill('23:30');
      await editor.getByRole('button', { name: 'Copy Monday to every day' }).click();
      expect(await editor.getByLabel('Sunday — To').inputValue()).toBe('23:30');
      await editor.getByLabel('Length of one booking').selectOption('30');
      await editor.getByRole('button', { name: 'Save availability' }).click();
      await visible(proPage.getByText('Availability saved'));
      await visible(proPage.getByText('No upcoming bookings yet', { exact: false }));

      await e2e.run(async ({ page, context }) => {
        // ── A customer account exists but is signed out, and looks at the schedule first.
        const person = await signUpViaApi(context, 'customer');
        await context.request.post('/api/auth/logout');
        await open(page, `/schedule/${proId}`);
        await visible(page.getByRole('heading', { level: 1, name: `Book ${pro.name}` }));
        await visible(page.getByTestId('cancellation-policy'));
        // Two hours past the first open slot: the earliest slots are barely over the one-hour lead
        // time, and by the end of this journey the first would no longer be offered to re-check.
        const first = page.getByTestId('slot').nth(4);
        await visible(first);
        const startsAt = await first.getAttribute('data-starts-at');
        expect(startsAt).toBeTruthy();
        await first.click();
        expect(await first.getAttribute('aria-pressed')).toBe('true');
        await expectNoSeriousAxeViolations(page, 'the schedule page');

        await page.getByRole('link', { name: 'Sign in to book' }).click();
        await waitForPath(page, '/signin');
        await hydrated(page);
        const main = page.getByRole('main');
        await main.getByLabel('Email').fill(person.email);
        await main.getByRole('textbox', { name: 'Password' }).fill(person.password);
        await main.getByRole('button', { name: 'Sign In', exact: true }).click();
        await waitForPath(page, `/schedule/${proId}`);
        await hydrated(page);

        // ── Back with the chosen slot: a note, and the request.
        await visible(page.getByTestId('selected-slot'));
        expect(new URL(page.url()).searchParams.get('slot')).toBe(startsAt);
        await page.getByLabel('Note for the contractor (optional)').fill('Side door, please.');
        await page.getByRole('button', { name: 'Request this time' }).click();
        await visible(page.getByText('Request sent'));
        await page.getByRole('link', { name: 'View booking' }).click();
        await page.waitForURL(/\/bookings\/[0-9a-f-]{36}$/);
        await hydrated(page);
        const bookingUrl = new URL(page.url()).pathname;
        await visible(page.getByTestId('booking-status').getByText('Waiting for confirmation'));
        await visible(page.getByText('Side door, please.'));

        // ── The contractor confirms from the dashboard.
        await open(proPage, '/contractor-dashboard');
        const item = proPage.getByTestId('booking-item').filter({ hasText: person.name });
        await visible(item);
        await item.getByRole('button', { name: 'Confirm' }).click();
        await visible(proPage.getByText('Booking confirmed'));
        await expect.poll(() => item.getAttribute('data-status')).toBe('confirmed');

        // ── The customer sees it confirmed, then cancels within 24 h: the fee is stated first.
        await open(page, bookingUrl);
        await visible(page.getByTestId('booking-status').getByText('Confirmed'));
        await visible(page.getByTestId('free-until').getByText('The free cancellation period has ended.'));
        await expectNoSeriousAxeViolations(page, 'the booking page');
        await page.getByRole('button', { name: 'Cancel booking' }).click();
        const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
        await visible(dialog.getByText('Cancelling now costs a late-cancellation fee of $25.00.'));
        await dialog.getByRole('button', { name: 'Cancel and pay $25.00' }).click();
        await visible(page.getByTestId('booking-status').getByText('Cancelled'));
        await visible(page.getByTestId('late-fee').getByText('Late-cancellation fee: $25.00'));

        // The slot is open again for everyone.
        const slots = (await (await context.request.get(`/api/contractors/${proId}/slots`)).json()) as {
          slots: { startsAt: string }[];
        };
        expect(slots.slots.map((s) => s.startsAt)).toContain(startsAt);
      });
    }));

  it('shows the schedule in French, with the policy stated in French, and 404 for an unknown address', () =>
    e2e.run(async ({ page, context }) => {
      await signUpViaApi(context, 'contractor');
      const id = ((await (await context.request.get('/api/auth/me')).json()) as { id: string }).id;
      await open(page, `/fr/schedule/${id}`);
      await visible(page.getByText('Cet entrepreneur n’a pas encore publié ses disponibilités.'));
      await visible(page.getByText('L’annulation est gratuite plus de 24 heures avant le début', { exact: false }));
      const missing = await page.goto('/schedule/not-an-id');
      expect(missing?.status()).toBe(404);
      await visible(page.getByText('404 Page Not Found'));
    }));
});
