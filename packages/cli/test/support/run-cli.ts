// One in-process run of `seo-geo`, its output captured: what the tests of the commands call.
import { run } from '../../src/run.js';

export interface Outcome {
  code: number;
  out: string;
  err: string;
  /** What was written to stdout as is (files streamed out). */
  raw: string;
}

export async function runCli(args: string[], env: NodeJS.ProcessEnv, stdin = ''): Promise<Outcome> {
  const out: string[] = [];
  const err: string[] = [];
  let raw = '';
  const code = await run(args, {
    out: (text) => out.push(text),
    write: async (chunk) => void (raw += Buffer.from(chunk).toString('utf8')),
    err: (text) => err.push(text),
    env,
    interactive: false,
    readStdin: async () => stdin,
  });
  return { code, out: out.join('\n'), err: err.join('\n'), raw };
}
