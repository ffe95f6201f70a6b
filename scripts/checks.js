// The checks `npm test` runs before vitest, in two lanes at once. Each check is one single-threaded
// process, so on a 2-core machine one after another leaves a core idle: ESLint (type-aware, the
// longest by far) runs in one lane and everything else, in its usual order, in the other. Each
// check's output is printed whole when it ends, with its time, so lanes never interleave; a lane stops
// at its first failure, the other lane finishes, and the run exits 1 naming every check that failed.
//
// `node scripts/checks.js --serial` runs them one after another (to time each check on its own).
import { spawn } from 'node:child_process';

const lanes = [['lint:code'], ['lint', 'format:check', 'check:drift', 'check:breaking', 'typecheck']];
const serial = process.argv.includes('--serial');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs `npm run <script>`, resolving with its exit code and its combined output. */
function run(script) {
  return new Promise((done) => {
    const started = performance.now();
    const child = spawn(npm, ['run', script], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
    });
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      done({ script, code: code ?? (signal ? 1 : 0), seconds, output: Buffer.concat(chunks).toString() });
    });
  });
}

const results = [];
function report(result) {
  results.push(result);
  process.stdout.write(result.output.endsWith('\n') || result.output === '' ? result.output : `${result.output}\n`);
  const verdict = result.code === 0 ? 'ok' : `FAILED (exit ${result.code})`;
  process.stdout.write(`-- ${result.script}: ${verdict} in ${result.seconds.toFixed(1)} s\n\n`);
}

async function runLane(scripts) {
  for (const script of scripts) {
    const result = await run(script);
    report(result);
    if (result.code !== 0) return;
  }
}

const started = performance.now();
if (serial) await runLane(lanes.flat());
else await Promise.all(lanes.map(runLane));

const failed = results.filter((result) => result.code !== 0);
const wall = ((performance.now() - started) / 1000).toFixed(1);
const times = results.map((result) => `${result.script} ${result.seconds.toFixed(0)} s`).join(', ');
process.stdout.write(`checks: ${failed.length === 0 ? 'all passed' : `failed: ${failed.map((result) => result.script).join(', ')}`} in ${wall} s (${times})\n`);
process.exitCode = failed.length === 0 ? 0 : 1;
