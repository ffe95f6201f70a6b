// A title's width in a search result: Arial's advance widths at 20 px, whitespace collapsed,
// accented letters as their base letter, CJK full width, anything else an average letter.
import { describe, expect, it } from 'vitest';
import { titlePixelWidth } from '../../src/analyse/head/title-width.js';

describe('titlePixelWidth', () => {
  it("adds Arial's advance widths at 20 px and rounds the sum up", () => {
    // x is 500/1000 em: 10 px; i and l 222/1000 em: 4.44 px; W 944/1000 em: 18.88 px.
    expect(titlePixelWidth('x')).toBe(10);
    expect(titlePixelWidth('xxxxxxxxxx')).toBe(100);
    expect(titlePixelWidth('il')).toBe(9);
    expect(titlePixelWidth('W'.repeat(10))).toBe(189);
    expect(titlePixelWidth('Example Shop: handmade ceramics')).toBe(322); // 16,062 thousandths of an em
  });

  it('collapses whitespace as a result shows it', () => {
    expect(titlePixelWidth('  a \n\t b  ')).toBe(titlePixelWidth('a b'));
  });

  it('measures Latin-1 from its own widths and other accented letters as their base letter', () => {
    expect(titlePixelWidth('£50')).toBe(Math.ceil((556 * 3 * 20) / 1000));
    expect(titlePixelWidth('é')).toBe(titlePixelWidth('e'));
    expect(titlePixelWidth('ő')).toBe(titlePixelWidth('o'));
    expect(titlePixelWidth('Ș')).toBe(titlePixelWidth('S'));
  });

  it('sets CJK and Hangul full width (20 px) and other scripts at an average letter (11.12 px)', () => {
    expect(titlePixelWidth('東京の天気')).toBe(100);
    expect(titlePixelWidth('한국어')).toBe(60);
    expect(titlePixelWidth('Ωמ')).toBe(23);
  });
});
