import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { THEME_KEY } from '../../site/stores/accent.ts';
import { DEMO } from '../support/start-app.ts';
import { sleep, waitUntil } from '../support/wait.ts';
import { expectNoSeriousAxeViolations } from './support/axe.ts';
import { open, revealLazyPanels, signInViaApi, signUpViaApi, useE2E, visible } from './support/browser.ts';
import { awardedJob, fundViaApi, signViaApi } from './support/jobs.ts';

/**
 * The auditor view of the admin dashboard, as an administrator uses it: find a funded job by its
 * title, read its escrow history by role (never by name), fold it to an instant before the funding,
 * see the verification (chain and signed log), download the offline bundle; by keyboard for the
 * search and the tabs, in English, then in French on a 360 px screen in both themes.
 */
const e2e = useE2E();

type Person = { name: string; email: string };
let job: { jobId: string; title: string; customer: Person; contractor: Person };

beforeAll(async () => {
  const customerContext = await e2e.newContext();
  const contractorContext = await e2e.newContext();
  try {
    const contractor = await signUpViaApi(contractorContext, 'contractor');
    const customer = await signUpViaApi(customerContext, 'customer');
    const title = `Paint the audit room ${randomUUID().slice(0, 8)}`;
    const jobId = await awardedJob(customerContext, contractorContext, { title });
    await signViaApi(customerContext, jobId, customer.name);
    await signViaApi(contractorContext, jobId, contractor.name);
    // A clear gap between the escrow's creation and its funding, so an instant (to the second) falls between.
    await waitUntil(async () => (await customerContext.request.get(`/api/escrows/${jobId}`)).ok(), {
      timeoutMs: 20_000,
      message: 'the escrow was not created',
    });
    await sleep(2_000);
    await fundViaApi(customerContext, jobId);
    job = { jobId, title, customer, contractor };
  } finally {
    await customerContext.close();
    await contractorContext.close();
  }
}, 240_000);

/** The texts of each language the journey reads. */
const TEXT = {
  en: {
    path: '/admin-dashboard',
    search: 'Job id or words of the title',
    matching: (q: string) => `Jobs matching “${q}”`,
    tab: { escrow: 'Escrow', contract: 'Contract', dispute: 'Dispute' },
    noDispute: 'This job has no dispute.',
    customer: 'Customer',
    asOf: 'State as of (your local time)',
    folded: (count: number, total: number) => `(events up to then: ${count} of ${total})`,
    verified: 'Verified',
    checkAgain: 'Check again',
    download: 'Download the audit bundle',
    key: 'log’s public key',
  },
  fr: {
    path: '/fr/admin-dashboard',
    search: 'Identifiant du travail ou mots du titre',
    matching: (q: string) => `Travaux correspondant à « ${q} »`,
    tab: { escrow: 'Entiercement', contract: 'Contrat', dispute: 'Litige' },
    noDispute: 'Ce travail n’a pas de litige.',
    customer: 'Client',
    asOf: 'État au (votre heure locale)',
    folded: (count: number, total: number) => `(événements jusque-là : ${count} sur ${total})`,
    verified: 'Vérifié',
    checkAgain: 'Vérifier de nouveau',
    download: 'Télécharger le dossier d’audit',
    key: 'clé publique du journal',
  },
} as const;
type Language = keyof typeof TEXT;

const focused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('id') ?? null);

