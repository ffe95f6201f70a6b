// Search intent: the topic's wording decides when it is explicit (a comparison or "best" list
// is commercial research, a price or purchase is transactional, a how-to or definition is
// informational); otherwise the goal decides (awareness and retention inform, consideration
// compares, conversion transacts).

import type { TopicKind } from './topic.js';
import type { Goal, SearchIntent } from './types.js';

const BY_KIND: Partial<Record<TopicKind, SearchIntent>> = {
  comparison: 'commercial',
  list: 'commercial',
  product: 'transactional',
  'how-to': 'informational',
  definition: 'informational',
};

const BY_GOAL: Record<Goal, SearchIntent> = {
  awareness: 'informational',
  consideration: 'commercial',
  conversion: 'transactional',
  retention: 'informational',
};

export function searchIntentOf(kind: TopicKind, goal: Goal): SearchIntent {
  return BY_KIND[kind] ?? BY_GOAL[goal];
}
