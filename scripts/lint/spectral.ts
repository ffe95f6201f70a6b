// `npm run lint:spectral`: Spectral on the bundled document, each finding named by the source YAML file and line.
//
// Spectral lints the bundle, not the split sources: on the sources its document-level rules (oas3-schema,
// array-items, no-$ref-siblings) see only openapi/openapi.yaml and miss every problem in a referenced file, and
// oas3-schema flags each path item that $refs a file (stoplightio/spectral#2655). Its own report would then
// point into .lint/openapi.json, so the findings are read as JSON and mapped back to the sources.
//
// Run from the directory holding openapi/, .spectral.yaml and .lint/ (npm run does); exits 1 on any finding.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relative, resolve } from 'node:path';
import { bundleSpec } from '../generate/bundle.js';
import { sourceLocator } from './source-locations.js';
import { withoutConsequences } from './spectral-findings.js';

interface SpectralResult {
  code: string | number;
  message: string;
  path: (string | number)[];
  severity: number;
  source?: string;
  range: { start: { line: number; character: number } };
}

const SEVERITIES = ['error', 'warning', 'info', 'hint'] as const;

function main(): number {
  const dir = process.cwd();
  const rootFile = resolve(dir, 'openapi/openapi.yaml');
  // The bundle's name is part of the ruleset: its overrides address '.lint/openapi.json#/…'.
  const bundleFile = resolve(dir, '.lint/openapi.json');
  const bundle = bundleSpec(rootFile);
  mkdirSync(resolve(dir, '.lint'), { recursive: true });
  writeFileSync(bundleFile, `${JSON.stringify(bundle, null, 2)}\n`);

  // Spectral's own binary (its `main`), found as Node finds the package rather than by a node_modules path.
  const cli = createRequire(import.meta.url).resolve('@stoplight/spectral-cli');
  const run = spawnSync(
    process.execPath,
    [cli, 'lint', bundleFile, '--ruleset', resolve(dir, '.spectral.yaml'), '--format', 'json', '--fail-severity', 'hint', '--quiet'],
    { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  let results: SpectralResult[];
  try {
    results = JSON.parse(run.stdout) as SpectralResult[];
  } catch {
    // Not a report (the ruleset did not load, Spectral crashed): show what it said.
    process.stdout.write(run.stdout);
    process.stderr.write(run.stderr);
    return run.status === 0 || run.status === null ? 2 : run.status;
  }
  process.stderr.write(run.stderr);
  results = withoutConsequences(results);

  if (results.length === 0) {
    console.log('Spectral: no findings.');
    return run.status ?? 2;
  }
  // Only with findings: reading every source file takes about a second.
  const locate = sourceLocator(bundle, rootFile);
  const lines = results
    .map((result) => {
      const inBundle = result.source === undefined || resolve(dir, result.source) === bundleFile;
      const at = inBundle
        ? locate(result.path)
        : { file: resolve(dir, result.source ?? ''), line: result.range.start.line + 1, col: result.range.start.character + 1 };
      return { at, result };
    })
    .sort((a, b) => a.at.file.localeCompare(b.at.file) || a.at.line - b.at.line || a.at.col - b.at.col)
    .map(({ at, result }) => {
      const severity = SEVERITIES[result.severity] ?? 'error';
      const where = `${relative(dir, at.file)}:${at.line}:${at.col}`;
      return `${where}  ${severity}  ${result.code}  ${result.message}  (${result.path.join('.')})`;
    });

  const counts = SEVERITIES.map((name, level) => `${results.filter((r) => r.severity === level).length} ${name}s`);
  console.log(`${lines.join('\n')}\n\n✖ ${lines.length} Spectral problems (${counts.join(', ')})`);
  return 1;
}

process.exitCode = main();
