// Two readings measured on every development set rather than read off one page: a paragraph that is
// one quotation of two sentences or more is someone's speech (an interview's answer, a speaker the
// article introduced before); a unit may stand after a run of spaces or tabs where a recipe's
// list lays its quantities out so, and French writes its units of data capitalised (the spec's E1
// and E2).
import { describe, expect, it } from 'vitest';
import { findStatistics } from '../../src/analyse/evidence/statistics.js';
import { findProseQuotations } from '../../src/analyse/quotations/index.js';

const attributed = (text: string, lang: string) => findProseQuotations(text, lang).map((q) => q.attributed);

describe('quoted paragraphs and spaced units', () => {
  it('attributes a quoted paragraph of two sentences or more, in a language without speech cues', () => {
    const interview = [
      'Park Chae-gyu founded the company fourteen years ago and now runs it from Yongin.',
      '“시험인증 분야는 새로운 기술에 대한 준비와 교육 없이는 아무것도 이루어 낼 수 없습니다. 따라서 임직원의 교육과 자질 향상을 위해 많은 시간과 비용을 투자하고 있지요.”',
      'The company plans to list its shares in two years.',
    ].join('\n');
    expect(attributed(interview, 'ko')).toEqual([true]);
  });

  it('leaves a quoted line of one sentence, a motto or a slogan, without a source', () => {
    const motto = ['Our shop opened in 1998.', '“Quality is never an accident and it is always the result of effort”', 'Prices are fair.'].join('\n');
    expect(attributed(motto, 'en')).toEqual([false]);
  });

  it('leaves a quoted paragraph the sentence around it is part of to the cues of that sentence', () => {
    expect(attributed('The sign reads “Do not park here. Cars will be towed away at the owner’s cost” in the lane.', 'en')).toEqual([false]);
  });

  it('reads the French units of data, octets, capitalised as French writes them', () => {
    expect(findStatistics('Mémoire vive : 1024 Mo, stockage de 64 Go et une carte de 512 Ko.', 'fr')).toEqual(['1024 Mo', '64 Go', '512 Ko']);
  });

  it('reads a unit set apart from its number by tabs and spaces, as a recipe lays out its list', () => {
    expect(findStatistics('\t\t250 \t\t\t\tg\t\t\nhrudkovitý tvaroh\n\t\t200 \t\t\t\tml\t\nsmotana', 'sk')).toEqual(['250 \t\t\t\tg', '200 \t\t\t\tml']);
  });
});

describe('speech cues in Vietnamese and Indonesian', () => {
  it('attributes a quotation whose speaker and verb follow it', () => {
    const vi = 'Chi phí sinh hoạt tăng. "Mức giảm trừ gia cảnh dùng để tính thuế thu nhập cá nhân đang thấp", Bộ trưởng Tài chính Hồ Đức Phớc nhìn nhận.';
    expect(attributed(vi, 'vi')).toEqual([true]);
    const id = 'Harga beras naik lagi. "Kami akan menambah pasokan ke pasar tradisional minggu depan," ujarnya di Jakarta.';
    expect(attributed(id, 'id')).toEqual([true]);
  });

  it('leaves Indonesian "kata", a word, without a source', () => {
    expect(attributed('Gunakan "kata kunci yang tepat untuk setiap halaman web anda" dalam kata pengantar.', 'id')).toEqual([false]);
  });
});
