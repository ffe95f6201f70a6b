// The brand reader's rules without the learned weighing of the names they take in prose
// (prose-name-model.ts): for the tests that document a rule, whose verdict the model may then
// weigh otherwise (prose-name-model.test.ts and the labelled answers test the two together).
import { proseNameReading } from '../../src/answer-engines/brands/prose-name-model.js';

export function byRulesAlone<T>(read: () => T): T {
  const trained = proseNameReading.current;
  proseNameReading.current = { ...trained, use: 'rules' };
  try {
    return read();
  } finally {
    proseNameReading.current = trained;
  }
}
