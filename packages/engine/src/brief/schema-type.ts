// The schema.org type to mark the piece up with: Product for product/pricing topics, Article
// otherwise. Both are types whose key properties the rubric checks (M2), so the checklist can
// name them; other types (HowTo, FAQPage) no longer earn rich results in major search engines.

import type { TopicKind } from './topic.js';

export function schemaTypeFor(kind: TopicKind): 'Product' | 'Article' {
  return kind === 'product' ? 'Product' : 'Article';
}

/** Key properties the rubric's M2 check expects for the recommended type. */
export const SCHEMA_KEY_PROPERTIES: Record<'Product' | 'Article', string> = {
  Article: 'headline, author, datePublished',
  Product: 'name, offers',
};
