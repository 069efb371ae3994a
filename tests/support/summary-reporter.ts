import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with one plain line, 'N passed, N failed', that any CI can read, after the names of
 * the tests that passed only when retried (browser journeys are retried once on CI): a flaky test
 * is listed on every run until it is mended, instead of passing unseen.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const flaky: string[] = [];
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed' && test.diagnostic()?.flaky)
          flaky.push(`${path.relative(process.cwd(), module.moduleId)}: ${test.fullName}`);
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    for (const name of flaky) process.stdout.write(`\npassed only when retried: ${name}`);
    const line =
      `tests: ${passed} passed, ${failed} failed` +
      (skipped ? `, ${skipped} skipped` : '') +
      (flaky.length ? `, ${flaky.length} flaky` : '');
    process.stdout.write(`\n${line}\n`);
  }
}
