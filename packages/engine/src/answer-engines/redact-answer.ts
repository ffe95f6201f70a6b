// A server that echoes the request (a misconfigured proxy) must not leak the key through an answer
// either. The key is cut out of the text, with every use's offsets moved to match; a source whose
// URL holds the key is dropped (a URL with a piece cut out is not the one the provider gave), and a
// title holding it is redacted.
import type { AnswerSource, EngineAnswer } from './types.js';

const REDACTED = '[redacted]';

export function redactAnswer(answer: EngineAnswer, secret: string | null): EngineAnswer {
  if (secret === null || secret === '') return answer;
  const leaks = (s: string) => s.includes(secret);
  if (!leaks(answer.text) && !answer.sources.some((s) => leaks(s.url) || (s.title !== null && leaks(s.title)))) return answer;

  const cuts: number[] = [];
  for (let at = answer.text.indexOf(secret); at >= 0; at = answer.text.indexOf(secret, at + secret.length)) cuts.push(at);
  const shift = REDACTED.length - secret.length;
  // An offset inside a cut key moves to the start of its replacement.
  const moved = (offset: number) => {
    let out = offset;
    for (const cut of cuts) {
      if (offset >= cut + secret.length) out += shift;
      else if (offset > cut) return cut + (out - offset);
    }
    return out;
  };
  const sources: AnswerSource[] = answer.sources
    .filter((s) => !leaks(s.url))
    .map((s) => ({
      url: s.url,
      title: s.title === null ? null : s.title.split(secret).join(REDACTED),
      uses: s.uses.map((u) => ({ start: moved(u.start), end: moved(u.end) })).filter((u) => u.start < u.end),
    }));
  return { text: answer.text.split(secret).join(REDACTED), sources };
}
