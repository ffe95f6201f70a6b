// How the CLI prints, without a server: tables cut to the terminal's width and narrowed to
// --columns, errors as JSON on stdout with --json (same exit code), an unreachable server named
// with how to set another, and check's reports for CI (JUnit XML, SARIF, GitHub annotations).
import { describe, expect, it } from 'vitest';
import { githubReport, junitReport, sarifReport, type CheckResult } from '../src/commands/check-reports.js';
import { printRows, type Io } from '../src/output.js';
import { runCli } from './support/run-cli.js';

function capture(extra: Partial<Io> = {}): { io: Io; lines: string[] } {
  const lines: string[] = [];
  const io: Io = {
    out: (t) => void lines.push(...t.split('\n')),
    write: async () => {},
    err: () => {},
    env: {},
    interactive: false,
    readStdin: async () => '',
    ...extra,
  };
  return { io, lines };
}

const rows = [{ url: `https://www.example.com/${'very-long-path/'.repeat(8)}`, score: 71, title: 'A page with a rather long title that goes on' }];
const columns = [
  { header: 'url', value: (r: (typeof rows)[number]) => r.url },
  { header: 'score', value: (r: (typeof rows)[number]) => r.score },
  { header: 'title', value: (r: (typeof rows)[number]) => r.title },
];

describe('tables', () => {
  it('fit the terminal: long cells are cut with …, every line within the width', () => {
    const { io, lines } = capture({ width: 60 });
    printRows(io, 'table', rows, columns);
    expect(lines.every((line) => line.length <= 60)).toBe(true);
    expect(lines.join('\n')).toContain('…');
    expect(lines.join('\n')).toContain('71');
  });

  it('are whole on a pipe (no width), and show only --columns, in their order', () => {
    const whole = capture();
    printRows(whole.io, 'table', rows, columns);
    expect(whole.lines.join('\n')).toContain(rows[0]!.url);
    const chosen = capture({ columns: ['score', 'url'] });
    printRows(chosen.io, 'csv', rows, columns);
    expect(chosen.lines[0]).toBe('score,url');
    expect(() => printRows(capture({ columns: ['nope'] }).io, 'table', rows, columns)).toThrow('No column "nope" here; the columns are: url, score, title');
  });
});

describe('errors', () => {
  const unreachable = {
    SEO_GEO_API_KEY: `sk_live_${'a'.repeat(32)}`,
    SEO_GEO_BASE_URL: 'http://127.0.0.1:9/api/public/v1',
    SEO_GEO_CONFIG: '/nonexistent/seo-geo.json',
  };

  it('are a JSON object on stdout with --json, with the same exit code', async () => {
    const noKey = await runCli(['whoami', '--json'], { SEO_GEO_CONFIG: '/nonexistent/seo-geo.json' });
    expect(noKey.code).toBe(2);
    expect(JSON.parse(noKey.out)).toMatchObject({ error: { code: 'USAGE_ERROR', exitCode: 2, message: expect.stringContaining('No API key') } });
    const down = await runCli(['whoami', '--json'], unreachable);
    expect(down.code).toBe(1);
    expect(JSON.parse(down.out)).toMatchObject({ error: { code: 'CONNECTION_ERROR', exitCode: 1 } });
  }, 30_000);

  it('name the server that could not be reached and how to set another', async () => {
    const down = await runCli(['whoami'], unreachable);
    expect(down.code).toBe(1);
    expect(down.err).toContain('Tried http://127.0.0.1:9/api/public/v1 (from SEO_GEO_BASE_URL)');
    expect(down.err).toContain('--base-url, SEO_GEO_BASE_URL or `seo-geo config set base-url URL`');
  }, 30_000);
});

describe('check reports', () => {
  const results: CheckResult[] = [
    { name: 'average GEO score', passed: true, actual: 74, expected: 'at least 70' },
    { name: 'error issues', passed: false, actual: 3, expected: 'at most 0', issues: [{ code: 'missing-title', pagesAffected: 3 }] },
  ];

  it('JUnit XML: a test case per check, a failure with its reason', () => {
    const xml = junitReport('0192f8a2-1b4d-7c21-9d3e-5f6a7b8c9d0e', results);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain('<testsuites name="seo-geo check" tests="2" failures="1">');
    expect(xml).toContain('<testcase classname="seo-geo.check" name="average GEO score"></testcase>');
    expect(xml).toContain('<failure message="error issues is 3, expected at most 0 (missing-title: 3 pages)"/>');
  });

  it('SARIF 2.1.0: a rule per check, a result per failed one', () => {
    const sarif = JSON.parse(sarifReport('http://127.0.0.1:3000/api/public/v1/projects/p/audits/a', results));
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs[0].tool.driver.rules.map((r: { id: string }) => r.id)).toEqual(['average-GEO-score', 'error-issues']);
    expect(sarif.runs[0].results).toEqual([expect.objectContaining({ ruleId: 'error-issues', level: 'error' })]);
  });

  it('GitHub annotations: an error per failed check, a notice per passed one, escaped', () => {
    expect(githubReport(results).split('\n')).toEqual([
      '::notice title=seo-geo check%3A average GEO score::average GEO score is 74 (at least 70)',
      '::error title=seo-geo check%3A error issues::error issues is 3, expected at most 0 (missing-title: 3 pages)',
    ]);
  });
});
