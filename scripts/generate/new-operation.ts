// What `npm run generate` tells the designer who added an operation to the spec and nothing else yet.

/** What a new operation needs besides the spec, file by file (the README's "Changing the API"). */
export function newOperationChecklist(operationIds: string[]): string {
  const ids = operationIds.join(', ');
  return [
    '',
    `The types are generated, but ${ids} ${operationIds.length === 1 ? 'has' : 'have'} no client method yet. A new operation needs:`,
    `  1. packages/client/src/operations.ts: ${operationIds.map((id) => `${id}: '<resource>.<method>'`).join(', ')},`,
    '     and that method in packages/client/src/resources/<resource>.ts;',
    `  2. packages/server/src/handlers/: a handler typed Handler<'${operationIds[0] ?? ''}', RequestContext>, listed in handlers/index.ts;`,
    `  3. packages/types/test/fixtures/type-errors/correct.ts: an entry for ${ids} in the fixture's handler map;`,
    '  4. tests: the operation over HTTP, its responses checked with expectContract.',
    'Then run npm run generate again (the client sample needs the method), npm run typecheck and npm test.',
  ].join('\n');
}
