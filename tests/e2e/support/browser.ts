import { randomInt, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { CHROMIUM_FLAGS, journeyBrowserPath } from '../../support/chromium.ts';
import { sleep, waitUntil } from '../../support/wait.ts';
import { confirmationLinkFor } from '../../support/outbox.ts';
import { appIsRunning, listAppForTeardown, startApp, type E2EApp } from '../../support/start-app.ts';
import { UPDATE_SPLASH_FLAG } from '../../../site/islands/announcements/splash.ts';
import { DISMISSED_ANNOUNCEMENTS_KEY, ROADMAP_ANNOUNCEMENT_ID } from '../../../site/islands/announcements/keys.ts';

/**
 * Chromium through playwright-core's library API (there is no @playwright/test here): one browser
 * per test file, one app per test worker (or per file: `ownApp`), a fresh context per test, a
 * screenshot plus the page's console errors in test-results/e2e/ when a test fails.
 */
const root = path.resolve(import.meta.dirname, '..', '..', '..');
export const RESULTS_DIR = path.join(root, 'test-results', 'e2e');

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 360, height: 740 } as const;

/** Playwright waits fail well before vitest's test timeout, so the failure handler still runs. */
export const ACTION_TIMEOUT_MS = 10_000;
export const NAVIGATION_TIMEOUT_MS = 20_000;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: journeyBrowserPath(),
    args: ['--headless', ...CHROMIUM_FLAGS],
  });
}

export type PageOptions = {
  /** 360×740 instead of 1280×800. */
  mobile?: boolean;
  /** The browser's language (navigator.language); English by default. */
  locale?: string;
  /**
   * A first-time visitor: the update splash has not been seen and no announcement was dismissed.
   * By default a context is a returning visitor, so journeys land where they navigate.
   */
  firstVisit?: boolean;
  /**
   * The page's clock can be moved on (`stillShownAfter`): installed before the page's scripts, it
   * runs as usual until a journey moves it.
   */
  clock?: boolean;
};

export type Run = { page: Page; context: BrowserContext; app: E2EApp; problems: string[] };

export type E2E = {
  readonly app: E2EApp;
  readonly browser: Browser;
  /** Runs `fn` with a new context and page; on failure saves a screenshot and the console errors. */
  run(fn: (run: Run) => Promise<void>, options?: PageOptions): Promise<void>;
  /**
   * Another browser beside the run's own (a second device, say), set up as `run` sets up its own;
   * the caller closes it.
   */
  newContext(options?: PageOptions): Promise<BrowserContext>;
};

/** A random private address (10.0.0.0/8) for one browser context. */
function visitorAddress(): string {
  return ['10', randomInt(256), randomInt(256), randomInt(1, 255)].join('.');
}

/** The app of the test file running: helpers read its e-mail from its DATA_DIR. */
let fileApp: E2EApp | undefined;

/** Every app sits behind a "proxy" (TRUST_PROXY) so each context can come from its own address (see newContext). */
const startJourneyApp = () => startApp({ template: inject('appTemplateDir'), env: { TRUST_PROXY: 'true' } });

/**
 * The app this test worker's files share (see useE2E), started by the first of them. One that is
 * no longer running (a crash) is replaced. The run's teardown stops it (tests/support/e2e-setup.ts).
 */
let workerApp: Promise<E2EApp> | undefined;

async function sharedApp(): Promise<E2EApp> {
  const current = await workerApp?.catch(() => undefined);
  if (current && appIsRunning(current)) return current;
  workerApp = startJourneyApp().then((app) => {
    listAppForTeardown(inject('sharedAppsDir'), app);
    return app;
  });
  return workerApp;
}

export type E2EOptions = {
  /**
   * Why this file needs an app of its own, with only the demo data in it. Without it the file
   * shares its worker's app with the files that ran there before it: their accounts, jobs and
   * posts are in its database. A file that counts or orders what everyone sees (the directory's
   * ranking, an admin list, the forum's totals), changes what every visitor sees, or changes a demo
   * account says so here. A start is about 4 s of CPU on two cores, a tenth of the journeys' time.
   */
  ownApp?: string;
};

