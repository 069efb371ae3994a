import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { landingMessages } from '../../site/i18n/messages/landing.ts';
import { activateIslands, hidden, open, useE2E, visible, waitForPath } from './support/browser.ts';
import { settleMotion, axeOn } from './support/axe.ts';

/** The landing page in a real browser (docs/product.md#site). */
const e2e = useE2E();

const INTRO = landingMessages.en.heroIntro;

const searchCard = (page: Page) => page.getByRole('search', { name: 'Find Contractors or Create Work Order' });
const distanceLabel = (page: Page) => searchCard(page).locator('[data-distance-label]');
const howItWorks = (page: Page) => page.locator('#how-it-works');
/** The hero section (the header and other sections repeat some of its links). */
const hero = (page: Page) => page.locator('main section', { has: page.getByRole('heading', { level: 1 }) });

/**
 * Scrolls each client:visible island into view and waits until it has hydrated, then scrolls back
 * up. Same job as revealIslands, but by element handle: the two plan-builder cards sit side by side
 * and hydrate together, and a locator re-queried between them can find none left and time out.
 */
async function revealIslands(page: Page) {
  // The search card hydrates at the first sign of use; the cards below the fold when visible.
  await activateIslands(page);
  for (const island of await page.locator('astro-island[client="visible"]').elementHandles()) {
    await island.scrollIntoViewIfNeeded();
    await page.waitForFunction((element) => !(element as Element).hasAttribute('ssr'), island);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function query(page: Page): Promise<Record<string, string>> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

describe('landing hero', { timeout: 60_000 }, () => {
  it('shows the headline and the four buttons with their targets', () =>
    e2e.run(async ({ page }) => {
      await open(page, '/');
      await visible(page.getByRole('heading', { level: 1, name: 'Find Your Trusted Service Provider' }));
      await visible(page.getByText(INTRO, { exact: true }));
      const targets = {
        'Browse Contractors': '/contractors',
        'Become a Contractor': '/become-contractor',
        'Learn More': '#how-it-works',
        'ENTER PLATFORM': '/platform',
      };
      for (const [name, href] of Object.entries(targets)) {
        expect(await hero(page).getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
      }
      await hero(page).getByRole('link', { name: 'ENTER PLATFORM' }).click();
      await waitForPath(page, '/platform');
    }));

  it('Learn More moves to How It Works and gives it focus, by mouse and by keyboard', () =>
    e2e.run(async ({ page }) => {
      await open(page, '/');
      const learnMore = hero(page).getByRole('link', { name: 'Learn More', exact: true });
      await learnMore.click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('how-it-works');
      expect(new URL(page.url()).hash).toBe('#how-it-works');
      await expect.poll(() => howItWorks(page).evaluate((el) => el.getBoundingClientRect().top < 200)).toBe(true);

      await page.evaluate(() => {
        window.scrollTo(0, 0);
        history.replaceState(null, '', '/');
      });
      await learnMore.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('how-it-works');
      // The next Tab continues inside the section: its first control is the toggle.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).value)).toBe('subscribe');
    }));

  it('types the intro over the full text without moving the layout, and ends on the full text', () =>
    e2e.run(
      async ({ page }) => {
        await page.emulateMedia({ reducedMotion: 'no-preference' });
        await page.goto('/');
        const intro = page.locator('[data-hero-typewriter]');
        const typed = intro.locator('.tw-typed');
        const box = await intro.boundingBox();
        await expect.poll(() => typed.textContent().then((text) => text?.length ?? 0)).toBeGreaterThan(3);
        expect(await intro.getAttribute('data-typing')).toBe('true');
        const partial = (await typed.textContent()) ?? '';
        expect(partial.length).toBeLessThan(INTRO.length);
        expect(INTRO.startsWith(partial)).toBe(true);
        // The whole text stays in the page for screen readers; the typed layer is hidden from them.
        expect(await intro.locator('.tw-full').textContent()).toBe(INTRO);
        expect(await intro.locator('.tw-layer').getAttribute('aria-hidden')).toBe('true');
        expect(await intro.boundingBox()).toEqual(box);
        // The rest of the typing, at once: the page's clock runs on past its end, every timer in turn.
        await page.clock.runFor(30_000);
        await page.waitForFunction(() => !document.querySelector('[data-hero-typewriter][data-typing]'), null, {
          timeout: 5_000,
        });
        expect(await intro.boundingBox()).toEqual(box);
        await visible(page.getByText(INTRO, { exact: true }));
      },
      { clock: true },
    ));
});

describe('landing search card', { timeout: 60_000 }, () => {
  it('ships no search code until used, and keeps what was chosen before the code arrived', () =>
    e2e.run(async ({ page }) => {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let requested = false;
      await page.route('**/_astro/SearchCard*.js', async (route) => {
        requested = true;
        await held;
        await route.continue();
      });
      await open(page, '/');
      await page.waitForTimeout(500);
      expect(requested, 'the search card code loads before anyone touches it').toBe(false);

      const card = searchCard(page);
      const slider = card.getByRole('slider', { name: 'Distance' });
      await slider.focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      await card.getByRole('combobox', { name: 'Service' }).fill('Snow removal');
      await expect.poll(() => requested).toBe(true);
      release();

      // The search card's island (the header hydrates on use too, and is left alone here).
      await page.waitForFunction(
        () => !document.querySelector('astro-island[client="interaction"][ssr][component-url*="SearchCard"]'),
      );
      await expect.poll(() => distanceLabel(page).textContent()).toBe('Near you');
      expect(await slider.inputValue()).toBe('5');
      expect(await card.getByRole('combobox', { name: 'Service' }).inputValue()).toBe('Snow removal');
    }));

  it('labels the distance, switches the mode, suggests services and searches /platform with the values', () =>
    e2e.run(async ({ page }) => {
      await open(page, '/');
      await revealIslands(page);
      const card = searchCard(page);

      await expect.poll(() => distanceLabel(page).textContent()).toBe('Within 25km');
      const slider = card.getByRole('slider', { name: 'Distance' });
      await slider.focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      expect(await slider.inputValue()).toBe('5');
      expect(await distanceLabel(page).textContent()).toBe('Near you');
      await page.keyboard.press('ArrowRight');
      expect(await slider.inputValue()).toBe('10');
      expect(await distanceLabel(page).textContent()).toBe('Within 10km');
      expect(await slider.getAttribute('aria-valuetext')).toBe('Within 10km');
      // Page Up moves 10 steps of 5 km.
      await page.keyboard.press('PageUp');
      expect(await distanceLabel(page).textContent()).toBe('Within 60km');

      await visible(card.getByRole('button', { name: 'Find Contractors' }));
      await card.getByText('Work Orders', { exact: true }).click();
      await visible(card.getByRole('button', { name: 'Browse Work Orders' }));
      await page.keyboard.press('ArrowLeft');
      await visible(card.getByRole('button', { name: 'Find Contractors' }));
      await page.keyboard.press('ArrowRight');
      await visible(card.getByRole('button', { name: 'Browse Work Orders' }));

      const service = card.getByRole('combobox', { name: 'Service' });
      const listbox = card.getByRole('listbox', { name: 'Service suggestions' });
      await service.click();
      await service.pressSequentially('dog');
      await card.getByRole('option', { name: 'Dog Walking' }).click();
      expect(await service.inputValue()).toBe('Dog Walking');
      await hidden(listbox);

      await service.fill('');
      await service.pressSequentially('Pa');
      expect(await service.getAttribute('aria-expanded')).toBe('true');
      await visible(listbox.getByRole('option', { name: 'Painting' }));
      expect(await listbox.getByRole('option').allTextContents()).toEqual(['Painting', 'Home Repair']);
      await page.keyboard.press('ArrowDown');
      expect(await service.getAttribute('aria-activedescendant')).toBe(
        await listbox.getByRole('option', { name: 'Painting' }).getAttribute('id'),
      );
      await page.keyboard.press('Enter');
      expect(await service.inputValue()).toBe('Painting');
      await hidden(listbox);
      expect(await service.getAttribute('aria-expanded')).toBe('false');
      // Escape closes the list without choosing.
      await page.keyboard.press('ArrowDown');
      await visible(listbox);
      await page.keyboard.press('Escape');
      await hidden(listbox);
      expect(await service.inputValue()).toBe('Painting');

      await card.getByRole('button', { name: 'Browse Work Orders' }).click();
      // The search goes to /platform, which sends a work-order search on to /browse-jobs.
      await waitForPath(page, '/browse-jobs');
      expect(await query(page)).toEqual({ mode: 'work-orders', service: 'painting', distanceKm: '60' });
    }));

  it('is a working GET form before its script loads', () =>
    e2e.run(async ({ page }) => {
      await page.route('**/_astro/SearchCard*.js', (route) => route.abort());
      await page.goto('/');
      const card = searchCard(page);
      await card.getByRole('combobox', { name: 'Service' }).fill('Roof');
      await card.getByRole('button', { name: 'Find Contractors' }).click();
      // The search goes to /platform, which sends a contractor search on to /contractors.
      await waitForPath(page, '/contractors');
      expect(await query(page)).toEqual({ mode: 'contractors', service: 'Roof', distanceKm: '25' });
    }));

  it('Enable GPS shows the position to 4 decimals and sends it with the search', () =>
    e2e.run(async ({ page, context }) => {
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: 45.50169, longitude: -73.56725 });
      await open(page, '/');
      await revealIslands(page);
      const card = searchCard(page);
      await card.getByRole('button', { name: 'Enable GPS' }).click();
      await visible(card.getByRole('status').getByText('Your location: 45.5017, -73.5673'));
      await card.getByRole('button', { name: 'Find Contractors' }).click();
      // The search goes to /platform, which sends a contractor search on to /contractors.
      await waitForPath(page, '/contractors');
      expect(await query(page)).toEqual({ mode: 'contractors', distanceKm: '25', lat: '45.5017', lng: '-73.5673' });
    }));

  it("shows 'Location access denied' when refused, for about 4 seconds, without moving the layout", () =>
    e2e.run(async ({ page }) => {
      await open(page, '/');
      await revealIslands(page);
      const card = searchCard(page);
      const status = card.getByRole('status');
      const before = await status.boundingBox();
      await card.getByRole('button', { name: 'Enable GPS' }).click();
      const message = status.getByText('Location access denied', { exact: true });
      await visible(message);
      const shownAt = Date.now();
      expect(await status.boundingBox()).toEqual(before);
      await hidden(message, 8_000);
      const shownFor = Date.now() - shownAt;
      expect(shownFor).toBeGreaterThan(3_000);
      expect(shownFor).toBeLessThan(6_000);
    }));
});

async function visibleStepTitles(page: Page): Promise<string[]> {
  const titles = howItWorks(page).locator('ol h4');
  const texts: string[] = [];
  for (const title of await titles.all()) if (await title.isVisible()) texts.push((await title.textContent()) ?? '');
  return texts;
}

describe('landing sections', { timeout: 60_000 }, () => {
  it('How It Works shows 4 different step cards for each choice, by mouse and by keyboard', () =>
    e2e.run(async ({ page }) => {
      await open(page, '/');
      const section = howItWorks(page);
      const seen = new Set<string>();
      for (const choice of ['Subscribe', 'Direct Post', 'Get Bids']) {
        await section.locator('label', { hasText: choice }).click();
        expect(await section.getByRole('radio', { name: choice }).isChecked()).toBe(true);
        const titles = await visibleStepTitles(page);
        expect(titles, choice).toHaveLength(4);
        for (const title of titles) seen.add(title);
      }
      expect(seen.size).toBe(12);

      await section.getByRole('radio', { name: 'Get Bids' }).focus();
      await page.keyboard.press('ArrowLeft');
      expect(await section.getByRole('radio', { name: 'Direct Post' }).isChecked()).toBe(true);
      expect(await visibleStepTitles(page)).toContain('Create a work order');
      await page.keyboard.press('ArrowLeft');
      expect(await visibleStepTitles(page)).toContain('Choose a recurring service');

      for (const name of ['Post a Project', 'Find Work']) {
        expect(await section.getByRole('link', { name }).getAttribute('href')).toBe('/platform');
      }
    }));

  it('the plan preview and the AI builder card total what is switched on; the dialogs open', () =>
    e2e.run(async ({ page }) => {
      await open(page, '/');
      await revealIslands(page);
      const total = page.locator('[data-plan-total]');
      expect(await total.textContent()).toBe('$120/month');
      const photos = page.getByRole('switch', { name: 'Photo reports after each visit' });
      await photos.scrollIntoViewIfNeeded();
      await photos.press('Space');
      await expect.poll(() => total.textContent()).toBe('$135/month');
      await page.getByText('Weekend availability', { exact: true }).click();
      await expect.poll(() => total.textContent()).toBe('$150/month');
      await photos.press('Space');
      await expect.poll(() => total.textContent()).toBe('$135/month');

      const sessions = page.getByRole('slider', { name: 'Sessions per month' });
      expect(await sessions.inputValue()).toBe('12');
      expect(await page.getByRole('slider', { name: 'Hours per week' }).inputValue()).toBe('15');
      await sessions.focus();
      await page.keyboard.press('End');
      expect(await sessions.inputValue()).toBe('50');
      await visible(page.getByText('About $2.70 per session'));

      const aiTotal = page.locator('[data-ai-total]');
      expect(await aiTotal.textContent()).toBe('+$0/month');
      const deepClean = page.getByRole('button', { name: /Monthly deep clean/ });
      await deepClean.click();
      await page.getByRole('button', { name: /Bed linen change/ }).click();
      expect(await deepClean.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => aiTotal.textContent()).toBe('+$28/month');
      expect(await page.getByRole('link', { name: 'Become a Contractor to try it' }).getAttribute('href')).toBe(
        '/become-contractor',
      );

      expect(await page.getByRole('link', { name: 'Get Started Free' }).getAttribute('href')).toBe('/signup');
      expect(await page.getByRole('link', { name: 'View Pricing Details' }).getAttribute('href')).toBe('/pricing');

      // Both static buttons open their dialog from the keyboard, and focus comes back on Escape.
      for (const name of ['How evaluation works', 'See plans, boosts and fees']) {
        const button = page.getByRole('button', { name });
        await button.focus();
        await page.keyboard.press('Enter');
        const dialog = page.getByRole('dialog');
        await visible(dialog);
        await expect.poll(() => dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
        await page.keyboard.press('Escape');
        await hidden(dialog);
        await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);
      }
    }));

  it('is in French under /fr/', () =>
    e2e.run(async ({ page }) => {
      await open(page, '/fr/');
      await visible(
        page.getByRole('heading', { level: 1, name: 'Trouvez votre fournisseur de services de confiance' }),
      );
      await visible(page.getByText(landingMessages.fr.heroIntro, { exact: true }));
      expect(await hero(page).getByRole('link', { name: 'Parcourir les entrepreneurs' }).getAttribute('href')).toBe(
        '/fr/contractors',
      );
      expect(await hero(page).getByRole('link', { name: 'ACCÉDER À LA PLATEFORME' }).getAttribute('href')).toBe(
        '/fr/platform',
      );
      await visible(page.getByRole('heading', { name: 'Comment ça marche' }));
      await visible(page.getByRole('heading', { name: 'Prêt à commencer?' }));

      await revealIslands(page);
      const card = page.getByRole('search', { name: 'Trouver des entrepreneurs ou créer un bon de travail' });
      const slider = card.getByRole('slider', { name: 'Distance' });
      await slider.focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('ArrowRight');
      expect(await card.locator('[data-distance-label]').textContent()).toBe('Près de vous');
      await page.keyboard.press('ArrowRight');
      expect(await card.locator('[data-distance-label]').textContent()).toBe('Dans un rayon de 10 km');

      const service = card.getByRole('combobox', { name: 'Service' });
      await service.pressSequentially('pein');
      await card.getByRole('option', { name: 'Peinture' }).click();
      expect(await page.locator('[data-plan-total]').textContent()).toMatch(/^120\s\$\/mois$/);
      await card.getByRole('button', { name: 'Trouver des entrepreneurs' }).click();
      await waitForPath(page, '/fr/contractors');
      expect(await query(page)).toEqual({ mode: 'contractors', service: 'painting', distanceKm: '10' });
    }));

  for (const path of ['/', '/fr/']) {
    it(`fits a 360 px screen without horizontal scrolling (${path})`, () =>
      e2e.run(
        async ({ page }) => {
          await open(page, path);
          await revealIslands(page);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow).toBeLessThanOrEqual(0);
        },
        { mobile: true },
      ));
  }
});

