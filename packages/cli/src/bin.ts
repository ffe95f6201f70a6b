#!/usr/bin/env node
// `seo-geo`: the command line for API users (see run.ts for the exit codes).
import { read } from 'read';
import { run } from './run.js';

/** What the running command asked to say on Ctrl-C; then the process ends as interrupted (130). */
const interruptHandlers = new Set<() => void>();
process.on('SIGINT', () => {
  for (const handler of interruptHandlers) handler();
  process.exit(130);
});

const io = {
  out: (text: string) => void process.stdout.write(`${text}\n`),
  write: (chunk: Uint8Array) =>
    new Promise<void>((resolve, reject) => {
      if (process.stdout.write(chunk, (error) => error && reject(error))) resolve();
      else process.stdout.once('drain', resolve);
    }),
  err: (text: string) => void process.stderr.write(`${text}\n`),
  env: process.env,
  // Tables are cut to fit a terminal; a pipe gets them whole.
  ...(process.stdout.isTTY && process.stdout.columns ? { width: process.stdout.columns } : {}),
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-conversion -- isTTY is typed boolean but is undefined off a terminal
  interactive: Boolean(process.stdout.isTTY && process.stderr.isTTY),
  onInterrupt: (handler: () => void) => {
    interruptHandlers.add(handler);
    return () => void interruptHandlers.delete(handler);
  },
  // Only where a person types: a pipe is read whole by readStdin.
  ...(process.stdin.isTTY ? { readSecret: (prompt: string) => read({ prompt, silent: true, replace: '*', output: process.stderr }) } : {}),
  readStdin: async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  },
};

process.exitCode = await run(process.argv.slice(2), io);
