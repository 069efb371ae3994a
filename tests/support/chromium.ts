/**
 * The system Chromium (Debian's package; nothing downloads a browser) and the flags every headless
 * run here uses: the browser journeys, the page-weight measurement and Lighthouse.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
] as const;