/** Types the title into the search box and opens the job, from the keyboard only. */
async function findJobByKeyboard(page: Page, section: Locator, t: (typeof TEXT)[Language]) {
  await section.getByLabel(t.search).focus();
  await page.keyboard.type(job.title);
  await page.keyboard.press('Enter');
  await visible(section.getByText(t.matching(job.title)));
  // Tab from the box over the Search button to the one job found, and open it.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const result = section.getByRole('button', { name: job.title });
  expect(await result.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await expect.poll(() => focused(page)).toBe('audit-job');
  await expect.poll(() => result.getAttribute('aria-current')).toBe('true');
}

/** The escrow history: created, then funded by the customer; neither party's name or e-mail on the view. */
async function escrowHistoryByRole(section: Locator, t: (typeof TEXT)[Language]) {
  await expect.poll(() => section.getByRole('tab', { name: t.tab.escrow }).getAttribute('aria-selected')).toBe('true');
  const history = section.getByTestId('audit-history');
  const funded = history.locator('tr[data-type="EscrowFunded"]');
  await visible(funded);
  expect(await funded.locator('[data-role]').innerText()).toBe(t.customer);
  expect(await funded.locator('time').innerText()).toMatch(/\d/);
  const shown = await section.innerText();
  for (const secret of [job.customer.name, job.customer.email, job.contractor.name, job.contractor.email]) {
    expect(shown, `the auditor view shows ${secret}`).not.toContain(secret);
  }
  return history;
}

/** Folds the history to a whole second after its creation and before its funding (2 s later). */
async function stateBeforeFunding(page: Page, section: Locator, history: Locator, t: (typeof TEXT)[Language]) {
  const total = await history.locator('tbody tr').count();
  const created = await history.locator('tr[data-type="EscrowCreated"] time').getAttribute('datetime');
  const value = await page.evaluate((iso) => {
    const d = new Date(Math.floor((Date.parse(iso!) + 1000) / 1000) * 1000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  }, created);
  await section.getByLabel(t.asOf).fill(value);
  await section.getByLabel(t.asOf).press('Enter');
  const state = section.getByTestId('audit-state');
  await visible(state.getByText(t.folded(1, total), { exact: false }));
  expect(await state.locator('[data-field="status"] dd').innerText()).toBe('awaiting-funding');
  expect(await history.locator('tr[data-type="EscrowFunded"]').getAttribute('data-later')).toBe('true');
}

/** Verified by the chain; then, once a signed head (every 30 s) covers the stream, covered > 0. */
async function verification(section: Locator, t: (typeof TEXT)[Language]) {
  const result = section.getByTestId('audit-verification');
  await visible(result.getByRole('status').getByText(t.verified, { exact: true }));
  expect(await result.getAttribute('data-verified')).toBe('true');
  await waitUntil(
    async () => {
      const covered = Number(await result.getByTestId('audit-covered').getAttribute('data-count'));
      if (covered > 0) return true;
      await result.getByRole('button', { name: t.checkAgain }).click();
      await sleep(2_000);
      return false;
    },
    { timeoutMs: 90_000, message: 'no signed head covered the escrow within 90 s' },
  );
  await visible(result.getByRole('status').getByText(t.verified, { exact: true }));
  expect(await result.getByTestId('audit-head').innerText()).toMatch(/[0-9a-f]{12}…/);
}

/** The arrow keys move between the tabs: the contract's history, a job without a dispute, back to the escrow. */
async function tabsByKeyboard(page: Page, section: Locator, t: (typeof TEXT)[Language]) {
  // Radix moves the focus just after the key press: wait for each tab before the next key.
  const press = async (key: 'ArrowLeft' | 'ArrowRight', tab: keyof typeof t.tab) => {
    await page.keyboard.press(key);
    await expect.poll(() => section.getByRole('tab', { name: t.tab[tab] }).getAttribute('aria-selected')).toBe('true');
    await expect
      .poll(() => section.getByRole('tab', { name: t.tab[tab] }).evaluate((e) => e === document.activeElement))
      .toBe(true);
  };
  await section.getByRole('tab', { name: t.tab.escrow }).focus();
  await press('ArrowRight', 'contract');
  await visible(section.getByTestId('audit-history').locator('tr[data-type="ContractGenerated"]'));
  await press('ArrowRight', 'dispute');
  await visible(section.getByText(t.noDispute));
  await press('ArrowLeft', 'contract');
  await press('ArrowLeft', 'escrow');
  await visible(section.getByTestId('audit-history').locator('tr[data-type="EscrowFunded"]'));
}

/** The bundle downloads (from the keyboard) and is the escrow's, in the offline format. */
async function downloadBundle(page: Page, section: Locator, t: (typeof TEXT)[Language]) {
  const stream = `escrow-${job.jobId}`;
  await visible(section.getByRole('link', { name: t.key }));
  expect(await section.getByRole('link', { name: t.key }).getAttribute('href')).toBe('/.well-known/audit-key');
  const link = section.getByRole('link', { name: t.download });
  await link.focus();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toBe(`${stream}.audit-bundle.json`);
  const bundle = JSON.parse(await readFile(await download.path(), 'utf8')) as { format: string; stream: string };
  expect(bundle.format).toBe('marketplace-audit-bundle/1');
  expect(bundle.stream).toBe(stream);
}

async function useTheme(page: Page, path: string, theme: 'dark' | 'light') {
  await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [THEME_KEY, theme]);
  await open(page, path);
  await revealLazyPanels(page);
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
}

describe('the auditor view', { timeout: 240_000 }, () => {
  it('finds a funded job, reads its escrow by role, folds it before the funding, verifies it and downloads the bundle', () =>
    e2e.run(async ({ page, context }) => {
      const t = TEXT.en;
      await signInViaApi(context, DEMO.admin, e2e.app.demoPassword);
      await open(page, t.path);
      await revealLazyPanels(page);
      const section = page.getByTestId('auditor-view');
      await findJobByKeyboard(page, section, t);
      const history = await escrowHistoryByRole(section, t);
      await stateBeforeFunding(page, section, history, t);
      await verification(section, t);
      await tabsByKeyboard(page, section, t);
      await downloadBundle(page, section, t);
      await expectNoSeriousAxeViolations(page, '/admin-dashboard auditor view');
    }));

  it('in French on a 360 px screen, in both themes', () =>
    e2e.run(
      async ({ page, context }) => {
        const t = TEXT.fr;
        await signInViaApi(context, DEMO.admin, e2e.app.demoPassword);
        await open(page, t.path);
        await revealLazyPanels(page);
        const section = page.getByTestId('auditor-view');
        await findJobByKeyboard(page, section, t);
        const history = await escrowHistoryByRole(section, t);
        await stateBeforeFunding(page, section, history, t);
        await verification(section, t);
        await tabsByKeyboard(page, section, t);
        await downloadBundle(page, section, t);
        // The view fits the screen: nothing in it wider than 360 px.
        expect(await section.evaluate((element) => element.getBoundingClientRect().right)).toBeLessThanOrEqual(360);
        expect(await section.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

        for (const theme of ['dark', 'light'] as const) {
          await useTheme(page, t.path, theme);
          await findJobByKeyboard(page, section, t);
          await visible(section.getByTestId('audit-history').locator('tr[data-type="EscrowFunded"]'));
          await visible(section.getByTestId('audit-verification').getByText(t.verified, { exact: true }));
          // Let the theme's colour transitions settle before measuring contrast.
          await page.waitForTimeout(300);
          await expectNoSeriousAxeViolations(page, `/fr/admin-dashboard with the auditor view (${theme}, 360 px)`);
        }
      },
      { mobile: true, locale: 'fr-CA' },
    ));
});