const THEME_KEY = 'marketplace:theme';

function describeViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes.slice(0, 5).map((n) => `    - ${n.target.join(' ')}\n      ${n.failureSummary ?? ''}`);
      return `  [${v.impact}] ${v.id}: ${v.help}\n${nodes.join('\n')}`;
    })
    .join('\n');
}

async function expectNoViolations(page: Page, label: string) {
  await settleMotion(page);
  const results = await axeOn(page)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length) throw new Error(`${bad.length} axe violation(s) on ${label}:\n${describeViolations(bad)}`);
  expect(results.passes.length).toBeGreaterThan(0);
}

describe('landing accessibility (axe)', { timeout: 60_000 }, () => {
  for (const theme of ['dark', 'light'] as const) {
    for (const path of ['/', '/fr/']) {
      it(`${path} in the ${theme} theme has no serious or critical violations`, () =>
        e2e.run(async ({ page }) => {
          await page.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [THEME_KEY, theme]);
          await open(page, path);
          expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
          await revealIslands(page);
          await page.waitForTimeout(300);
          await expectNoViolations(page, `${path} (${theme})`);
          // And with the suggestion list open.
          const service = page.getByRole('combobox').first();
          await service.focus();
          await page.keyboard.press('ArrowDown');
          await visible(page.getByRole('listbox'));
          await expectNoViolations(page, `${path} (${theme}, suggestions open)`);
        }));
    }
  }
});
