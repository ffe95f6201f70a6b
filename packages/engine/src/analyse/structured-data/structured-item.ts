// An ItemNode validated and reported as a StructuredItem: schema.org vocabulary problems and
// missing Google-required properties are errors, missing Google-recommended ones warnings.

import type { StructuredDataProblem, StructuredItem } from '../../types.js';
import type { ItemNode } from './item-node.js';
import { checkRichResult } from './rich-result-check.js';
import { checkVocabulary } from './vocabulary-check.js';

export function toStructuredItem(node: ItemNode, syntax: StructuredItem['syntax'], syntaxProblems: readonly StructuredDataProblem[] = []): StructuredItem {
  const richResult = checkRichResult(node);
  return {
    syntax,
    types: node.types,
    schemaOrgTypes: node.schemaOrgTypes,
    properties: [...node.properties.keys()],
    richResult: richResult.richResult,
    errors: [...syntaxProblems, ...checkVocabulary(node), ...richResult.errors],
    warnings: richResult.warnings,
  };
}
