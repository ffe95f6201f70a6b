// Builds the offline API reference: one HTML file with the document and Redoc inlined.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderDocsPage, readOfflineRedocBundle } from '@seo-geo/server/docs';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
export const DEFAULT_SPEC = resolve(ROOT, 'packages/types/generated/openapi.json');
export const DEFAULT_OUT = resolve(ROOT, 'docs-build/index.html');

export interface BuildDocsOptions {
  specPath?: string;
  outFile?: string;
}

export interface BuiltDocs {
  specPath: string;
  outFile: string;
  bytes: number;
}

export function buildDocs({ specPath = DEFAULT_SPEC, outFile = DEFAULT_OUT }: BuildDocsOptions = {}): BuiltDocs {
  if (!existsSync(specPath)) {
    throw new Error(`${specPath} does not exist: run \`npm run generate\` to bundle the OpenAPI document first.`);
  }
  const spec = JSON.parse(readFileSync(specPath, 'utf8')) as { info?: { title?: unknown; version?: unknown } };
  const name = typeof spec.info?.title === 'string' ? spec.info.title : 'API';
  const version = typeof spec.info?.version === 'string' ? ` ${spec.info.version}` : '';
  const html = renderDocsPage({
    spec,
    script: { inline: readOfflineRedocBundle() },
    title: `${name}${version} — API reference`,
  });
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, html);
  return { specPath, outFile, bytes: Buffer.byteLength(html) };
}
