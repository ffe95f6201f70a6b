// profileText scans the lower-cased text when lower-casing keeps its length, and the text as
// written, lower-casing word by word, when it does not (a Turkish "İ" lengthens). The two paths
// must agree on every word, sentence and block opener, whatever the script.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { profileText, wordsOf, type TextProfile } from '../../src/analyse/text/words.js';
import { CODE_END, CODE_START, HEADING_END, HEADING_START } from '../../src/analyse/raw-document.js';

/**
 * The profile of `text` by the word-by-word path: an "İ" appended as a block of its own forces it
 * (after a heading's end, which ends a sentence as the end of the text does, should the text end
 * inside a heading).
 */
function profileWordByWord(text: string): TextProfile {
  const forced = `${text}${HEADING_END}\nİ`;
  expect(forced.toLowerCase().length).not.toBe(forced.length);
  const p = profileText(forced);
  const words = wordsOf(p);
  const last = words.length - 1;
  expect(words[last]).toBe('İ'.toLowerCase());
  const opener = p.blockOpeners.get(words[last]!)!;
  if (opener === 1) p.blockOpeners.delete(words[last]!);
  else p.blockOpeners.set(words[last]!, opener - 1);
  const newWord = p.vocabulary.indexOf(words[last]!) === p.vocabulary.length - 1 && p.wordIds.indexOf(p.vocabulary.length - 1) === last;
  return {
    vocabulary: newWord ? p.vocabulary.slice(0, -1) : p.vocabulary,
    wordIds: p.wordIds.slice(0, last),
    proseWordCount: p.proseWordCount - 1,
    proseSyllables: p.proseSyllables - 1,
    sentenceLengths: p.sentenceLengths.slice(0, -1),
    blockOpeners: p.blockOpeners,
  };
}

function expectSameProfile(text: string): void {
  expect(text.toLowerCase().length).toBe(text.length);
  expect(profileText(text)).toEqual(profileWordByWord(text));
}

describe('profileText on the lower-cased text', () => {
  it('agrees with word-by-word lower-casing for every character that lower-casing changes', () => {
    const changed: string[] = [];
    for (let c = 0; c < 0x10000; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      const ch = String.fromCharCode(c);
      const lower = ch.toLowerCase();
      if (lower !== ch && lower.length === 1) changed.push(ch);
    }
    expect(changed.length).toBeGreaterThan(1000);
    // Each one alone, inside a word, after a joiner, before a sentence end and opening a block.
    const text = changed.map((ch) => `${ch} a${ch}b x-${ch} ${ch}. ${ch}'s\n${ch}x`).join(' ');
    expectSameProfile(text);
    // Astral capitals (surrogate pairs), Greek final sigma, CJK, digits and marks.
    expectSameProfile('𐐀𐐁 𞤀 ΟΔΥΣΣΕΥΣ ΣΑΣ. 日本語です。中文 Ⅻ ⓐⒶ 3.5 Ǆemal ǅ x\u0301y • Item + Two');
  });

  it('agrees on any mix of scripts, joiners, sentence ends, bullets and markers', () => {
    // No Σ: whether it lower-cases to the final ς depends on what follows the word ("ΟΣ·a" is
    // not final), which lower-casing the whole text sees and lower-casing one word cannot.
    const piece = fc.constantFrom(
      ...'aZ09 .!?…。！？\'’-+*•·\n\t\u00a0,:;"()'.split(''),
      'Word',
      'DON’T',
      'Ünïcödé',
      'ΑΘΗΝΑ',
      'ß',
      'ǅ',
      '日本',
      '𝔸𝔹',
      '𐐀',
      'x\u0301',
      'Ⅻ',
      HEADING_START,
      HEADING_END,
      CODE_START,
      CODE_END,
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 80 }), (pieces) => expectSameProfile(pieces.join(''))),
      { numRuns: 1000 },
    );
  });
});
