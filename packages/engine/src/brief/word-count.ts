// Target length: a planning figure, not a claim about competitors. A base per topic kind
// (comparisons and lists need room for every option; product pages stay short), adjusted by goal
// (consideration readers compare in depth; conversion and retention readers want the point).
// Never below 600 words, so the rubric's 300-word minimum is met with room to spare.

import type { TopicKind } from './topic.js';
import type { Goal } from './types.js';

const BASE: Record<TopicKind, number> = {
  'how-to': 1500,
  definition: 1200,
  comparison: 2000,
  list: 1800,
  product: 900,
  general: 1400,
};

const GOAL_ADJUSTMENT: Record<Goal, number> = {
  awareness: 0,
  consideration: 300,
  conversion: -300,
  retention: -200,
};

export function targetWordCountFor(kind: TopicKind, goal: Goal): number {
  return Math.max(600, BASE[kind] + GOAL_ADJUSTMENT[goal]);
}
