import { accessSync, constants } from 'node:fs';

/**
 * The system Chromium (Debian's package; nothing downloads a browser) and the flags every headless
 * run here uses: the browser journeys, the page-weight measurement and Lighthouse.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's `chromium-headless-shell` package: the same Blink and V8 without the desktop browser around them. */
const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/** Whether `file` exists and may be run. */
export function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The browser the journeys drive: the headless shell when it is installed (CI installs it), else
 * the full Chromium; `CHROMIUM_PATH`, when set, for both. The shell is what Playwright itself runs
 * headless tests in. The full browser sets up a whole desktop profile for every new context (about
 * 1.5 s of CPU on this project's two-core hosts, against 0.1 s), and a page load costs it three
 * times the shell's CPU: with a fresh context per test, that was most of the browser journeys'
 * time. Lighthouse and the page-weight bench keep the full browser, which is what people run.
 */
export function journeyBrowserPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return isExecutable(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH;
}

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
] as const;
