import path from 'node:path';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

/** How many of the slowest files the summary names. */
const SLOWEST_SHOWN = 12;

/**
 * Ends the run with one plain line, 'N passed, N failed', that any CI can read, after the names of
 * the tests that passed only when retried (browser journeys are retried once on CI): a flaky test
 * is listed on every run until it is mended, instead of passing unseen. Before them: the time each
 * project's files took together and the slowest files, so a CI log that nears its time limit says
 * where the time went. A file that fails outside its tests (a `beforeAll` that throws leaves them
 * skipped) and an error no test caught count as failures too: the line never reads "0 failed" on a
 * run that failed.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError> = []) {
    let passed = 0;
    let failed = 0;
    const failedOutsideTests: string[] = [];
    let skipped = 0;
    const flaky: string[] = [];
    const byProject = new Map<string, number>();
    const files: Array<{ name: string; ms: number }> = [];
    for (const module of testModules) {
      const diagnostic = module.diagnostic();
      const ms = diagnostic.duration + diagnostic.collectDuration + diagnostic.setupDuration;
      const project = module.project.name || 'default';
      byProject.set(project, (byProject.get(project) ?? 0) + ms);
      files.push({ name: path.relative(process.cwd(), module.moduleId), ms });
      let failedTests = 0;
      for (const test of module.children.allTests()) {
        if (test.result().state === 'failed') failedTests++;
        const state = test.result().state;
        if (state === 'passed' && test.diagnostic()?.flaky)
          flaky.push(`${path.relative(process.cwd(), module.moduleId)}: ${test.fullName}`);
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (module.state() === 'failed' && failedTests === 0)
        failedOutsideTests.push(path.relative(process.cwd(), module.moduleId));
    }
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    process.stdout.write(
      `\ntime in files by project: ${[...byProject].map(([name, ms]) => `${name} ${seconds(ms)}`).join(', ')}`,
    );
    const slowest = files.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_SHOWN);
    process.stdout.write(`\nslowest files: ${slowest.map((file) => `${file.name} ${seconds(file.ms)}`).join('; ')}\n`);
    for (const name of flaky) process.stdout.write(`\npassed only when retried: ${name}`);
    for (const name of failedOutsideTests) process.stdout.write(`\nfailed outside its tests: ${name}`);
    failed += failedOutsideTests.length + unhandledErrors.length;
    const line =
      `tests: ${passed} passed, ${failed} failed` +
      (skipped ? `, ${skipped} skipped` : '') +
      (flaky.length ? `, ${flaky.length} flaky` : '');
    process.stdout.write(`\n${line}\n`);
  }
}
