// Entry point of the admin command: `npm run admin -- keys create --email … --plan …`.
import { runAdmin } from '../admin/run.js';

const io = {
  env: process.env,
  out: (line: string) => process.stdout.write(`${line}\n`),
  err: (line: string) => process.stderr.write(`${line}\n`),
};

try {
  process.exitCode = await runAdmin(process.argv.slice(2), io);
} catch (error) {
  // An unexpected failure (database unreachable, a bug): one line, no stack, exit 1.
  io.err(`admin: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
