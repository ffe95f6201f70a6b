// Input checks the brief builder relies on (the API validates the same limits first; a library
// caller gets a clear error rather than an odd brief).

import { normaliseText } from './topic.js';
import { GOALS } from './types.js';
import type { BriefInput } from './types.js';

export function checkedInput(input: BriefInput): BriefInput {
  // A caller in plain JavaScript may leave a field out: read them as optional.
  const given: Partial<BriefInput> = input;
  const topic = normaliseText(given.topic ?? '');
  const audience = normaliseText(given.audience ?? '');
  if (topic.length < 1 || topic.length > 200) throw new RangeError('topic must be 1 to 200 characters');
  if (audience.length < 1 || audience.length > 200) throw new RangeError('audience must be 1 to 200 characters');
  if (!GOALS.includes(input.goal)) throw new RangeError(`goal must be one of ${GOALS.join(', ')}`);
  return { ...input, topic, audience };
}
