// `--base merge-base`: the bundled document as committed at the merge base of HEAD with main, what a
// pull request must stay compatible with whatever its own release files say (a branch could have
// rewritten the latest release along with a break).

import { execFileSync } from 'node:child_process';
import { UsageError } from './load.js';

/** The branches tried, in order: the local main, then the remote's (a CI checkout may have only that). */
const MAIN_REFS = ['main', 'origin/main'];

/** `bundle`: the bundled document's path in the repository. */
export function mergeBaseDocument(root: string, bundle: string): { document: unknown; label: string } {
  for (const ref of MAIN_REFS) {
    let commit: string;
    try {
      commit = git(root, 'merge-base', 'HEAD', ref).trim();
    } catch {
      continue;
    }
    let text: string;
    try {
      text = git(root, 'show', `${commit}:${bundle}`);
    } catch {
      throw new UsageError(`${bundle} does not exist at the merge base with ${ref} (${commit.slice(0, 12)}): nothing to compare with.`);
    }
    return { document: JSON.parse(text) as unknown, label: `${bundle} at the merge base with ${ref} (${commit.slice(0, 12)})` };
  }
  throw new UsageError(
    `no merge base with main: ${root} is not a git repository with a main (or origin/main) branch that HEAD shares history with.\n` +
      'Compare with the latest release (no --base), or with a file (--base <file>).',
  );
}

function git(root: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
}
