// The language instruction: a name for every tag ICU knows, the tag itself otherwise.
import { describe, expect, it } from 'vitest';
import { languageName } from '../../src/answer-engines/locale.js';
import { chatMessages } from '../../src/answer-engines/messages.js';

describe('languageName', () => {
  it.each([
    ['en', 'English'],
    ['de-DE', 'German'],
    ['de', 'German'],
    ['fr-FR', 'French'],
    ['pt-BR', 'Brazilian Portuguese'],
    ['en-GB', 'British English'],
    ['es-419', 'Latin American Spanish'],
    ['ja-JP', 'Japanese'],
    ['DE-de', 'German'],
  ])('%s → %s', (tag, name) => {
    expect(languageName(tag)).toBe(name);
  });

  it('falls back to the tag itself', () => {
    expect(languageName('qaa')).toBe('qaa');
    expect(languageName('not a tag')).toBe('not a tag');
  });
});

describe('chatMessages', () => {
  it('puts the language in a system message and the prompt, unchanged, in the user message', () => {
    expect(chatMessages('Beste Kaffeeröstereien?', 'de-AT')).toEqual([
      { role: 'system', content: 'Answer in Austrian German (the language of the BCP 47 tag "de-AT").' },
      { role: 'user', content: 'Beste Kaffeeröstereien?' },
    ]);
  });
});
