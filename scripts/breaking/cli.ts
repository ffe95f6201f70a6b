// `npm run check:breaking`: compares the spec's sources, bundled in memory, with the latest release
// (openapi/releases/, see releases.ts): right after an edit, before `npm run generate`, it sees the
// edit. `--base merge-base` compares with the document at the merge base with main instead.
// Exit codes: 0 no breaking change (or allowed by a major bump), 1 breaking change, 2 cannot check.

import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { existsSync } from 'node:fs';
import { bundleSpec } from '../generate/bundle.js';
import { compareDocuments } from './compare-documents.js';
import { loadDocument, UsageError } from './load.js';
import { mergeBaseDocument } from './merge-base.js';
import { latestRelease, RELEASES_DIR } from './releases.js';
import { formatReport, type LocateChange } from './report.js';
import { sourceLocator } from '../lint/source-locations.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
export const DEFAULT_HEAD = 'packages/types/generated/openapi.json';
export const SOURCES = 'openapi/openapi.yaml';

const USAGE = `Usage: npm run check:breaking -- [--base <file> | --base merge-base] [--head <file>] [--verbose]
  --base     the document to stay compatible with (default: the latest release in ${RELEASES_DIR}/);
             merge-base: ${DEFAULT_HEAD} at the merge base of HEAD with main, for a pull request
  --head     a bundled document to check (default: ${SOURCES} and its files, bundled now)
  --verbose  list the non-breaking changes too (default: their count)
Exit codes: 0 compatible (or major version bumped), 1 breaking change, 2 cannot check.`;

const BASE_HINT = `No release in ${RELEASES_DIR}/. \`npm run generate\` writes the release of the spec's info.version
(${RELEASES_DIR}/v<version>.json); commit it. To compare two other files: npm run check:breaking -- --base <file> --head <file>`;

const HEAD_HINT = 'The bundled document is missing: run `npm run generate` first (or pass --head <file>).';

/** `root` is the repository whose default files are compared (a parameter so tests can point elsewhere). */
export function run(argv: string[], root = ROOT): { code: number; output: string } {
  try {
    const { values } = parseArgs({
      args: argv,
      options: { base: { type: 'string' }, head: { type: 'string' }, verbose: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    if (values.help) return { code: 0, output: USAGE };
    const base = baseDocument(values.base, root);
    // The sources as they are now; the generated bundle may be older than the last edit.
    const sources = resolve(root, SOURCES);
    const fromSources = !values.head && existsSync(sources);
    const headPath = values.head ? resolve(values.head) : fromSources ? sources : resolve(root, DEFAULT_HEAD);
    const head = fromSources ? (bundleSpec(sources) as Parameters<typeof compareDocuments>[1]) : loadDocument(headPath, values.head ? '' : HEAD_HINT);
    const result = compareDocuments(base.document, head);
    const output = formatReport(
      result,
      { base: base.label, head: display(root, headPath) },
      { verbose: values.verbose === true, ...(fromSources ? { locate: sourceFiles(head, sources, root) } : {}) },
    );
    return { code: result.breaking.length > 0 && !result.majorBump ? 1 : 0, output };
  } catch (error) {
    const message = error instanceof UsageError || error instanceof TypeError ? error.message : `cannot compare: ${(error as Error).message}`;
    return { code: 2, output: `check:breaking: ${message}\n\n${USAGE}` };
  }
}

/** Each change's place in the sources, `openapi/…yaml:line:col`, found as lint:spectral finds its findings'. */
function sourceFiles(bundle: unknown, sources: string, root: string): LocateChange {
  const locate = sourceLocator(bundle, sources);
  return (pointer) => {
    try {
      const { file, line, col } = locate(pointer);
      return `${relative(root, file)}:${line}:${col}`;
    } catch {
      // A place the walk cannot follow: the change is still reported, without its file.
      return undefined;
    }
  };
}

/** What to stay compatible with: a file named (relative to where the user stands), the merge base with main, or the latest release. */
function baseDocument(base: string | undefined, root: string): { document: unknown; label: string } {
  if (base === 'merge-base') return mergeBaseDocument(root, DEFAULT_HEAD);
  if (base !== undefined) return { document: loadDocument(resolve(base), ''), label: display(root, resolve(base)) };
  const latest = latestRelease(root);
  if (!latest) throw new UsageError(`${RELEASES_DIR}/ holds no release.\n${BASE_HINT}`);
  return { document: loadDocument(latest.path, BASE_HINT), label: display(root, latest.path) };
}

function display(root: string, path: string): string {
  const rel = relative(root, path);
  return rel.startsWith('..') ? path : rel;
}

// Run only when executed directly, so tests can import `run`.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { code, output } = run(process.argv.slice(2));
  // A report (pass or fail) is the command's output; only "cannot check" goes to stderr.
  (code === 2 ? console.error : console.log)(output);
  process.exitCode = code;
}
