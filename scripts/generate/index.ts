// `npm run generate`: bundle the spec, then derive every generated artifact from the bundle.
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

async function generate(): Promise<Map<string, string>> {
  // The served document carries a curl and a client sample per operation, made from the spec.
  const doc = addCodeSamples(bundleSpec());
  return new Map([
    [join(generatedDir, 'openapi.json'), JSON.stringify(doc, null, 2) + '\n'],
    [join(generatedDir, 'schema.ts'), await renderSchemaTypes(doc)],
    [join(generatedDir, 'operations.ts'), renderOperationsModule(doc)],
    [join(generatedDir, 'bounds.ts'), renderBoundsModule(doc)],
  ]);
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const files = await generate();
  if (check) {
    const stale = [...files].filter(([path, text]) => !existsSync(path) || readFileSync(path, 'utf8') !== text);
    if (stale.length > 0) {
      console.error('Generated files differ from the spec. Run `npm run generate` and commit the result:');
      for (const [path] of stale) console.error(`  ${relative(repoRoot, path)}`);
      process.exit(1);
    }
    console.log(`Generated files match the spec (${files.size} checked).`);
    return;
  }
  mkdirSync(generatedDir, { recursive: true });
  for (const [path, text] of files) writeFileSync(path, text);
  console.log(`Generated ${[...files.keys()].map((p) => relative(repoRoot, p)).join(', ')}`);
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
