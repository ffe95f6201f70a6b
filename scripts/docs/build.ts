// `npm run docs`: writes docs-build/index.html, a self-contained offline API reference.

import { relative } from 'node:path';
import { buildDocs } from './build-docs.js';

try {
  const { outFile, bytes, specPath } = buildDocs();
  console.log(`docs: ${relative(process.cwd(), outFile)} (${(bytes / 1024).toFixed(0)} KiB) from ${relative(process.cwd(), specPath)}`);
} catch (error) {
  console.error(`docs: ${(error as Error).message}`);
  process.exitCode = 1;
}
