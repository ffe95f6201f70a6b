// Prints one plain closing line, `tests: N passed, N failed, N skipped`, after vitest's own summary,
// so any CI that reads closing lines can count the run without knowing vitest's format. Above it,
// the slowest test files (import plus tests and hooks), so that a file that starts to cost the whole
// run minutes is seen in every run, not found later by profiling.
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SLOWEST = 10;

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
    }
    const timed = testModules
      .map((module) => {
        const { collectDuration, duration } = module.diagnostic();
        return { file: relative(process.cwd(), module.moduleId), seconds: (collectDuration + duration) / 1000 };
      })
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST);
    if (timed.length > 1) {
      const lines = timed.map(({ file, seconds }) => `${seconds.toFixed(1).padStart(7)} s  ${file}`);
      process.stdout.write(`\nslowest test files (import + tests):\n${lines.join('\n')}\n`);
    }
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
