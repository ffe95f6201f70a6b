// One in-process run of `seo-geo`, its output captured: what the tests of the commands call.
import type { Io } from '../../src/output.js';
import { run } from '../../src/run.js';

export interface Outcome {
  code: number;
  out: string;
  err: string;
  /** What was written to stdout as is (files streamed out). */
  raw: string;
}

/** `extra`: parts of the terminal to stand in for (an interrupt, say). */
export async function runCli(args: string[], env: NodeJS.ProcessEnv, stdin = '', extra: Partial<Io> = {}): Promise<Outcome> {
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
    ...extra,
  });
  return { code, out: out.join('\n'), err: err.join('\n'), raw };
}
