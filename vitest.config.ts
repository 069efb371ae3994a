import { defineConfig } from 'vitest/config';

const E2E = 'tests/e2e/**/*.test.ts';

export default defineConfig({
  test: {
    globalSetup: ['tests/support/global-setup.ts'],
    // Two cores: a few files at a time, each with its own database.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll gives up after 1 s by default; a page still hydrating on a loaded CI machine can
    // take longer, and a poll that passes returns as soon as it does, so the wait costs nothing.
    expect: { poll: { timeout: 10_000 } },
    reporters: ['default', './tests/support/summary-reporter.ts'],
    // The browser journeys run after the rest: their 10-second UI waits should not share the two
    // cores with bursts like the 100 simultaneous approvals of the escrow tests.
    projects: [
      {
        extends: true,
        test: {
          name: 'unit-api',
          include: [
            'shared/**/*.test.ts',
            'api/**/*.test.ts',
            'projections/**/*.test.ts',
            'site/**/*.test.{ts,tsx}',
            'tests/**/*.test.ts',
          ],
          exclude: [E2E, '**/node_modules/**'],
          sequence: { groupOrder: 0 },
        },
      },
      { extends: true, test: { name: 'e2e', include: [E2E], sequence: { groupOrder: 1 } } },
    ],
  },
});
