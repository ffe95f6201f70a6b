// The import-boundary rules of eslint.config.js, exercised on virtual files: an upward import between layers, or a
// reach into another package it must not know, is reported; a downward import is not.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const BOUNDARY = 'boundaries/layers';
const RELATIVE_PACKAGE = 'boundaries/no-relative-packages';

let eslint: ESLint;

beforeAll(() => {
  // The real config, with type information switched off for the virtual files only: parsing them against the
  // TypeScript program would take seconds and adds nothing to an import check.
  eslint = new ESLint({
    cwd: root,
    overrideConfigFile: join(root, 'eslint.config.js'),
    overrideConfig: [{ files: ['**/*.ts'], ...tseslint.configs.disableTypeChecked }],
  });
});

async function findings(filePath: string, code: string, ruleId = BOUNDARY): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result!.messages.filter((message) => message.ruleId === ruleId || message.fatal === true);
}

describe('server layers', () => {
  it('reports storage/ importing services/', async () => {
    const found = await findings('packages/server/src/storage/boundary-fixture.ts', "import { createAudit } from '../services/audits/service.js';\n");
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toContain('Layer rule (server): storage/ may import only from its own layer or below');
  });

  it('reports services/ importing http/', async () => {
    const found = await findings('packages/server/src/services/boundary-fixture.ts', "import { ApiError } from '../http/api-error.js';\n");
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toContain('Layer rule (server): services/');
  });

  it('reports domain/ importing anything of the server above it', async () => {
    const found = await findings('packages/server/src/domain/boundary-fixture.ts', "import { loadConfig } from '../config/environment.js';\n");
    expect(found).toHaveLength(1);
  });

  it('allows a downward import and one within the same layer', async () => {
    const code =
      "import { ApiError } from './api-error.js';\nimport { accounts } from '../storage/repositories/accounts.js';\nimport { newId } from '../support/ids.js';\n";
    expect(await findings('packages/server/src/http/boundary-fixture.ts', code)).toEqual([]);
    expect(await findings('packages/server/src/services/boundary-fixture.ts', "import { x } from '../webhooks/outbox.js';\n")).toEqual([]);
  });
});

describe('engine layers', () => {
  it('reports analyse/ importing score/ or page/', async () => {
    const found = await findings(
      'packages/engine/src/analyse/boundary-fixture.ts',
      "import { score } from '../score/index.js';\nimport { analysePage } from '../page/analyse-page.js';\n",
    );
    expect(found).toHaveLength(2);
    expect(found[0]!.message).toContain('Layer rule (engine): render/ crawl/ analyse/');
  });

  it('allows score/ importing analyse/ and types.ts', async () => {
    const code = "import { words } from '../analyse/text/words.js';\nimport type { PageSnapshot } from '../types.js';\n";
    expect(await findings('packages/engine/src/score/boundary-fixture.ts', code)).toEqual([]);
  });
});

describe('package direction', () => {
  it('reports the engine importing the server, and the client importing the engine', async () => {
    expect(await findings('packages/engine/src/boundary-fixture.ts', "import { docs } from '@seo-geo/server/docs';\n")).toHaveLength(1);
    const found = await findings('packages/client/src/boundary-fixture.ts', "import { runAudit } from '@seo-geo/engine';\n");
    expect(found).toHaveLength(1);
    expect(found[0]!.message).toContain('Package rule: @seo-geo/client');
  });

  it('reports @seo-geo/types importing another workspace package', async () => {
    expect(await findings('packages/types/src/boundary-fixture.ts', "import { createClient } from '@seo-geo/client';\n")).toHaveLength(1);
  });

  it('allows the server to import the engine and the types by name', async () => {
    const code = "import { runAudit } from '@seo-geo/engine';\nimport type { components } from '@seo-geo/types';\n";
    expect(await findings('packages/server/src/services/boundary-fixture.ts', code)).toEqual([]);
  });

  it('reports a package reaching into another through a relative path', async () => {
    const found = await findings(
      'packages/server/src/services/boundary-fixture.ts',
      "import { runAudit } from '../../../engine/src/index.js';\n",
      RELATIVE_PACKAGE,
    );
    expect(found).toHaveLength(1);
  });
});

describe('the layer lists', () => {
  // Every file and folder of a layered source tree must stand on a layer, or the rule silently ignores it.
  it.each(['packages/server/src', 'packages/engine/src'])('place every entry of %s', async (dir) => {
    const config = (await eslint.calculateConfigForFile(join(root, dir, 'boundary-fixture.ts'))) as Linter.Config;
    const [, options] = config.rules![BOUNDARY] as [unknown, { basePath: string; zones: { target: string[]; from: string[] }[] }];
    const placed = new Set(options.zones.flatMap((zone) => [...zone.target, ...zone.from]).filter((path) => path.startsWith(`${dir}/`)));
    const entries = readdirSync(join(root, dir), { withFileTypes: true }).map((entry) => `${dir}/${entry.name}${entry.isDirectory() ? '/' : ''}`);
    expect(entries.filter((entry) => !placed.has(entry))).toEqual([]);
  });
});
