// Import boundaries for ESLint, in the spirit of eslint-plugin-import's `no-restricted-paths` and
// `no-relative-packages`, written here because the well-kept plugins resolve imports through
// native bindings (unrs-resolver) whose builds for other platforms the package registry this
// project installs from does not have, so their lockfile entries cannot be complete and `npm ci`
// refuses the lockfile. The imports this codebase writes are simple enough to resolve by hand:
// relative paths (`./x.js` naming `x.ts`) and workspace packages by name (`@seo-geo/<package>`).
import { dirname, relative, resolve, sep } from 'node:path';

const WORKSPACE_SCOPE = '@seo-geo/';

/** The repository-relative path an import names, or null for an outside package (or a dynamic specifier). */
function importedPath(specifier, file, basePath) {
  if (specifier.startsWith('.')) return toPosix(relative(basePath, resolve(dirname(file), specifier)));
  if (specifier.startsWith(WORKSPACE_SCOPE)) return `packages/${specifier.slice(WORKSPACE_SCOPE.length)}`;
  return null;
}

const toPosix = (path) => path.split(sep).join('/');
/** `x.js` and `x.ts` are one module: imports name the compiled file, the tree holds the source. */
const withoutExtension = (path) => path.replace(/\.(?:[cm]?[jt]s|json)$/, '');

/** `entry` is a folder (ends in `/`, or names a package folder) or a file under the base path. */
function covers(entry, path) {
  if (entry.endsWith('/')) return path.startsWith(entry) || `${path}/` === entry;
  return withoutExtension(path) === withoutExtension(entry) || path.startsWith(`${entry}/`);
}

/** Calls `check(specifier, node)` for every import, re-export and literal dynamic import of a file. */
function onImports(check) {
  const visit = (node) => {
    if (node.source && typeof node.source.value === 'string') check(node.source.value, node.source);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

const layers = {
  meta: {
    type: 'problem',
    docs: { description: 'Files of a zone may not import the paths the zone forbids (e.g. a layer importing one above it).' },
    schema: [
      {
        type: 'object',
        properties: {
          basePath: { type: 'string' },
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
                from: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
                message: { type: 'string' },
              },
              required: ['target', 'from'],
              additionalProperties: false,
            },
          },
        },
        required: ['basePath', 'zones'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { basePath, zones } = context.options[0];
    const file = toPosix(relative(basePath, context.filename));
    const list = (value) => (Array.isArray(value) ? value : [value]);
    const applicable = zones.filter((zone) => list(zone.target).some((entry) => covers(entry, file)));
    if (applicable.length === 0) return {};
    return onImports((specifier, node) => {
      const path = importedPath(specifier, context.filename, basePath);
      if (path === null) return;
      for (const zone of applicable) {
        if (list(zone.from).some((entry) => covers(entry, path))) {
          context.report({ node, message: zone.message ?? `Importing ${path} is not allowed from ${file}.` });
          return;
        }
      }
    });
  },
};

const noRelativePackages = {
  meta: {
    type: 'problem',
    docs: { description: 'A workspace package reaches another one by its name, never by a relative path into its folder.' },
    schema: [{ type: 'object', properties: { basePath: { type: 'string' } }, required: ['basePath'], additionalProperties: false }],
  },
  create(context) {
    const { basePath } = context.options[0];
    const own = /^packages\/[^/]+\//.exec(toPosix(relative(basePath, context.filename)))?.[0];
    if (own === undefined) return {};
    return onImports((specifier, node) => {
      if (!specifier.startsWith('.')) return;
      const path = importedPath(specifier, context.filename, basePath);
      if (path !== null && !path.startsWith(own)) {
        context.report({ node, message: `${specifier} leaves ${own.slice(0, -1)}: import the other package by its name (@seo-geo/...).` });
      }
    });
  },
};

export default { meta: { name: 'seo-geo-boundaries' }, rules: { layers, 'no-relative-packages': noRelativePackages } };
