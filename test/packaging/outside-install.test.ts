// The client and the CLI as a user gets them: the packages are packed (npm run pack), and each
// tarball installs on its own in an empty folder with the registry unreachable (npm --offline: the
// third-party packages come from npm's cache, which the first install fills on a fresh machine), nothing named @seo-geo/ resolved anywhere but from
// the tarball itself: the types are bundled into the client, and the client into the CLI, since
// none of them is on a registry and anyone could register the scope. Then they are installed into
// a project outside the workspace, the client README's quick start is compiled there by a strict
// consumer (strict, exactOptionalPropertyTypes, no DOM lib, library checks on) and run with plain
// `node`, and the installed `seo-geo` binary audits a small site, all against a started server.
// The CLI session is printed as `NEW USER |` lines.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '@seo-geo/server/testing';
import { apiVersion } from '@seo-geo/types';
import { packAll } from '../../scripts/pack/index.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const QUICKSTART = join(ROOT, 'packages/client/examples/quickstart.ts');
const TSC = join(ROOT, 'node_modules/.bin/tsc');
const STRICT_CONSUMER = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2022'],
    types: ['node'],
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: false,
    outDir: 'dist',
  },
  include: ['src'],
};

/** A registry address where nothing listens. */
const DEAD_REGISTRY = 'http://127.0.0.1:9/';

