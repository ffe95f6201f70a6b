// Where the contract lives and where its derived artifacts go. One place, so scripts agree.
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const specRoot = resolve(repoRoot, 'openapi/openapi.yaml');
export const generatedDir = resolve(repoRoot, 'packages/types/generated');
export const bundledSpecPath = resolve(generatedDir, 'openapi.json');