/** Registers beforeAll/afterAll for the file's app and browser. Call at the top of a test file. */
export function useE2E(options: E2EOptions = {}): E2E {
  let app: E2EApp | undefined;
  let browser: Browser | undefined;

  beforeAll(async () => {
    [app, browser] = await Promise.all([options.ownApp ? startJourneyApp() : sharedApp(), launchBrowser()]);
    fileApp = app;
  }, 240_000);

  afterAll(async () => {
    await browser?.close().catch(() => {});
    if (options.ownApp) await app?.stop();
  }, 60_000);

  const getApp = () => {
    if (!app) throw new Error('the app did not start (see beforeAll)');
    return app;
  };
  const getBrowser = () => {
    if (!browser) throw new Error('the browser did not start (see beforeAll)');
    return browser;
  };

  async function newContext(options: PageOptions = {}): Promise<BrowserContext> {
    const context = await getBrowser().newContext({
      baseURL: getApp().baseURL,
      viewport: options.mobile ? MOBILE : DESKTOP,
      locale: options.locale ?? 'en-CA',
      reducedMotion: 'reduce',
      // A context is one visitor: their own client address, so the per-address limits (10 sign-ups
      // a minute, say) count that person, not every journey of the file together.
      extraHTTPHeaders: { 'x-forwarded-for': visitorAddress() },
    });
    await context.addInitScript(noPointerRestingAtOrigin);
    if (!options.firstVisit) await context.addInitScript(returningVisitor, RETURNING_VISITOR_STATE);
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
    return context;
  }

  return {
    get app() {
      return getApp();
    },
    get browser() {
      return getBrowser();
    },
    newContext,
    async run(fn, options = {}) {
      const theApp = getApp();
      const context = await newContext(options);
      const page = await context.newPage();
      if (options.clock) {
        await page.clock.install();
        pagesWithClock.add(page);
      }
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
      });
      try {
        await fn({ page, context, app: theApp, problems });
      } catch (error) {
        const rebuilt = theApp.siteRebuiltSinceStart();
        if (rebuilt) problems.unshift(`NOTE: ${rebuilt}; a failure here may be that, not the UI.`);
        await saveFailure(page, problems, error);
        throw error;
      } finally {
        await context.close().catch(() => {});
      }
    },
  };
}

const RETURNING_VISITOR_STATE = {
  splashKey: UPDATE_SPLASH_FLAG,
  dismissedKey: DISMISSED_ANNOUNCEMENTS_KEY,
  dismissed: [ROADMAP_ANNOUNCEMENT_ID],
};

/**
 * Runs in the page before its scripts. The headless shell (tests/support/chromium.ts) puts its mouse
 * at (0, 0) in every new document and reports it there, on whatever is drawn at the top-left corner
 * (the header), as a pointer that came over it; the full browser, like a visitor's, reports no
 * pointer until one moves. Islands that hydrate at the first sign of use (site/directives/
 * interaction.ts) would take that for a visitor's hover, and the journeys that check what a page does
 * before anyone touches it would not be testing that any more. Only buttonless pointer and mouse
 * movement exactly at the origin is stopped, before any listener of the page hears it; the journeys'
 * own moves go to an element's centre.
 */
function noPointerRestingAtOrigin() {
  for (const type of ['pointerover', 'pointerenter', 'pointermove', 'mouseover', 'mouseenter', 'mousemove']) {
    window.addEventListener(
      type,
      (event) => {
        const pointer = event as MouseEvent;
        if (pointer.isTrusted && pointer.clientX === 0 && pointer.clientY === 0 && pointer.buttons === 0)
          event.stopImmediatePropagation();
      },
      { capture: true },
    );
  }
}

/** Runs in the page before its scripts (only where nothing is stored yet, so tests can clear it). */
function returningVisitor(state: typeof RETURNING_VISITOR_STATE) {
  try {
    if (sessionStorage.getItem('e2e:seeded')) return;
    sessionStorage.setItem('e2e:seeded', '1');
    if (localStorage.getItem(state.splashKey) === null) localStorage.setItem(state.splashKey, 'e2e');
    if (localStorage.getItem(state.dismissedKey) === null)
      localStorage.setItem(state.dismissedKey, JSON.stringify(state.dismissed));
  } catch {
    // about:blank and similar have no storage.
  }
}

