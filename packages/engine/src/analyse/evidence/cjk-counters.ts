// Counters and units after a number in Japanese and Chinese, for the statistics in digits
// (statistics.ts). These languages write no space between a number and what it counts ("7文字",
// "50多个", "10日間", "3,300円"), so the word after the number is a run of characters with no end
// the scan can see; readers count the number when that run opens with a counter or a unit, and
// not when it opens with a date's, a clock's, an age's or a rank's ("2019年", "5月", "10時",
// "20歳", "1位"), nor when it is read back in time or as an ordinal ("5年前", "3回目").

import { isDigit } from './number-characters.js';

const list = (words: string): string[] => words.trim().split(/\s+/);

/**
 * Openings of the run after a number that make it a quantity: counters of things, money, magnitudes
 * and levels ("5.0级地震"), units, spans of time, and "about so many" after it ("6左右").
 */
/** Money, magnitudes and shares, which also stand one space after their number ("7 折 294 元"). */
const SPACED = `円 万円 億円 元 万元 亿元 美元 港元 日元 欧元 英镑 ドル ユーロ ポンド 圓 块 塊 万 萬 億 亿 兆 千 百万 ％ パーセント 折`;
const SPACED_QUANTIFIERS = new Set(list(SPACED));
const QUANTIFIERS = new Set(
  list(`
  ${SPACED}
  割 倍 分の
  人 名 件 個 个 台 本 枚 冊 匹 頭 羽 隻 只 種 种 種類 社 家 校 店 軒 戸 户 所 か所 カ所 ヶ所 箇所 項目
  席 基 票 曲 語 字 文字 点 ポイント キー ポート カウント つ 回 度 部 款 套 張 张 篇 位数 桁
  年間 年半 ヶ月 か月 カ月 ケ月 ヵ月 个月 個月 週間 周 日間 天 時間 小时 小時 分間 分 分钟 分鐘 秒 ミリ秒 毫秒
  米 公里 千米 平方米 平方公里 平方キロ 平方キロメートル 公斤 千克 克 吨 噸 斤 公升 升 毫升 厘米 公分 毫米 英寸 平米 坪 畳
  メートル キロ キロメートル キログラム グラム センチ ミリ リットル バイト ギガ メガ テラ ワット ボルト カロリー ヘルツ インチ トン
  以上 以下 未満 超 左右
  级 級
`),
);
/**
 * Runs after a number that make it a date, a clock time, an age, a rank, a name's number, or a
 * reference to a law's article or a book's page ("2条2項", "68頁"); "条" counts things in Chinese
 * but is an article in Japanese, and is left to neither.
 */
const NOT_QUANTIFIERS = new Set(list('年度 年代 月 日 時 歳 岁 才 位 番 号 号機 章 節 階 楼 期 届 代 世紀 世纪 条 條 項 项 頁 页 ページ 行 円玉'));
/** After a counter: read back in time ("5年前", "3日後", "5年ぶり") or an ordinal ("3回目", "2つ目"). */
const ANCHORS = /^(?:前|後|后|目|ぶり)/u;
/** After "年", what makes it a span however the number reads: "8年連続", "10年以上", "3年近く", "5年かけて", "20年来". */
const YEARS_SPAN_AFTER = /^(?:連続|连续|以上|近く|ほど|程|余り|かけ|越し|来)/u;
/** "50余种", "50多个", "30数人": about so many, before the counter. */
const ABOUT = new Set(list('余 多 数 余り'));
/** "1日に", "1日あたり": a rate per day; after another number it is a date's day ("20日に迫る": on the 20th). */
const PER_DAY_AFTER = /^日(?:に|あたり|当たり|当り)/u;
const LONGEST = 7;

/** A Han, Hiragana or Katakana character: the scripts written without spaces between words. */
export function isHanOrKana(c: number): boolean {
  return (c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff) || c === 0xff05;
}

/**
 * Whether the run of Japanese or Chinese text at `at` (right after a number, or one space after
 * it: `spaced`) makes the number a statistic. `yearLike`: the number could be a year ("2019年" is
 * a date, "5年" a span). Reads a few characters.
 */
