// The released documents check:breaking guards: `openapi/releases/v<version>.json`, one per version,
// each the last bundled document published under its version (byte for byte what
// packages/types/generated/openapi.json held). `npm run generate` writes the spec's own release when
// info.version changes, and rewrites it while the spec's changes stay compatible with it (a later
// merge that adds to the same version included); it refuses a breaking change unless the major
// version was raised, so a release only ever grows and check:breaking against the latest one guards
// every operation ever published. The releases of earlier versions are never rewritten.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { compareDocuments } from './compare-documents.js';
import { formatReport } from './report.js';

export const RELEASES_DIR = 'openapi/releases';

export interface Release {
  version: string;
  /** Absolute path of its file. */
  path: string;
}

const RELEASE_FILE = /^v(\d+\.\d+\.\d+)\.json$/;

/** major.minor.patch, compared as numbers. */
export function compareVersions(a: string, b: string): number {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number));
  for (let i = 0; i < 3; i++) if (x![i] !== y![i]) return x![i]! - y![i]!;
  return 0;
}

/** The releases of the repository at `root`, oldest version first. */
export function listReleases(root: string): Release[] {
  const dir = join(root, RELEASES_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .flatMap((name) => {
      const version = RELEASE_FILE.exec(name)?.[1];
      return version ? [{ version, path: join(dir, name) }] : [];
    })
    .sort((a, b) => compareVersions(a.version, b.version));
}

export function latestRelease(root: string): Release | undefined {
  return listReleases(root).at(-1);
}

/**
 * What `npm run generate` writes for the bundled document `text`: the release of its info.version,
 * when the document is compatible with the latest release (or raised the major version); otherwise
 * why not, with the breaking changes.
 */
export function releaseUpdate(root: string, text: string): { path: string; text: string } | { refused: string } {
  const head = JSON.parse(text) as { info?: { version?: unknown } };
  const version = head.info?.version;
  if (typeof version !== 'string' || !/^\d+\.\d+\.\d+$/.test(version)) {
    return { refused: `info.version must be major.minor.patch to be released (got ${JSON.stringify(version)}).` };
  }
  const path = join(root, RELEASES_DIR, `v${version}.json`);
  const latest = latestRelease(root);
  if (!latest) return { path, text };
  const shown = relative(root, latest.path);
  if (compareVersions(version, latest.version) < 0) {
    return { refused: `info.version ${version} is older than the latest release, ${latest.version} (${shown}): raise it to ${latest.version} or later.` };
  }
  const result = compareDocuments(JSON.parse(readFileSync(latest.path, 'utf8')), head);
  if (result.breaking.length > 0 && !result.majorBump) {
    const report = formatReport(result, { base: shown, head: 'the spec' });
    return { refused: `The release of ${version} is not written: the spec breaks the latest release.\n${report}` };
  }
  return { path, text };
}
