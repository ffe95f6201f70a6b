// Reads a document for the checker, with errors that say what to do next.

import { existsSync, readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { parse as parseYaml } from 'yaml';

export class UsageError extends Error {}

export function loadDocument(file: string, missingHint: string): unknown {
  if (!existsSync(file)) throw new UsageError(`${file} does not exist.\n${missingHint}`);
  const text = readFileSync(file, 'utf8');
  try {
    return ['.yaml', '.yml'].includes(extname(file)) ? parseYaml(text) : JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not valid ${extname(file) === '.json' ? 'JSON' : 'JSON/YAML'}: ${(error as Error).message}`);
  }
}