export function cjkQuantifies(text: string, at: number, yearLike: boolean, spaced: boolean): boolean {
  // "4 社会活动": a section's number before its title; only money and shares stand apart from their
  // number, and a counter after "about so many" ("3000 多个话题": the number's own hedge, no title's).
  if (spaced) {
    const hedged = ABOUT.has(text[at] ?? '') && QUANTIFIERS.has(text[at + 1] ?? '');
    return hedged || SPACED_QUANTIFIERS.has(text[at]!) || SPACED_QUANTIFIERS.has(text.slice(at, at + 2)) || SPACED_QUANTIFIERS.has(text.slice(at, at + 5));
  }
  let i = at;
  const about = ABOUT.has(text.slice(i, i + 2)) ? 2 : ABOUT.has(text[i] ?? '') ? 1 : 0;
  i += about;
  if (about === 0 && onlyOne(text, at) && PER_DAY_AFTER.test(text.slice(i, i + 4))) return true;
  for (let length = LONGEST; length >= 1; length--) {
    const word = text.slice(i, i + length);
    if (word.length < length) continue;
    if (NOT_QUANTIFIERS.has(word)) return false;
    if (QUANTIFIERS.has(word)) return !ANCHORS.test(text.slice(i + length, i + length + 2)) && !(yearLike && word.startsWith('年'));
  }
  // "5年": a span of years, unless the number is a year's; "と8年連続", "10年以上": one whatever
  // stands before the number, a span's word after it.
  return text[i] === '年' && (!yearLike || YEARS_SPAN_AFTER.test(text.slice(i + 1, i + 4))) && !ANCHORS.test(text.slice(i + 1, i + 3));
}

/** Whether the number that ends at `at` is 1 alone (not 11, 21 or 2.1). */
function onlyOne(text: string, at: number): boolean {
  return text[at - 1] === '1' && !/[\d.,]/u.test(text[at - 2] ?? '');
}

/** A side of a dimension after the first, named in Japanese or Chinese: "127.6" of "約幅441.5×奥行127.6×高さ25.0mm". */
export function isCjkDimensionSide(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0 && at - i <= 5; i--) {
    const c = text.charCodeAt(i);
    if (c === 0xd7) return i > 0 && text.charCodeAt(i - 1) >= 48 && text.charCodeAt(i - 1) <= 57;
    if (!isHanOrKana(c)) return false;
  }
  return false;
}

/**
 * The lower places of one amount written in myriads: "2000" of "約1億2000万円" (120 million yen),
 * "3000" of "5万3000人". The amount counts once, on its first digits.
 */
const MYRIADS = new Set(['億', '亿', '萬', '万', '兆']);
export function isCjkMyriadPart(text: string, at: number): boolean {
  return at > 1 && MYRIADS.has(text[at - 1]!) && isDigit(text.charCodeAt(at - 2));
}

/**
 * A shop's price with or without tax after the price ("［本体］￥2,990 ［税込］￥3,229", "9,900円（税抜き 9,000円）"),
 * or the tax in it ("1,200円 (+消費税120円)"): the same price restated, or a part of it.
 */
const TAX_BEFORE = /(?:税込|税抜き?|税別|含税|未税|消費税)[^\d]{0,4}$/u;
export function isTaxRestatement(text: string, start: number): boolean {
  return TAX_BEFORE.test(text.slice(Math.max(0, start - 9), start));
}

/** "上位10ポート", "トップ5": the top of a ranking the text draws, not a quantity ("上位10アドレス中の4": a ratio, which counts). */
const RANKING_BEFORE = /(?:上位|下位|トップ)$/u;
const AMONG_AFTER = /^[^\d。、]{0,8}中/u;

/**
 * Whether the number from `at` to `end`, written against Japanese, is its text's own ranking or
 * items rather than a quantity: the top of a ranking ("上位10ポート") or a count of the things it
 * names or is about to name with the counter つ ("MasscanとZMapの2つ", "4つの理由"; GUIDE.md,
 * `structural`).
 */
export function isCjkOwnItems(text: string, at: number, end: number): boolean {
  if (RANKING_BEFORE.test(text.slice(Math.max(0, at - 3), at))) return !AMONG_AFTER.test(text.slice(end, end + 12));
  return text[end] === 'つ' && (text[at - 1] === 'の' || text[end + 1] === 'の');
}
