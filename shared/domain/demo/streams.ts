/** One stream lists every seeded demo account (a few dozen): beside the seed's chapter markers. */
export const DEMO_ACCOUNTS_STREAM = 'system-demo-accounts';
