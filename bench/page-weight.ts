import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { UPDATE_SPLASH_FLAG } from '../site/islands/announcements/splash.ts';
import { DISMISSED_ANNOUNCEMENTS_KEY, ROADMAP_ANNOUNCEMENT_ID } from '../site/islands/announcements/keys.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/chromium.ts';
import type { Row } from './support.ts';
import { SIGNED_IN_JS_BUDGET_BYTES, sessionCookies, signedInPages } from './signed-in.ts';

/**
 * Page weight before any interaction: a page is loaded in headless Chromium, left alone until the
 * network has been quiet and the main thread idle (so `client:idle` islands and anything they
 * fetch are in), never scrolled, clicked or typed into. The JavaScript counted is what the page
 * requested in that time, which is what it runs before any interaction (module scripts run once
 * fetched), plus the page's inline scripts (the theme, shell and early-input scripts, Astro's island
 * loader and its directives), gzipped together as one entry. Every script and style sheet it fetched is
 * counted at its gzip size (the unit; the server sends brotli, which is smaller), and each
 * response is checked for compression and, for hashed assets, long-lived caching.
 */
export type PageWeight = {
  path: string;
  viewport: string;
  jsGzip: number;
  cssGzip: number;
  scripts: { url: string; gzip: number }[];
  problems: string[];
};

export const VIEWPORTS = {
  mobile: { width: 412, height: 823 },
  desktop: { width: 1350, height: 940 },
} as const;

/**
 * Public pages run no React before the first interaction (the performance issue, deliverable 1):
 * at most this much JavaScript (gzip) before any interaction on these pages, for a signed-out
 * visitor, with or without an announcement shown. tests/e2e/public-pages.test.ts holds the same line.
 */
export const PUBLIC_JS_BUDGET_BYTES = 20 * 1024;
export const PUBLIC_BUDGET_PATHS: readonly string[] = ['/', '/pricing', '/privacy-policy'];

/** The budget a measured page is held to, if any. */
export function jsBudget(path: string): number | null {
  // The announcement popup is server HTML shown by a plain script: `/` with it due is held to the same line.
  if (PUBLIC_BUDGET_PATHS.includes(path)) return PUBLIC_JS_BUDGET_BYTES;
  return null;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', ...CHROMIUM_FLAGS],
  });
}

export type Visitor = 'returning' | 'announcement';

export async function measurePage(
  browser: Browser,
  baseURL: string,
  path: string,
  viewport: keyof typeof VIEWPORTS,
  visitor: Visitor = 'returning',
  /** A signed-in session's cookies (`name=value; …`), set before the page loads. */
  cookie?: string,
): Promise<PageWeight> {
  const context = await browser.newContext({ baseURL, viewport: VIEWPORTS[viewport] });
  if (cookie) {
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseURL };
      }),
    );
  }
  // A visitor who has seen the launch splash (else `/` is a redirect); 'returning' has also
  // dismissed the roadmap announcement, 'announcement' has not, so its popup loads too.
  await context.addInitScript(
    ([flag, dismissedKey, dismissed]) => {
      localStorage.setItem(flag!, 'bench');
      if (dismissed) localStorage.setItem(dismissedKey!, dismissed);
    },
    [
      UPDATE_SPLASH_FLAG,
      DISMISSED_ANNOUNCEMENTS_KEY,
      visitor === 'returning' ? JSON.stringify([ROADMAP_ANNOUNCEMENT_ID]) : '',
    ],
  );
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  const result: PageWeight = { path, viewport, jsGzip: 0, cssGzip: 0, scripts: [], problems: [] };
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      (async () => {
        const url = new URL(response.url());
        const body = await response.body().catch(() => Buffer.alloc(0));
        const gzip = gzipSync(body).length;
        if (type === 'script') {
          result.jsGzip += gzip;
          result.scripts.push({ url: url.pathname, gzip });
        } else result.cssGzip += gzip;
        const headers = response.headers();
        if (!/^(br|gzip)$/.test(headers['content-encoding'] ?? '') && body.length > 1024)
          result.problems.push(`${url.pathname} is not compressed`);
        if (url.pathname.startsWith('/_astro/') && !/immutable/.test(headers['cache-control'] ?? ''))
          result.problems.push(`${url.pathname} lacks immutable caching (${headers['cache-control'] ?? 'none'})`);
      })(),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  // Idle callbacks (client:idle) and the chunks they import, then quiet again.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500))));
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  const inline = gzipSync(await page.evaluate(inlineScripts)).length;
  result.jsGzip += inline;
  result.scripts.push({ url: '(inline scripts)', gzip: inline });
  await context.close();
  result.scripts.sort((a, b) => b.gzip - a.gzip);
  return result;
}

