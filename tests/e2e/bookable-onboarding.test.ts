import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { confirmationLinkOf, hydrated, open, signUpViaApi, useE2E, visible, waitForPath } from './support/browser.ts';
import { awardedJob } from './support/jobs.ts';
import { EN_SIGN_UP, fillSignUp, FR_SIGN_UP, uniqueEmail } from './support/sign-up-form.ts';
import { waitUntil } from '../support/wait.ts';

/**
 * Live means bookable: a contractor signs up, goes through the onboarding with a location and
 * their weekly hours, and a customer who hired them sees open slots at once; a customer whose
 * contractor has no hours proposes times instead, and the contractor is told and accepts one on
 * the job's page (a confirmed booking; the customer is told). In English and French (the French
 * contractor on a 360 px phone).
 */
const e2e = useE2E();

const LANGUAGES = {
  en: {
    locale: 'en-CA',
    prefix: '',
    signUp: EN_SIGN_UP,
    dialog: 'Get Started in Minutes',
    created: 'Account Created Successfully!',
    next: 'Next',
    goLive: 'Go Live',
    serviceTitle: 'Service title',
    serviceDescription: 'Service description',
    location: 'Location (optional)',
    radius: 'How far you travel (km)',
    step: (n: number) => `Step ${n} of 5`,
    openMonday: 'Open on Monday',
    openSaturday: 'Open on Saturday',
    saturdayFrom: 'Saturday — From',
    saturdayTo: 'Saturday — To',
    noHours: 'This contractor has not published their availability yet.',
    message: (name: string) => `Message ${name}`,
    time1: 'Time 1',
    note: 'Message (optional)',
    send: 'Send the proposal',
    sent: 'Proposal sent',
    proposedTitle: 'Times the customer proposed',
    acceptTime: 'Accept this time',
    timeAccepted: 'Time accepted',
    booked: 'Booked:',
    seeBooking: 'See the booking',
    acceptedNotice: 'Your proposed time was accepted',
  },
  fr: {
    locale: 'fr-CA',
    prefix: '/fr',
    signUp: FR_SIGN_UP,
    dialog: 'Commencez en quelques minutes',
    created: 'Compte créé avec succès!',
    next: 'Suivant',
    goLive: 'Mettre en ligne',
    serviceTitle: 'Titre du service',
    serviceDescription: 'Description du service',
    location: 'Lieu (facultatif)',
    radius: 'Distance de déplacement (km)',
    step: (n: number) => `Étape ${n} sur 5`,
    openMonday: 'Ouvert le Lundi',
    openSaturday: 'Ouvert le Samedi',
    saturdayFrom: 'Samedi — De',
    saturdayTo: 'Samedi — À',
    noHours: 'Cet entrepreneur n’a pas encore publié ses disponibilités.',
    message: (name: string) => `Écrire à ${name}`,
    time1: 'Moment 1',
    note: 'Message (facultatif)',
    send: 'Envoyer la proposition',
    sent: 'Proposition envoyée',
    proposedTitle: 'Moments proposés par le client',
    acceptTime: 'Accepter ce moment',
    timeAccepted: 'Moment accepté',
    booked: 'Réservé :',
    seeBooking: 'Voir la réservation',
    acceptedNotice: 'Le moment que vous avez proposé est accepté',
  },
} as const;

/** Whether a click at the element's centre lands on it, not on something drawn over it. */
function reachableByPointer(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && element.contains(hit);
  });
}

type Slot = { startsAt: string; date: string; time: string };

