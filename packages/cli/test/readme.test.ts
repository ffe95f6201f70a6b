// The CLI README's command table names what a command takes: every option of `check` (as its
// --help lists them), and the values of --goal.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './support/run-cli.js';

const readme = readFileSync(fileURLToPath(new URL('../README.md', import.meta.url)), 'utf8');
const table = readme.slice(readme.indexOf('## Commands'), readme.indexOf('## Settings'));

describe('CLI README', () => {
  it('names every option of check in its row', async () => {
    const help = (await runCli(['check', '--help'], {})).out;
    const flags = [...help.matchAll(/^ {2}(--[a-z-]+)/gm)].map((m) => m[1]!).filter((flag) => flag !== '--help');
    expect(flags).toContain('--max-pages');
    const row = table.split('\n').find((line) => line.startsWith('| `check '))!;
    expect(flags.filter((flag) => !row.includes(flag))).toEqual([]);
    for (const format of ['junit', 'sarif', 'github']) expect(row).toContain(format);
  });

  it('names the checks audits start can add in its row, and every kind of link-targets', async () => {
    const help = (await runCli(['audits', 'start', '--help'], {})).out;
    const checks = [...help.matchAll(/^ {2}(--(?:check|render)-[a-z-]+)/gm)].map((m) => m[1]!);
    expect(checks).toContain('--check-resources');
    const row = table.split('\n').find((line) => line.startsWith('| `audits start '))!;
    expect(checks.filter((flag) => !row.includes(flag))).toEqual([]);
    const kinds = (await runCli(['audits', 'link-targets', '--help'], {})).out;
    expect(kinds).toContain('broken, redirect or resource');
    expect(table).toContain('--kind broken\\|redirect\\|resource');
  });

  it('lists the values of --goal', () => {
    expect(table).toContain('--goal awareness\\|consideration\\|conversion\\|retention');
  });
});
