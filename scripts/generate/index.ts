// `npm run generate`: bundle the spec, then derive every generated artifact from the bundle, and the
// release of the spec's info.version (openapi/releases/, see scripts/breaking/releases.ts).
// `npm run check:drift` (`--check`): regenerate in memory and fail when a committed file differs.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { bundleSpec } from './bundle.js';
import { renderBoundsModule } from './bounds.js';
import { addCodeSamples, operationsWithoutClientMethod } from './code-samples.js';
import { newOperationChecklist } from './new-operation.js';
import { renderOperationsModule } from './operations.js';
import { generatedDir, repoRoot } from './paths.js';
import { renderSchemaTypes } from './types.js';
import { releaseUpdate } from '../breaking/releases.js';

/** The files to write, and why the release of the spec's version is not among them, when it is not. */
async function generate(): Promise<{ files: Map<string, string>; releaseRefused: string | null }> {
  // The served document carries a curl and a client sample per operation, made from the spec.
  const doc = addCodeSamples(bundleSpec());
  const bundled = JSON.stringify(doc, null, 2) + '\n';
  const files = new Map([
    [join(generatedDir, 'openapi.json'), bundled],
    [join(generatedDir, 'schema.ts'), await renderSchemaTypes(doc)],
    [join(generatedDir, 'operations.ts'), renderOperationsModule(doc)],
    [join(generatedDir, 'bounds.ts'), renderBoundsModule(doc)],
  ]);
  const release = releaseUpdate(repoRoot, bundled);
  if ('refused' in release) return { files, releaseRefused: release.refused };
  files.set(release.path, release.text);
  return { files, releaseRefused: null };
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const { files, releaseRefused } = await generate();
  if (check) {
    const stale = [...files].filter(([path, text]) => !existsSync(path) || readFileSync(path, 'utf8') !== text);
    if (stale.length > 0) {
      console.error('Generated files differ from the spec. Run `npm run generate` and commit the result:');
      for (const [path] of stale) console.error(`  ${relative(repoRoot, path)}`);
    }
    if (releaseRefused) console.error(releaseRefused);
    if (stale.length > 0 || releaseRefused) process.exit(1);
    console.log(`Generated files match the spec (${files.size} checked).`);
    return;
  }
  mkdirSync(generatedDir, { recursive: true });
  for (const [path, text] of files) writeFileSync(path, text);
  console.log(`Generated ${[...files.keys()].map((p) => relative(repoRoot, p)).join(', ')}`);
  if (releaseRefused) {
    console.error(releaseRefused);
    process.exitCode = 1;
  }
  const missing = operationsWithoutClientMethod(
    JSON.parse(files.get(join(generatedDir, 'openapi.json'))!) as Parameters<typeof operationsWithoutClientMethod>[0],
  );
  if (missing.length > 0) {
    console.error(newOperationChecklist(missing));
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