for (const [language, l] of Object.entries(LANGUAGES)) {
  describe(`live means bookable (${language})`, { timeout: 180_000 }, () => {
    it('a contractor finishes onboarding with a location and hours; the customer who hired them sees open slots', () =>
      e2e.run(
        async ({ page, context }) => {
          const email = uniqueEmail(`pro-${language}`);
          const name = `Bookable ${language} ${email.slice(8, 14)}`;
          await open(page, `${l.prefix}/signup`);
          await fillSignUp(page, { role: 'contractor', name, email }, l.signUp);
          const link = await confirmationLinkOf(email);
          await page.goto(`${link.pathname}${link.search}`);

          const dialog = page.getByRole('dialog', { name: l.dialog });
          await visible(dialog, 20_000);
          const next = dialog.getByRole('button', { name: l.next, exact: true });
          // The welcome toast does not cover the dialog's actions (on a phone too, where the dialog
          // takes the whole screen): a tap on the step's button reaches it while the toast is up.
          await visible(page.getByText(l.created, { exact: true }));
          expect(await reachableByPointer(next), `${l.next} is under the toast`).toBe(true);
          await dialog.getByLabel(l.serviceTitle, { exact: true }).fill('House Cleaning');
          await dialog
            .getByLabel(l.serviceDescription, { exact: true })
            .fill('Kitchens, bathrooms and floors, with my own supplies.');
          await next.click();

          await visible(dialog.getByText(l.step(2), { exact: true }));
          await dialog.getByLabel(l.location, { exact: true }).fill('Montréal, QC');
          expect(await dialog.getByLabel(l.radius, { exact: true }).inputValue()).toBe('25');
          await dialog.getByLabel(l.radius, { exact: true }).fill('40');
          await next.click();
          await visible(dialog.getByText(l.step(3), { exact: true }));
          await next.click();

          // The hours step: prefilled Monday to Friday; Saturday opened with the keyboard.
          await visible(dialog.getByText(l.step(4), { exact: true }));
          expect(await dialog.getByRole('checkbox', { name: l.openMonday }).isChecked()).toBe(true);
          const saturday = dialog.getByRole('checkbox', { name: l.openSaturday });
          expect(await saturday.isChecked()).toBe(false);
          await saturday.focus();
          await page.keyboard.press('Space');
          expect(await saturday.isChecked()).toBe(true);
          await dialog.getByLabel(l.saturdayFrom, { exact: true }).fill('10:00');
          await dialog.getByLabel(l.saturdayTo, { exact: true }).fill('14:00');
          await expectNoSeriousAxeViolations(page, 'the onboarding hours step');
          // Nothing spills sideways (the French run is on a 360 px wide phone).
          expect(await dialog.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
          await next.click();

          await visible(dialog.getByText(l.step(5), { exact: true }));
          await dialog.getByRole('button', { name: l.goLive, exact: true }).click();
          await waitForPath(page, `${l.prefix}/contractor-dashboard`, 20_000);

          // The location became a service area of 40 km around Montréal.
          const area = (await (await context.request.get('/api/contractor/service-area')).json()) as {
            serviceArea: { city: string; province: string; radiusKm: number } | null;
          };
          expect(area.serviceArea).toMatchObject({ city: 'Montréal', province: 'QC', radiusKm: 40 });
          const me = (await (await context.request.get('/api/auth/me')).json()) as { id: string };

          // A customer hires them and goes to schedule the job: open times are there.
          const customer = await e2e.newContext({ locale: l.locale });
          try {
            await signUpViaApi(customer, 'customer');
            const jobId = await awardedJob(customer, context);
            const customerPage = await customer.newPage();
            await open(customerPage, `${l.prefix}/schedule/${me.id}/work-order/${jobId}`);
            await hydrated(customerPage);
            await visible(customerPage.getByTestId('slot').first());
            expect(await customerPage.getByText(l.noHours).count()).toBe(0);

            // Within the next 14 days: the weekdays' hours and the Saturday the contractor added.
            const from = new Date().toISOString().slice(0, 10);
            const to = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
            const { timeZone, slots } = (await (
              await customer.request.get(`/api/contractors/${me.id}/slots?from=${from}&to=${to}`)
            ).json()) as { timeZone: string; slots: Slot[] };
            expect(slots.length).toBeGreaterThan(40);
            // A whole Saturday, two days on at least: on a Saturday morning today's first hours are
            // already inside the booking lead time (the run of 28 November listed 11:00 first).
            const later = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
            const saturdays = slots.filter((s) => s.date >= later && new Date(`${s.date}T12:00:00Z`).getUTCDay() === 6);
            const firstSaturday = saturdays.filter((s) => s.date === saturdays[0]?.date);
            expect(firstSaturday.map((s) => s.time)).toEqual(['10:00', '11:00', '12:00', '13:00']);
            expect(timeZone).toMatch(/^America\//);
          } finally {
            await customer.close();
          }
        },
        { locale: l.locale, mobile: language === 'fr' },
      ));

    it('a contractor without hours: the customer proposes times, the contractor is notified and accepts one', () =>
      e2e.run(
        async ({ page, context }) => {
          const contractor = await e2e.newContext({ locale: l.locale, mobile: language === 'fr' });
          try {
            const pro = await signUpViaApi(contractor, 'contractor');
            await signUpViaApi(context, 'customer');
            const jobId = await awardedJob(context, contractor);

            await open(page, `${l.prefix}/schedule/${pro.id}/work-order/${jobId}`);
            await hydrated(page);
            const fallback = page.getByTestId('no-hours');
            await visible(fallback.getByText(l.noHours));
            const write = fallback.getByRole('link', { name: l.message(pro.name) });
            await visible(write);
            expect(await write.getAttribute('href')).toBe(
              `${l.prefix}/messages?c=${encodeURIComponent(`work-order:${jobId}`)}`,
            );
            await expectNoSeriousAxeViolations(page, 'the schedule step without hours');

            const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
            await fallback.getByLabel(l.time1, { exact: true }).fill(`${day}T10:00`);
            await fallback.getByLabel(l.note, { exact: true }).fill('The side door is open.');
            await fallback.getByRole('button', { name: l.send }).click();
            await visible(fallback.getByText(l.sent, { exact: true }));

            // The contractor is told, and reads the times and the note in the job's conversation.
            const notifications = await waitUntil(
              async () => {
                const list = (await (await contractor.request.get('/api/notifications')).json()) as {
                  type: string;
                  priority: string;
                  actionUrl?: string;
                }[];
                return list.find((n) => n.actionUrl === `/projects/${jobId}`) ?? null;
              },
              { timeoutMs: 20_000, message: 'the contractor was not notified' },
            );
            expect(notifications).toMatchObject({ type: 'booking_request', priority: 'high' });
            const thread = (await (
              await contractor.request.get(`/api/conversations/work-order/${jobId}/messages`)
            ).json()) as { messages: { body: string }[] };
            expect(thread.messages).toHaveLength(1);
            expect(thread.messages[0]!.body).toContain('The side door is open.');

            // The notification leads to the job's page: the contractor accepts the proposed time there.
            const proPage = await contractor.newPage();
            await open(proPage, `${l.prefix}/projects/${jobId}`);
            const proposed = proPage.getByTestId('proposed-times');
            await visible(proposed.getByRole('heading', { name: l.proposedTitle }));
            const accept = proposed.getByRole('button', { name: new RegExp(`^${l.acceptTime}`) });
            expect(await accept.count()).toBe(1);
            await expectNoSeriousAxeViolations(proPage, 'the proposed times on the job page');
            if (language === 'fr') {
              const overflow = await proPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
              expect(overflow).toBeLessThanOrEqual(0);
            }
            await accept.focus();
            await proPage.keyboard.press('Enter');
            await visible(proPage.getByText(l.timeAccepted, { exact: true }));
            await visible(proposed.getByText(new RegExp(`^${l.booked}`)));
            await visible(proposed.getByRole('link', { name: l.seeBooking }));
            expect(await proposed.getByRole('button').count()).toBe(0);

            // The customer has a confirmed booking of the job at that time, and is told.
            const bookings = (await (await context.request.get('/api/bookings/mine')).json()) as {
              status: string;
              startsAt: string;
            }[];
            expect(bookings).toHaveLength(1);
            expect(bookings[0]!.status).toBe('confirmed');
            await waitUntil(
              async () => {
                const list = (await (await context.request.get('/api/notifications')).json()) as { title: string }[];
                // In the customer's own language (their account's, whatever this page's).
                const titles: string[] = [LANGUAGES.en.acceptedNotice, LANGUAGES.fr.acceptedNotice];
                return list.some((n) => titles.includes(n.title));
              },
              { timeoutMs: 20_000, message: 'the customer was not told' },
            );
          } finally {
            await contractor.close();
          }
        },
        { locale: l.locale },
      ));
  });
}
