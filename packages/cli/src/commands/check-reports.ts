// `seo-geo check --format junit|sarif|github`: the results of the checks in the forms CI systems
// read, as Lighthouse CI's assertions are: JUnit XML (test reports), SARIF 2.1.0 (code-scanning
// alerts) and GitHub Actions workflow commands (annotations on the run).
import { CLI_VERSION } from '../context.js';

export const CHECK_FORMATS = ['table', 'json', 'junit', 'sarif', 'github'] as const;
export type CheckFormat = (typeof CHECK_FORMATS)[number];

export interface CheckResult {
  name: string;
  passed: boolean;
  actual: number | null;
  expected: string;
  issues?: Array<{ code: string; pagesAffected: number }>;
}

/** `62 (expected at least 70); error issues: missing-title 3 pages` */
function explain(result: CheckResult): string {
  const issues = (result.issues ?? []).map((i) => `${i.code}: ${i.pagesAffected} page${i.pagesAffected === 1 ? '' : 's'}`);
  return `${result.name} is ${result.actual ?? 'none'}, expected ${result.expected}${issues.length ? ` (${issues.join(', ')})` : ''}`;
}

const xml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function junitReport(auditId: string, results: CheckResult[]): string {
  const failures = results.filter((r) => !r.passed).length;
  const cases = results.map((r) => {
    const open = `    <testcase classname="seo-geo.check" name="${xml(r.name)}">`;
    return r.passed ? `${open}</testcase>` : `${open}\n      <failure message="${xml(explain(r))}"/>\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="seo-geo check" tests="${results.length}" failures="${failures}">`,
    `  <testsuite name="audit ${xml(auditId)}" tests="${results.length}" failures="${failures}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
  ].join('\n');
}

/** One rule per check; a result for each failed one. `auditUrl` locates them: the audit in the API. */
export function sarifReport(auditUrl: string, results: CheckResult[]): string {
  const ruleId = (r: CheckResult) => r.name.replace(/\s+/g, '-');
  return JSON.stringify(
    {
      $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
      version: '2.1.0',
      runs: [
        {
          tool: {
            driver: {
              name: 'seo-geo check',
              version: CLI_VERSION,
              rules: results.map((r) => ({ id: ruleId(r), shortDescription: { text: `${r.name} ${r.expected}` } })),
            },
          },
          results: results
            .filter((r) => !r.passed)
            .map((r) => ({
              ruleId: ruleId(r),
              level: 'error',
              message: { text: explain(r) },
              locations: [{ physicalLocation: { artifactLocation: { uri: auditUrl } } }],
            })),
        },
      ],
    },
    null,
    2,
  );
}

/** Workflow commands: an error annotation for each failed check, a notice for each passed one. */
export function githubReport(results: CheckResult[]): string {
  // Data of a workflow command escapes %, CR and LF; properties also , and :.
  const data = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (text: string) => data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
  return results
    .map(
      (r) =>
        `::${r.passed ? 'notice' : 'error'} title=${property(`seo-geo check: ${r.name}`)}::${data(r.passed ? `${r.name} is ${r.actual ?? 'none'} (${r.expected})` : explain(r))}`,
    )
    .join('\n');
}
