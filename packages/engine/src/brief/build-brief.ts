// buildBrief: a content brief from topic, audience and goal, plus what the latest audit knows.
// Deterministic (same input, same brief) and free of facts about the topic: every part is a
// template over the input words; facts, figures and quotations are left for the writer to source.

import { checkedInput } from './input.js';
import { geoChecklist } from './checklist.js';
import { searchIntentOf } from './intent.js';
import { suggestInternalLinks } from './internal-links.js';
import { outlineFor } from './outline.js';
import { questionsFor } from './questions.js';
import { schemaTypeFor } from './schema-type.js';
import { capitalise, readTopic } from './topic.js';
import type { TopicShape } from './topic.js';
import type { Brief, BriefInput, Goal } from './types.js';
import { targetWordCountFor } from './word-count.js';

export function buildBrief(input: BriefInput): Brief {
  const { topic, audience, goal, locale, site } = checkedInput(input);
  const shape = readTopic(topic);
  const questions = questionsFor(shape, audience, goal);
  const recommendedSchemaType = schemaTypeFor(shape.kind);
  const targetWordCount = targetWordCountFor(shape.kind, goal);
  return {
    workingTitle: workingTitle(shape, audience, goal),
    searchIntent: searchIntentOf(shape.kind, goal),
    outline: outlineFor(shape, audience, goal, questions),
    questions,
    recommendedSchemaType,
    targetWordCount,
    geoChecklist: geoChecklist({ schemaType: recommendedSchemaType, targetWordCount, locale }, site?.pages),
    internalLinks: site ? suggestInternalLinks(shape.topic, site.pages) : [],
  };
}

function workingTitle(shape: TopicShape, audience: string, goal: Goal): string {
  const T = capitalise(shape.topic);
  const s = shape.subject;
  switch (shape.kind) {
    case 'how-to':
      return `${T}: a step-by-step guide for ${audience}`;
    case 'definition':
      return `What is ${s}? A clear explanation for ${audience}`;
    case 'comparison':
      return `${T}: which is right for ${audience}?`;
    case 'list':
      return `${T} for ${audience}: how to choose`;
    case 'product':
      return `${T}: what you get and how to decide`;
    case 'general': {
      const byGoal: Record<Goal, string> = {
        awareness: `${T}: what ${audience} should know`,
        consideration: `${T}: a guide to the options for ${audience}`,
        conversion: `${T}: how ${audience} can get started`,
        retention: `Getting more out of ${s}: a guide for ${audience}`,
      };
      return byGoal[goal];
    }
  }
}
