// Gemini with Google Search grounding: generateContent with the `googleSearch` tool, through the
// official SDK (@google/genai takes a custom fetch in `httpOptions.fetch`, so its HTTP goes through
// the guarded fetch like the others). The answer is the text parts of the first candidate (thought
// parts excluded), joined; its `groundingMetadata.groundingChunks[].web {uri, title}` are the
// sources, in Gemini's order; each `groundingSupports[]` entry cites the chunks of its
// `groundingChunkIndices` over its `segment` {partIndex, startIndex, endIndex}, whose indices are
// UTF-8 byte offsets into that part (converted here; an omitted index is 0, proto3's default).
// Shapes: the pinned SDK's `GenerateContentResponse`, `GroundingMetadata` and `Segment` types; the
// byte offsets: the API reference's `Segment` ("Start index in the given Part, measured in bytes").
import { GoogleGenAI } from '@google/genai';
import { languageInstruction } from '../messages.js';
import { SourceList } from '../source-list.js';
import { capLength } from '../text-cap.js';
import type { AnswerSource, TextUse } from '../types.js';
import { utf8ToUtf16 } from '../utf8-offsets.js';
import type { Adapter, AdapterCall, CallOutcome } from './adapter.js';
import { resolveGroundingRedirects } from './grounding-redirect.js';
import { sdkCall } from './sdk-call.js';

/** Passed explicitly: the SDK would otherwise read a base URL and Vertex settings from the environment. */
export const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com';

export const askGemini: Adapter = (call) =>
  sdkCall(
    call,
    (fetch) => {
      const client = new GoogleGenAI({
        apiKey: call.apiKey ?? '',
        vertexai: false,
        // No `retryOptions`: the SDK then makes exactly one attempt; askWithRetries decides retries.
        httpOptions: { baseUrl: call.baseUrl ?? GEMINI_BASE_URL, fetch },
      });
      return client.models.generateContent({
        model: call.model,
        contents: call.prompt,
        config: {
          systemInstruction: languageInstruction(call.locale),
          tools: [{ googleSearch: {} }],
          ...(call.temperature !== null ? { temperature: call.temperature } : {}),
          ...(call.signal ? { abortSignal: call.signal } : {}),
        },
      });
    },
    (response) => readGeneration(response as WireGeneration, call),
  );

/** What is read of a response; any field may be missing, as the SDK does not check the response. */
interface WireGeneration {
  promptFeedback?: { blockReason?: unknown } | null;
  candidates?: Array<WireCandidate | null> | null;
}

interface WireCandidate {
  finishReason?: unknown;
  content?: { parts?: Array<{ text?: unknown; thought?: unknown } | null> | null } | null;
  groundingMetadata?: {
    groundingChunks?: Array<{ web?: { uri?: unknown; title?: unknown } | null } | null> | null;
    groundingSupports?: Array<{ segment?: WireSegment | null; groundingChunkIndices?: unknown } | null> | null;
  } | null;
}

interface WireSegment {
  partIndex?: unknown;
  startIndex?: unknown;
  endIndex?: unknown;
  text?: unknown;
}

interface TextPart {
  text: string;
  /** Where the part starts in the joined answer. */
  offset: number;
  /** Built on first use, once per part rather than once per segment. */
  toUtf16?: (byteOffset: number) => number | null;
}

export async function readGeneration(response: WireGeneration, call: AdapterCall): Promise<CallOutcome> {
  const candidate = Array.isArray(response.candidates) ? (response.candidates[0] ?? null) : null;
  const parts: Array<TextPart | null> = [];
  let offset = 0;
  for (const part of Array.isArray(candidate?.content?.parts) ? candidate.content.parts : []) {
    if (typeof part?.text !== 'string' || part.thought === true) {
      parts.push(null);
      continue;
    }
    parts.push({ text: part.text, offset });
    offset += part.text.length;
  }
  const text = capLength(
    parts
      .filter((p) => p !== null)
      .map((p) => p.text)
      .join(''),
  );
  if (text.trim() === '') return noAnswer(response, candidate);

  const metadata = candidate?.groundingMetadata;
  const chunks = Array.isArray(metadata?.groundingChunks) ? metadata.groundingChunks : [];
  const uris = await resolveGroundingRedirects(
    chunks.map((chunk) => chunk?.web?.uri),
    call,
  );
  const sources = new SourceList(text.length);
  const listed: Array<AnswerSource | null> = chunks.map((chunk, i) => sources.add(uris[i], chunk?.web?.title));
  for (const support of Array.isArray(metadata?.groundingSupports) ? metadata.groundingSupports : []) {
    const use = segmentUse(support?.segment, parts);
    if (use === null) continue;
    const indices: unknown[] = Array.isArray(support?.groundingChunkIndices) ? support.groundingChunkIndices : [];
    for (const index of indices) {
      if (typeof index === 'number') sources.use(listed[index] ?? null, use.start, use.end);
    }
  }
  return { kind: 'answer', answer: { text, sources: sources.list() } };
}

/**
 * The segment's span in the joined answer. When the byte offsets do not land on the segment's own
 * `text` (a part boundary miscounted), its text is looked for in the part instead; a segment found
 * nowhere cites nothing rather than a guessed span.
 */
function segmentUse(segment: WireSegment | null | undefined, parts: Array<TextPart | null>): TextUse | null {
  if (segment === undefined || segment === null) return null;
  const part = parts[integerOr(segment.partIndex, 0)];
  if (part === undefined || part === null) return null;
  const toUtf16 = (part.toUtf16 ??= utf8ToUtf16(part.text));
  const start = toUtf16(integerOr(segment.startIndex, 0));
  const end = toUtf16(integerOr(segment.endIndex, -1));
  const expected = typeof segment.text === 'string' && segment.text !== '' ? segment.text : null;
  if (start !== null && end !== null && start < end && (expected === null || part.text.slice(start, end) === expected)) {
    return { start: part.offset + start, end: part.offset + end };
  }
  if (expected === null) return null;
  const found = part.text.indexOf(expected);
  return found < 0 ? null : { start: part.offset + found, end: part.offset + found + expected.length };
}

/** proto3 leaves out a zero; the REST API sends int32 fields as JSON numbers. */
function integerOr(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) ? value : fallback;
}

function noAnswer(response: WireGeneration, candidate: WireCandidate | null): CallOutcome {
  const blocked = response.promptFeedback?.blockReason;
  if (typeof blocked === 'string') return { kind: 'no-answer', error: `the prompt was blocked (blockReason ${blocked})` };
  if (candidate === null) return { kind: 'no-answer', error: 'the response has no candidates' };
  const finish = typeof candidate.finishReason === 'string' ? ` (finishReason ${candidate.finishReason})` : '';
  return { kind: 'no-answer', error: `the model gave no answer${finish}` };
}
