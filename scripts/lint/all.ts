// `npm run lint`: Spectral, then Redocly, each run whatever the other found, so that one round
// shows every finding; it fails after both have run when either found something.
import { spawnSync } from 'node:child_process';

/** Runs each command to its end, in order; the first non-zero status, or 0 when all passed. */
export function runAll(commands: ReadonlyArray<readonly [string, ...string[]]>): number {
  let status = 0;
  for (const [command, ...args] of commands) {
    const run = spawnSync(command, args, { stdio: 'inherit' });
    const code = run.status ?? 1;
    if (code !== 0 && status === 0) status = code;
  }
  return status;
}

if (process.argv[1] !== undefined && import.meta.url === `file://${process.argv[1]}`) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  process.exitCode = runAll([
    [npm, 'run', '--silent', 'lint:spectral'],
    [npm, 'run', '--silent', 'lint:redocly'],
  ]);
}
