// Prints one plain closing line, `tests: N passed, N failed, N skipped`, after vitest's own summary,
// so any CI that reads closing lines can count the run without knowing vitest's format. Above it,
// the slowest test files (import plus tests and hooks), so that a file that starts to cost the whole
// run minutes is seen in every run, not found later by profiling; and, when PostgreSQL or Redis
// suites skipped for want of DATABASE_URL or REDIS_URL, a block that says so (skipped-backends.ts).
import { relative } from 'node:path';
import type { UserConsoleLog } from 'vitest';
import type { Reporter, TestModule } from 'vitest/node';
import { countSkips, skipSummary } from './skipped-backends.js';

const SLOWEST = 10;

export default class SummaryReporter implements Reporter {
  private warnings: string[] = [];

  onTestRunStart(): void {
    this.warnings = [];
  }

  onUserConsoleLog(log: UserConsoleLog): void {
    if (log.content.includes('SKIPPED')) this.warnings.push(log.content);
  }

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
    const skips = skipSummary(countSkips(this.warnings));
    if (skips) process.stdout.write(`\n${skips}\n`);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
