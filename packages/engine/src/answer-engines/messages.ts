// The chat messages of one GEO question. The system message only fixes the language: anything
// more (a persona, a hint about the brand) would bias the answer the test is meant to observe.
import { languageName } from './locale.js';

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** The one instruction every engine gets, as a system message or the provider's equivalent. */
export function languageInstruction(locale: string): string {
  return `Answer in ${languageName(locale)} (the language of the BCP 47 tag "${locale}").`;
}

export function chatMessages(prompt: string, locale: string): ChatMessage[] {
  return [
    { role: 'system', content: languageInstruction(locale) },
    { role: 'user', content: prompt },
  ];
}
