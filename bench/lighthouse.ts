import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { UPDATE_SPLASH_FLAG } from '../site/islands/announcements/splash.ts';
import { DISMISSED_ANNOUNCEMENTS_KEY, ROADMAP_ANNOUNCEMENT_ID } from '../site/islands/announcements/keys.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../tests/support/chromium.ts';
import type { Row } from './support.ts';
import { SIGNED_IN_FIRST_DATA_MS, SIGNED_IN_LIGHTHOUSE_TARGET, sessionCookies, signedInPages } from './signed-in.ts';

/**
 * Lighthouse (mobile profile: Moto G Power viewport, simulated slow 4G and 4× CPU slowdown) on the
 * system Chromium, offline. Storage is kept between the set-up visit and the audit, so `/` is
 * measured as the landing page of a visitor who has seen the launch splash and dismissed the
 * roadmap announcement (otherwise `/` is a redirect to /update, which is audited on its own).
 */
export type LighthouseResult = {
  path: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  /** First contentful paint and Speed Index: with LCP, TBT and CLS, every metric of the score. */
  fcpMs: number;
  speedIndexMs: number;
  cls: number;
  tbtMs: number;
  /** Lighthouse's measure of the host's CPU speed (higher is faster): its scores scale with it. */
  benchmarkIndex: number;
  /** The largest paint's element (its CSS selector), so a late one can be told from the page's data. */
  lcpElement: string;
};

/** The selector of the element in Lighthouse's "largest contentful paint element" audit. */
function lcpElementOf(details: unknown): string {
  type Table = { items?: ({ node?: { selector?: string } } & Table)[] };
  const tables = (details as Table | undefined)?.items ?? [];
  for (const table of tables) {
    const node = table.node ?? table.items?.find((item) => item.node)?.node;
    if (node?.selector) return node.selector;
  }
  return 'unknown';
}

export const LIGHTHOUSE_TARGETS = { performance: 98, cls: 0, tbtMs: 100 } as const;
/** The public pages the TBT target holds for (the performance issue, deliverable 1); elsewhere it is shown. */
const TBT_PATHS: readonly string[] = ['/', '/pricing', '/privacy-policy', '/update'];
/** Audits per page; the median is reported (override with LIGHTHOUSE_RUNS). */
export const LIGHTHOUSE_RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/** A page to audit; with `cookie`, as the signed-in session it names (`name=value` pairs, put in the browser's jar). */
export type AuditedPage = string | { path: string; cookie: string };

export async function runLighthouse(baseURL: string, pages: AuditedPage[]): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS],
  });
  const results: LighthouseResult[] = [];
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(new URL('/update', baseURL).href);
    await page.evaluate(
      (flag, key, ids) => {
        localStorage.setItem(flag, 'lighthouse');
        localStorage.setItem(key, ids);
      },
      UPDATE_SPLASH_FLAG,
      DISMISSED_ANNOUNCEMENTS_KEY,
      JSON.stringify([ROADMAP_ANNOUNCEMENT_ID]),
    );
    const devtools = await page.createCDPSession();
    for (const audited of pages) {
      const { path, cookie } = typeof audited === 'string' ? { path: audited, cookie: undefined } : audited;
      // Storage is kept between audits (the announcement flags above), cookies included: each page
      // starts from its own visitor's session in the browser's cookie jar, as a real visit does. A
      // Cookie header added to every request instead lost to the jar's cookie, which the previous
      // page's session had set, so an admin page was audited as the customer's "access denied".
      await devtools.send('Network.clearBrowserCookies');
      for (const pair of cookie ? cookie.split('; ') : []) {
        const [name, ...value] = pair.split('=');
        await devtools.send('Network.setCookie', { name: name!, value: value.join('='), url: baseURL });
      }
      const runs: LighthouseResult[] = [];
      // Lighthouse's own advice: TBT under simulated throttling swings with CPU noise, so each page
      // is audited several times and the median run (by performance score) is reported. A run that
      // failed to load (a runtime error, no metrics) is retried rather than counted.
      for (let attempt = 0; runs.length < LIGHTHOUSE_RUNS && attempt < LIGHTHOUSE_RUNS * 2; attempt += 1) {
        const runner = await lighthouse(
          new URL(path, baseURL).href,
          {
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility'],
            disableStorageReset: true,
          },
          undefined,
          page,
        );
        if (!runner || runner.lhr.runtimeError) continue;
        const { categories, audits } = runner.lhr;
        runs.push({
          path,
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
          fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? Number.NaN),
          speedIndexMs: Math.round(audits['speed-index']?.numericValue ?? Number.NaN),
          cls: Number((audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)),
          tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
          benchmarkIndex: Math.round(runner.lhr.environment?.benchmarkIndex ?? Number.NaN),
          lcpElement: lcpElementOf(audits['largest-contentful-paint-element']?.details),
        });
      }
      if (runs.length === 0) throw new Error(`lighthouse could not audit ${path}`);
      runs.sort((a, b) => a.performance - b.performance);
      results.push(runs[Math.floor(runs.length / 2)]!);
    }
    await browser.disconnect();
  } finally {
    chrome.kill();
  }
  return results;
}

