// The brand reader's rules without the learned weighing of the names they take in prose
// (prose-name-model.ts): for the tests that document a rule, whose verdict the model may then
// weigh otherwise (prose-name-model.test.ts and the labelled answers test the two together).
import { proseNameReading, withProseNameReading } from '../../src/answer-engines/brands/prose-name-model.js';

export function byRulesAlone<T>(read: () => T): T {
  return withProseNameReading({ ...proseNameReading.current, use: 'rules' }, read);
}