describe('the packed client, installed outside the workspace', () => {
  let project: string;
  let tarballs: string[];
  let server: TestServer;

  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), 'seo-geo-consumer-'));
    tarballs = packAll(join(project, 'tarballs'));
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(STRICT_CONSUMER));
    const nodeTypes = JSON.parse(readFileSync(join(ROOT, 'node_modules/@types/node/package.json'), 'utf8')).version as string;
    // From the tarballs; their third-party dependencies from npm's cache, fetched from the public
    // registry only when a fresh machine's cache lacks them (`npm ci` caches tarballs, not the
    // package documents a range is resolved from). The @seo-geo scope points at an address where
    // nothing listens, so none of ours can come from a registry. This also warms the cache for the
    // single-tarball installs below, which run with the registry unreachable (--offline).
    await run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', `--@seo-geo:registry=${DEAD_REGISTRY}`, ...tarballs, `@types/node@${nodeTypes}`],
      { cwd: project, timeout: 120_000 },
    );
    server = await startTestServer();
  }, 180_000);
  afterAll(async () => {
    await server?.close();
    if (project) rmSync(project, { recursive: true, force: true });
  });

  it('ships built JavaScript with declarations, an exports map with types, and no sources or tests', () => {
    for (const name of ['@seo-geo/client', '@seo-geo/types']) {
      const manifest = JSON.parse(readFileSync(join(project, 'node_modules', name, 'package.json'), 'utf8'));
      expect(manifest.private, name).toBeUndefined();
      expect(manifest.exports['.'], name).toEqual({ types: expect.stringMatching(/\.d\.ts$/), default: expect.stringMatching(/\.js$/) });
      expect(manifest.files, name).toEqual(['dist', 'README.md']);
    }
    const client = JSON.parse(readFileSync(join(project, 'node_modules/@seo-geo/client/package.json'), 'utf8'));
    expect(Object.keys(client.dependencies).sort()).toEqual(['openapi-fetch']);
  });

  it.each(['seo-geo-types', 'seo-geo-client', 'seo-geo-cli'])(
    '%s installs on its own in an empty folder with the registry unreachable, nothing of @seo-geo/ resolved but itself',
    async (name) => {
      const tarball = tarballs.find((file) => file.split('/').at(-1)!.startsWith(`${name}-`))!;
      const folder = mkdtempSync(join(tmpdir(), `seo-geo-alone-${name}-`));
      try {
        writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: 'alone', private: true, type: 'module' }));
        await run('npm', ['install', '--no-audit', '--no-fund', '--offline', tarball], { cwd: folder, timeout: 120_000 });
        const lock = JSON.parse(readFileSync(join(folder, 'package-lock.json'), 'utf8')) as {
          packages: Record<string, { resolved?: string; dependencies?: object }>;
        };
        const ours = Object.entries(lock.packages).filter(([path]) => path.includes('@seo-geo/'));
        // Only the package itself, from its tarball; no installed package depends on one of ours.
        expect(ours.map(([path, entry]) => [path, entry.resolved])).toEqual([
          [`node_modules/@seo-geo/${name.slice('seo-geo-'.length)}`, `file:${relative(folder, tarball)}`],
        ]);
        const installed = Object.entries(lock.packages).filter(([path]) => path !== '');
        expect(installed.flatMap(([, entry]) => Object.keys(entry.dependencies ?? {})).filter((dep) => dep.startsWith('@seo-geo/'))).toEqual([]);
        if (name === 'seo-geo-client') {
          const loaded = await run(
            process.execPath,
            ['--input-type=module', '-e', "const m = await import('@seo-geo/client'); console.log(typeof m.createClient)"],
            { cwd: folder },
          );
          expect(loaded.stdout.trim()).toBe('function');
        }
        if (name === 'seo-geo-cli') {
          const version = await run(join(folder, 'node_modules/.bin/seo-geo'), ['--version'], { cwd: folder });
          // The CLI's version, and the API version it speaks.
          expect(version.stdout.trim()).toBe(`1.0.0 (api ${apiVersion})`);
        }
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
    120_000,
  );

  it('installs a working seo-geo binary: a new user audits a site and lists its pages', async () => {
    const site: Server = createServer((req, res) => {
      const page = /^\/(?:docs\/(\d))?$/.exec(req.url ?? '');
      if (!page) return void res.writeHead(404).end();
      const n = Number(page[1] ?? 0);
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<html lang="en"><title>Docs ${n}</title><h1>Docs ${n}</h1><p>How to glaze a pot, step ${n}.</p><a href="/docs/${(n + 1) % 3}">next step</a></html>`,
        );
    });
    await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
    try {
      const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
      const env = { PATH: process.env.PATH, HOME: project, SEO_GEO_API_KEY: await server.createKey({ plan: 'pro' }), SEO_GEO_BASE_URL: server.baseUrl };
      const transcript: string[] = [];
      const seoGeo = async (...args: string[]) => {
        const { stdout, stderr } = await run(join(project, 'node_modules/.bin/seo-geo'), args, { cwd: project, env, timeout: 60_000 });
        transcript.push(`$ seo-geo ${args.join(' ')}`, ...`${stderr}${stdout}`.trimEnd().split('\n'));
        return stdout;
      };
      const projectId = JSON.parse(await seoGeo('projects', 'create', '--name', 'Glazing docs', '--domain', origin, '--json')).id as string;
      const audit = await seoGeo('audits', 'start', projectId, '--max-pages', '20', '--wait');
      expect(audit).toMatch(/status +completed/);
      const auditId = /^id +(\S+)$/m.exec(audit)![1]!;
      const pages = await seoGeo('pages', projectId, auditId, '--min-score', '10');
      expect(pages).toContain(`${origin}/docs/1`);
      console.info(transcript.map((line) => `NEW USER | ${line}`).join('\n'));
    } finally {
      site.close();
    }
  }, 120_000);

  it('documents a safe install: the CLI README installs the packed tarballs and never runs a fetched seo-geo', async () => {
    const readme = readFileSync(join(ROOT, 'packages/cli/README.md'), 'utf8');
    // Every `npx … seo-geo` in a command is `npx --no-install seo-geo`: npx then runs the installed binary or fails.
    const commands = [...readme.matchAll(/```\w*\n([\s\S]*?)```/g)].map((m) => m[1]!).join('\n');
    expect(commands).toContain('npx --no-install seo-geo check');
    expect(commands.match(/npx(?! --no-install)[^\n]*\bseo-geo\b/g) ?? []).toEqual([]);
    const ciInstall = /- run: npm install --no-save (.+)$/m.exec(readme)?.[1]?.split(' ') ?? [];
    // The tarballs it names are the ones `npm run pack` builds.
    expect(ciInstall.map((file) => file.replace('./vendor/', '')).sort()).toEqual(tarballs.map((file) => file.split('/').at(-1)).sort());
    const { stdout } = await run('npx', ['--no-install', 'seo-geo', '--version'], { cwd: project, timeout: 60_000 });
    expect(stdout.trim()).toBe(`1.0.0 (api ${apiVersion})`);
  }, 90_000);

  it('compiles the quick start under a strict consumer and runs it with plain node', async () => {
    cpSync(QUICKSTART, join(project, 'src/quickstart.ts'));
    const compiled = await run(process.execPath, [TSC, '-p', project], { cwd: project, timeout: 120_000 }).catch((error: unknown) => ({
      stdout: (error as { stdout?: string }).stdout ?? String(error),
    }));
    expect(compiled.stdout).toBe('');

    const env = { ...process.env, SEO_GEO_API_KEY: await server.createKey({ plan: 'pro' }), SEO_GEO_BASE_URL: server.baseUrl };
    const { stdout } = await run(process.execPath, [join(project, 'dist/quickstart.js')], { cwd: project, env, timeout: 60_000 });
    expect(stdout).toMatch(/on the pro plan/);
    expect(stdout).toMatch(/project [0-9a-f-]{36} created/);
    expect(stdout).toMatch(/not found: NOT_FOUND, request [0-9a-f-]{36}/);
    expect(stdout).toMatch(/20 concurrent calls done/);
  }, 180_000);
});
