// `npm run lint` runs Spectral and Redocly both, whatever the first found, and fails after them;
// the Node versions package.json supports are the ones the README names.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runAll } from '../../scripts/lint/all.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('lint:all', () => {
  it('runs every linter even when the first fails, and fails after them with its status', () => {
    const marker = `${root}.lint/lint-all-ran`;
    const status = runAll([
      [process.execPath, '-e', 'process.exit(3)'],
      [
        process.execPath,
        '-e',
        `require('node:fs').mkdirSync(${JSON.stringify(`${root}.lint`)}, { recursive: true }); require('node:fs').writeFileSync(${JSON.stringify(marker)}, String(Date.now()))`,
      ],
    ]);
    expect(status).toBe(3);
    expect(Date.now() - Number(readFileSync(marker, 'utf8'))).toBeLessThan(60_000);
    expect(runAll([[process.execPath, '-e', '']])).toBe(0);
  });

  it('is what npm run lint runs, and the README names the engines range', () => {
    const manifest = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { scripts: Record<string, string>; engines: { node: string } };
    expect(manifest.scripts.lint).toBe('tsx scripts/lint/all.ts');
    expect(readFileSync(`${root}README.md`, 'utf8')).toContain(`Node.js \`${manifest.engines.node}\``);
  });
});
