import { defineConfig } from 'vitest/config';

/**
 * Three projects, by what a test file needs (README, "Test it"):
 * - unit: no database, no Redis, no browser, no site build (`npm run test:unit`). The deciders and
 *   pure helpers beside their code, and the few suites under tests/ that only read files or parse
 *   configuration. It has no global setup, so it starts nothing.
 * - integration: real PostgreSQL and Redis, the app in-process or as `npm start`
 *   (`npm run test:integration`); tests/support/global-setup.ts finds or starts both.
 * - e2e: the browser journeys in Chromium (`npm run test:e2e`), after the other two.
 */
const E2E = 'tests/e2e/**/*.test.ts';
/** Suites under tests/ that touch no server: configuration parsing and the compose file. */
const UNIT_IN_TESTS = ['tests/config.test.ts', 'tests/docker-compose.test.ts'];

export default defineConfig({
  test: {
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
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'api/**/*.test.ts',
            'projections/**/*.test.ts',
            'workflows/**/*.test.ts',
            'infrastructure/**/*.test.ts',
            'runtime/**/*.test.ts',
            'site/**/*.test.{ts,tsx}',
            ...UNIT_IN_TESTS,
          ],
          exclude: ['**/node_modules/**'],
          // Nothing here needs a process of its own (no native modules, no SIGKILL): worker threads
          // start faster than forks, which is most of this project's time on two cores.
          pool: 'threads',
          // The files of a thread share the modules they import, as the integration files do:
          // loading them anew for each of 165 files took 27 s of wall time and 41 s of CPU, against
          // 11 and 16 shared. The setup file ends a file's stubs, fake timers and spies with the file.
          isolate: false,
          setupFiles: ['tests/support/unit-env.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          exclude: [E2E, ...UNIT_IN_TESTS, '**/node_modules/**'],
          globalSetup: ['tests/support/global-setup.ts'],
          setupFiles: ['tests/support/integration-env.ts'],
          // The files of a worker share its process and the modules they import: loading the app's
          // modules anew for each of 76 files was about a fifth of this project's time (358 s against
          // 283 s of wall time, measured one after the other). Each file makes its own database, app
          // and clients and closes them in afterAll; none changes process.env or mocks a module.
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: [E2E],
          globalSetup: ['tests/support/e2e-setup.ts'],
          // Sharing a worker's process, as the integration files do: half a second a file of
          // loading Playwright and the helpers again (8 short files: 65 s against 61 s).
          isolate: false,
          sequence: { groupOrder: 1 },
          // On CI a journey that fails is run once more: a real browser on a loaded two-core host
          // misses a 10-second wait now and then. The summary line names every test that needed it.
          retry: process.env.CI ? 1 : 0,
        },
      },
    ],
  },
});
