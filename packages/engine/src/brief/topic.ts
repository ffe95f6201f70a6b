// Reading the topic: what kind of piece it asks for, judged from its wording only (English
// cues). Nothing here knows anything about the subject itself.

export type TopicKind = 'how-to' | 'definition' | 'comparison' | 'list' | 'product' | 'general';

export interface TopicShape {
  kind: TopicKind;
  /** The topic as given, whitespace collapsed, trailing punctuation removed. */
  topic: string;
  /** The subject without its cue words: "store herbs" for "How to store herbs". */
  subject: string;
  /** For comparisons: the two sides ("X vs Y"). */
  sides: [string, string] | null;
}

export function normaliseText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[?!.:;,]+$/, '')
    .trim();
}

export function readTopic(raw: string): TopicShape {
  const topic = normaliseText(raw);
  const lower = topic.toLowerCase();
  const vs = /^(.+?)\s+(?:vs\.?|versus)\s+(.+)$/i.exec(topic);
  if (vs) return { kind: 'comparison', topic, subject: topic, sides: [vs[1]!.trim(), vs[2]!.trim()] };
  const howTo = /^how\s+(?:to|do\s+(?:i|you|we))\s+(.+)$/i.exec(topic);
  if (howTo) return { kind: 'how-to', topic, subject: howTo[1]!, sides: null };
  const what = /^what\s+(?:is|are)\s+(?:an?\s+|the\s+)?(.+)$/i.exec(topic);
  if (what) return { kind: 'definition', topic, subject: what[1]!, sides: null };
  const best = /^(?:the\s+)?(?:best|top)\s+(.+)$/i.exec(topic);
  if (best) return { kind: 'list', topic, subject: best[1]!, sides: null };
  if (/\b(?:pric(?:e|es|ing)|cost|costs|buy|order|plans?|subscription|quote)\b/.test(lower)) {
    return { kind: 'product', topic, subject: topic, sides: null };
  }
  return { kind: 'general', topic, subject: topic, sides: null };
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