async function saveFailure(page: Page, problems: string[], error: unknown) {
  const name = (expect.getState().currentTestName ?? 'unnamed')
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 120);
  try {
    mkdirSync(RESULTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`), fullPage: true, timeout: 5_000 });
    writeFileSync(
      path.join(RESULTS_DIR, `${name}.txt`),
      [`url: ${page.url()}`, `error: ${String(error)}`, '', ...problems].join('\n'),
    );
  } catch {
    // The page may be gone; the test's own error matters more.
  }
  if (error instanceof Error && problems.length) {
    error.message += `\n\nat ${page.url()}; the page logged:\n  ${problems.slice(-10).join('\n  ')}`;
  }
}

/** Waits until the page is at `pathname` (query ignored). */
export async function waitForPath(page: Page, pathname: string, timeout = NAVIGATION_TIMEOUT_MS) {
  try {
    await page.waitForURL((url) => url.pathname === pathname, { timeout });
  } catch {
    throw new Error(`expected to land on ${pathname}, but the page is at ${page.url()}`);
  }
}

/** Waits until `locator` is visible, with a readable failure. */
export async function visible(locator: Locator, timeout = ACTION_TIMEOUT_MS): Promise<Locator> {
  try {
    await locator.first().waitFor({ state: 'visible', timeout });
  } catch {
    throw new Error(`not visible within ${timeout} ms: ${String(locator)}`);
  }
  return locator;
}

/** Waits until `locator` is hidden or gone, with a readable failure. */
export async function hidden(locator: Locator, timeout = ACTION_TIMEOUT_MS): Promise<void> {
  try {
    await locator.first().waitFor({ state: 'hidden', timeout });
  } catch {
    throw new Error(`still visible after ${timeout} ms: ${String(locator)}`);
  }
}

/** Signs in through the API from the context, so the browser carries the session cookie. */
export async function signInViaApi(context: BrowserContext, email: string, password: string) {
  const response = await context.request.post('/api/auth/login', { data: { email, password } });
  if (!response.ok()) throw new Error(`sign-in of ${email} failed: ${response.status()} ${await response.text()}`);
}

/**
 * The sign-up confirmation link e-mailed to `email` by this file's app (the `count`-th e-mail to
 * it), read from the .eml file the app wrote under its DATA_DIR/outbox.
 */
export function confirmationLinkOf(email: string, options: { count?: number } = {}): Promise<URL> {
  if (!fileApp) throw new Error('no app for this file (call useE2E at the top of the file)');
  return confirmationLinkFor(fileApp.dataDir, email, options);
}

/**
 * Signs a new account up through the API from the context as a person does: the sign-up, the
 * confirmation link from the e-mail, the confirmation (which signs the context in). Used for
 * set-up so the sign-in route's rate limit (10 a minute per address) is left to the journeys.
 */
export async function signUpViaApi(
  context: BrowserContext,
  role: 'customer' | 'contractor',
  overrides: Partial<{ name: string; email: string; password: string; dateOfBirth: string }> = {},
): Promise<{ id: string; name: string; email: string; password: string }> {
  const suffix = randomUUID().slice(0, 8);
  const person = {
    name: `E2E ${role} ${suffix}`,
    email: `e2e-${role}-${suffix}@example.ca`,
    password: `pw-${randomUUID()}`,
    ...overrides,
  };
  const { dateOfBirth = '1990-01-15', ...details } = person;
  const response = await context.request.post('/api/auth/register', { data: { ...details, role, dateOfBirth } });
  if (response.status() !== 202) {
    throw new Error(`sign-up of ${details.email} failed: ${response.status()} ${await response.text()}`);
  }
  const link = await confirmationLinkOf(details.email);
  const confirmed = await context.request.post('/api/auth/confirm-registration', {
    data: { token: link.searchParams.get('token') },
  });
  if (!confirmed.ok()) {
    throw new Error(`confirmation of ${details.email} failed: ${confirmed.status()} ${await confirmed.text()}`);
  }
  const { user } = (await confirmed.json()) as { user: { id: string } };
  return { id: user.id, name: details.name, email: details.email, password: details.password };
}

/** The signed-in user as the server sees this context, or null. */
export async function currentUser(context: BrowserContext): Promise<{ role: string; email: string } | null> {
  const response = await context.request.get('/api/auth/me');
  return response.ok() ? ((await response.json()) as { role: string; email: string }) : null;
}

/**
 * Waits until every Astro island on the page that hydrates by itself has done so (Astro drops the
 * `ssr` attribute then), so clicks and typing reach React rather than the server-rendered HTML.
 * Islands that wait to be scrolled into view (`client:visible`), used (`client:interaction`) or
 * asked for (`client:request`: the dialog, toast and announcement hosts) are not awaited here, but
 * for a `client:interaction` island that hydrates at idle anyway (the header of a signed-in
 * visitor, marked `data-hydrate-soon`).
 */
/**
 * Runs in the page: the islands not ready for a click. Those still marked `ssr` (but the lazy ones)
 * and those React has not claimed yet: Astro drops `ssr` as soon as it hands an island to React,
 * which hydrates in a transition, and until React's fiber key is on the island's first element a
 * click there is lost (under load that gap once swallowed the AI builder test's first click).
 */
function pendingIslands(): string[] {
  const waiting = document.querySelectorAll(
    'astro-island[ssr]:not([client="visible"]):not([client="interaction"]):not([client="request"]), astro-island[ssr][data-hydrate-soon]',
  );
  const unclaimed = [...document.querySelectorAll('astro-island:not([ssr])')].filter((island) => {
    const first = island.firstElementChild;
    return first !== null && !Object.keys(first).some((key) => key.startsWith('__reactFiber$'));
  });
  return [...waiting, ...unclaimed].map((island) => island.getAttribute('component-url') ?? '(unnamed island)');
}

export async function hydrated(page: Page, timeout = ACTION_TIMEOUT_MS) {
  const deadline = Date.now() + timeout;
  for (;;) {
    // A navigation in between destroys the page's context: ask the new page.
    const pending = await page.evaluate(pendingIslands).catch((error: Error) => [`(${error.message})`]);
    if (pending.length === 0) return;
    if (Date.now() > deadline) {
      throw new Error(`islands not hydrated within ${timeout} ms on ${page.url()}: ${pending.join(', ')}`);
    }
    await sleep(25);
  }
}

/**
 * Waits for `locator`, reloading the page every half second after a short first look. For what a
 * process writes moments after the page loaded (a contract drawn up on an award, an escrow opened
 * on the second signature, a review published): the page shows it on its next load, not live. A
 * long wait for a live update followed by one reload cost a journey 20–30 s whenever the first
 * load came too early.
 */
export async function visibleAfterReload(page: Page, locator: Locator, timeout = 30_000): Promise<Locator> {
  const deadline = Date.now() + timeout;
  let wait = 2_000;
  for (;;) {
    try {
      return await visible(locator, wait);
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await sleep(500);
    await page.reload();
    await hydrated(page);
    wait = 1_000;
  }
}

/** Pages whose clock was installed before their scripts ran (`run` with `clock: true`). */
const pagesWithClock = new WeakSet<Page>();

/**
 * Checks that `locator` is still shown after `ms` of the page's time, moved on at once rather than
 * waited out: a message that must stay until the next try, where a toast would have gone. Only on
 * a page run with `clock: true`: a clock installed later would not move the timers set before it,
 * and the check would pass whatever they do.
 */
export async function stillShownAfter(page: Page, locator: Locator, ms: number) {
  if (!pagesWithClock.has(page)) throw new Error('stillShownAfter needs a page run with { clock: true }');
  await visible(locator);
  await page.clock.fastForward(ms);
  // Whatever the timers that fired set in motion gets a moment to land.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  await visible(locator, 1_000);
}

/** Loads `path` and waits for its islands. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await hydrated(page);
  // A dashboard's panels below the fold hydrate when scrolled to (client:visible): the journeys
  // work with the whole page, so each is brought into view once, then the page goes back to where
  // it was (the top, or the anchor the address named).
  if ((await page.locator('astro-island[ssr][client="visible"]').count()) > 0) {
    const at = await page.evaluate(() => window.scrollY);
    await revealVisibleIslands(page);
    await page.evaluate((y) => window.scrollTo(0, y), at);
  }
  return response;
}

/**
 * Brings every lazy panel of a dashboard (site/ui/LazyPanel.tsx: the admin dashboard's tools) into
 * view in page order, as a person scrolling down does, until each has loaded; then back to the top.
 * Waits for the panels to be on the page first: they render once the session is known.
 */
export async function revealLazyPanels(page: Page, timeout = NAVIGATION_TIMEOUT_MS) {
  await page.locator('[data-lazy-panel]').first().waitFor({ state: 'attached', timeout });
  const waiting = page.locator('[data-lazy-panel][data-state="waiting"]');
  while ((await waiting.count()) > 0) {
    const next = waiting.first();
    const name = await next.getAttribute('data-lazy-panel');
    const panel = page.locator(`[data-lazy-panel="${name}"]`);
    // Scrolled to again until it loads: the page is rendered on the server, so the panel may be
    // scrolled to before its island hydrates, and panels above it that load meanwhile move it away.
    await waitUntil(
      async () => {
        if ((await panel.getAttribute('data-state')) === 'near') return true;
        await panel.scrollIntoViewIfNeeded();
        return false;
      },
      {
        timeoutMs: ACTION_TIMEOUT_MS,
        intervalMs: 100,
        message: `the lazy panel ${name} did not load when scrolled to`,
      },
    );
  }
  await page.locator('[data-lazy-panel] [data-panel-skeleton]').first().waitFor({ state: 'detached', timeout });
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Scrolls every `client:visible` island into view so each one hydrates, wakes every
 * `client:interaction` one as a pointer would, then waits for them all; use before working below
 * the fold. Scrolls back to the top at the end.
 */
export async function revealIslands(page: Page, timeout = ACTION_TIMEOUT_MS) {
  await revealVisibleIslands(page, timeout);
  // The footer, the landing's cards and the pricing calculator wait for a first use (client:interaction).
  await activateIslands(page, timeout);
  await page.evaluate(() => window.scrollTo(0, 0));
  await hydrated(page, timeout);
}

/**
 * Scrolls each `client:visible` island into view and waits until it has hydrated. The scroll is
 * repeated every half second until the island hydrates: Astro's directive fires at the first
 * rendered frame in which one of the island's children intersects the viewport, and a panel above
 * it that loads its data or hydrates meanwhile can push it back out before that frame, on a busy
 * host often enough to fail a journey once in a while (the booking journey, in CI). The scroll is
 * the page's own `scrollIntoView` on the island's first child with a box (an island is
 * `display: contents`, with no box of its own), not Playwright's, which waits for the element to be
 * stable and gave up quietly under load.
 */
async function revealVisibleIslands(page: Page, timeout = ACTION_TIMEOUT_MS) {
  const lazy = page.locator('astro-island[ssr][client="visible"]');
  for (let i = await lazy.count(); i > 0; i = await lazy.count()) {
    const deadline = Date.now() + timeout;
    while (!(await scrolledToAndHydrated(page, i))) {
      if (Date.now() > deadline) {
        throw new Error(
          `a client:visible island did not hydrate within ${timeout} ms on ${page.url()}; left: ${(await lazyIslandsLeft(page)).join('; ')}`,
        );
      }
    }
  }
  await hydrated(page, timeout);
}

/** Scrolls to the first lazy island not hydrated yet; whether one of the `count` hydrated within half a second. */
async function scrolledToAndHydrated(page: Page, count: number): Promise<boolean> {
  await page
    .evaluate(() => {
      const island = document.querySelector('astro-island[ssr][client="visible"]');
      const child = [...(island?.children ?? [])].find((element) => element.getClientRects().length > 0);
      child?.scrollIntoView({ block: 'center' });
    })
    .catch(() => {});
  return page
    .waitForFunction((n) => document.querySelectorAll('astro-island[ssr][client="visible"]').length < n, count, {
      timeout: 500,
    })
    .then(
      () => true,
      () => false,
    );
}

/**
 * The lazy islands left, and what Astro's visible directive had to watch in each (it observes an
 * island's child elements: none, or none with a box, and it never fires).
 */
function lazyIslandsLeft(page: Page): Promise<string[]> {
  return page
    .evaluate(() =>
      [...document.querySelectorAll('astro-island[ssr][client="visible"]')].map((island) => {
        const children = [...island.children];
        const boxed = children.filter((child) => child.getClientRects().length > 0);
        const top = boxed[0] ? `, the first at ${Math.round(boxed[0].getBoundingClientRect().top)} px` : '';
        return `${island.getAttribute('component-url')} (${children.length} children, ${boxed.length} with a box${top})`;
      }),
    )
    .catch((error: Error) => [`(${error.message})`]);
}

/**
 * Hydrates every `client:interaction` island the way a visitor would (a pointer passing over it)
 * and waits for each; use before asserting what the island's code does.
 */
export async function activateIslands(page: Page, timeout = ACTION_TIMEOUT_MS) {
  for (const island of await page.locator('astro-island[ssr][client="interaction"]').elementHandles()) {
    await island.scrollIntoViewIfNeeded();
    // A pointer passing over it: `pointerover` wakes a plain client:interaction island, a move one
    // that waits for a press (`press`, which a scroll's hover does not wake). It comes from the
    // viewport's far corner: in the headless shell the pointer rests at the origin, over the header,
    // and a move within the element under it raises no `pointerover` (noPointerRestingAtOrigin).
    const viewport = page.viewportSize();
    if (viewport) await page.mouse.move(viewport.width - 1, viewport.height - 1);
    await island.hover({ trial: false, force: true }).catch(async () => {
      await island.dispatchEvent('pointerover');
      await island.dispatchEvent('pointermove');
    });
    await page
      .waitForFunction((element) => !(element as Element).hasAttribute('ssr'), island, { timeout })
      .catch(() => {
        throw new Error(`a client:interaction island did not hydrate within ${timeout} ms on ${page.url()}`);
      });
  }
}
