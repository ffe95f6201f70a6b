// The benches measure each contender in a child process of its own, so that its peak RSS is its
// own and not the site server's or another contender's. The child prints one `RESULT <json>` line
// on stdout; the parent waits for it.
import { spawn } from 'node:child_process';

/** `--name=value` flags of this process (`--flag` alone is present with no value). */
export function benchArgs(): Map<string, string> {
  return new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
}

/** The child's side: the one line the parent reads. */
export function reportResult(result: unknown): void {
  process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
}

/** The parent's side: runs the child and resolves with its RESULT (rejects when it fails or gives none). */
export function runChild<T>(command: string, argv: string[], cwd?: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { cwd, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('RESULT '));
      if (code !== 0 || !line) return reject(new Error(`worker exited with ${code ?? 'a signal'}: ${out.slice(-2000)}`));
      resolve(JSON.parse(line.slice('RESULT '.length)) as T);
    });
  });
}
