import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'shared/**/*.test.ts',
      'api/**/*.test.ts',
      'projections/**/*.test.ts',
      'site/**/*.test.{ts,tsx}',
      'tests/**/*.test.ts',
    ],
    globalSetup: ['tests/support/global-setup.ts'],
    // Two cores: a few files at a time, each with its own database.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: ['default', './tests/support/summary-reporter.ts'],
  },
});