export async function benchLighthouse(
  baseURL: string,
  paths = ['/', '/pricing', '/contractors', '/privacy-policy', '/update'],
): Promise<Row[]> {
  const rows: Row[] = [];
  const results = await runLighthouse(baseURL, paths);
  // Simulated mobile throttling multiplies the host's own speed: the same page scores lower on a
  // slower machine, so the host's index is part of the figures.
  rows.push({
    metric: "Lighthouse's CPU benchmark index of this machine (higher is faster)",
    value: results.map((r) => r.benchmarkIndex).join(' / '),
    target: '',
    pass: null,
  });
  for (const result of results) {
    rows.push({
      metric: `Lighthouse performance, ${result.path} (mobile)`,
      value: String(result.performance),
      target: `>= ${LIGHTHOUSE_TARGETS.performance}`,
      pass: result.performance >= LIGHTHOUSE_TARGETS.performance,
    });
    rows.push({
      metric: `Lighthouse accessibility, ${result.path}`,
      value: String(result.accessibility),
      target: '100',
      pass: result.accessibility === 100,
    });
    rows.push({ metric: `LCP, ${result.path}`, value: `${result.lcpMs} ms`, target: '', pass: null });
    const tbtTarget = TBT_PATHS.includes(result.path);
    rows.push({
      metric: `TBT, ${result.path}`,
      value: `${result.tbtMs} ms`,
      target: tbtTarget ? `<= ${LIGHTHOUSE_TARGETS.tbtMs} ms` : '',
      pass: tbtTarget ? result.tbtMs <= LIGHTHOUSE_TARGETS.tbtMs : null,
    });
    rows.push({
      metric: `CLS, ${result.path}`,
      value: String(result.cls),
      target: `${LIGHTHOUSE_TARGETS.cls}`,
      pass: result.cls === LIGHTHOUSE_TARGETS.cls,
    });
  }
  return rows;
}

/**
 * The signed-in pages (bench/signed-in.ts) on Lighthouse's mobile profile, each as its demo account:
 * performance at least 95 and the first data (the largest paint) within 1 s, with the host's
 * benchmark index beside each score (the simulated throttling multiplies the host's own speed).
 */
export async function benchSignedInLighthouse(baseURL: string, password: string): Promise<Row[]> {
  const pages = await signedInPages(baseURL, password);
  const cookieOf = sessionCookies(baseURL, password);
  const audited = await Promise.all(
    pages.map(async (page) => ({ path: page.path, cookie: await cookieOf(page.email) })),
  );
  const results = await runLighthouse(baseURL, audited);
  const rows: Row[] = [];
  results.forEach((result, index) => {
    const page = pages[index]!;
    const label = `${page.label} (${page.path.replace(/[0-9a-f-]{36}$/, ':id')})`;
    rows.push({
      metric: `Lighthouse performance, signed in, ${label} (mobile; benchmark index)`,
      value: `${result.performance} (${result.benchmarkIndex})`,
      target: `>= ${SIGNED_IN_LIGHTHOUSE_TARGET}`,
      pass: result.performance >= SIGNED_IN_LIGHTHOUSE_TARGET,
    });
    rows.push({
      metric: `First data (largest paint), signed in, ${label} (mobile)`,
      value: `${result.lcpMs} ms`,
      target: `<= ${SIGNED_IN_FIRST_DATA_MS} ms`,
      pass: result.lcpMs <= SIGNED_IN_FIRST_DATA_MS,
    });
    rows.push({
      metric: `FCP / SI / LCP / TBT / CLS, signed in, ${label} (the largest paint's element)`,
      value: `${result.fcpMs} / ${result.speedIndexMs} / ${result.lcpMs} ms / ${result.tbtMs} ms / ${result.cls} (${result.lcpElement})`,
      target: '',
      pass: null,
    });
  });
  return rows;
}