/** Runs in the page: the text of its inline scripts (JavaScript only, not JSON data). */
export function inlineScripts(): string {
  return [...document.querySelectorAll('script:not([src])')]
    .filter((script) => ['', 'module', 'text/javascript'].includes(script.getAttribute('type') ?? ''))
    .map((script) => script.textContent ?? '')
    .join('\n');
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function benchPageWeight(baseURL: string): Promise<Row[]> {
  const browser = await launchChromium();
  const rows: Row[] = [];
  try {
    const cases: [string, keyof typeof VIEWPORTS, Visitor][] = [
      ['/', 'mobile', 'returning'],
      ['/', 'desktop', 'returning'],
      ['/', 'mobile', 'announcement'],
      ['/pricing', 'mobile', 'returning'],
      ['/contractors', 'mobile', 'returning'],
      ['/privacy-policy', 'mobile', 'returning'],
    ];
    for (const [path, viewport, visitor] of cases) {
      const weight = await measurePage(browser, baseURL, path, viewport, visitor);
      const label = `${path} ${viewport}${visitor === 'announcement' ? ' (announcement shown)' : ''}`;
      const budget = jsBudget(path);
      rows.push({
        metric: `JS gzip before interaction, ${label}`,
        value: kb(weight.jsGzip),
        target: budget === null ? '' : `<= ${kb(budget)}`,
        pass: budget === null ? null : weight.jsGzip <= budget,
      });
      rows.push({ metric: `CSS gzip before interaction, ${label}`, value: kb(weight.cssGzip), target: '', pass: null });
      rows.push({
        metric: `assets compressed and cached, ${label}`,
        value: weight.problems.length === 0 ? 'yes' : weight.problems.join('; '),
        target: 'all',
        pass: weight.problems.length === 0,
      });
      if (process.env.BENCH_VERBOSE)
        console.log(label, weight.scripts.map((s) => `${s.url} ${kb(s.gzip)}`).join('\n  '));
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/**
 * The signed-in pages (bench/signed-in.ts), each for its demo account, on a phone's viewport: at
 * most 150 KB gzip of JavaScript before interaction.
 */
export async function benchSignedInPageWeight(baseURL: string, password: string): Promise<Row[]> {
  const pages = await signedInPages(baseURL, password);
  const cookieOf = sessionCookies(baseURL, password);
  const browser = await launchChromium();
  const rows: Row[] = [];
  try {
    for (const page of pages) {
      const weight = await measurePage(browser, baseURL, page.path, 'mobile', 'returning', await cookieOf(page.email));
      rows.push({
        metric: `JS gzip before interaction, signed in, ${page.label} (${page.path.replace(/[0-9a-f-]{36}$/, ':id')})`,
        value: kb(weight.jsGzip),
        target: `<= ${kb(SIGNED_IN_JS_BUDGET_BYTES)}`,
        pass: weight.jsGzip <= SIGNED_IN_JS_BUDGET_BYTES,
      });
      if (process.env.BENCH_VERBOSE)
        console.log(page.path, weight.scripts.map((s) => `${s.url} ${kb(s.gzip)}`).join('\n  '));
    }
  } finally {
    await browser.close();
  }
  return rows;
}
