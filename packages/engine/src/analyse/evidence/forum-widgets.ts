// A forum's widgets that leak into a thread's text: the pager's count of the thread's messages
// ("This is page 1 of 1 (This thread has 5 messages.)") and the activity menu's filters ("Last 15
// minutes", "Last hour", "Last day", each a line of its own), and a user card's reputation and
// badges ("3,926 9 gold badges 27 silver badges", written with no space by Stack Exchange's
// markup: "3,9269 gold badges27 silver badges"). GUIDE.md, `ui`: "a UI counter, a
// price list of a navigation element … (boilerplate that leaked into the main text)".
import { isSpace } from './number-characters.js';

/** "thread has 5", "topic contains 12": the software's count of a thread's posts. */
const THREAD_COUNT_BEFORE = /(?:^|[^\p{L}])(?:thread|topic|discussion)\s+(?:has|contains|had)\s+$/iu;
/** A menu's filter: "Last" or "Past" opening its line, before the span. */
const FILTER_BEFORE = /(?:^|\n)[ \t\u00a0]*(?:last|past)[ \t\u00a0]+$/iu;
/** After a reputation or a badge count: a badge's metal ("22.6k3 gold badges": the "k" and the next count first). */
const BADGE_AFTER = /(?:k\d{1,4})?\s?(?:gold|silver|bronze)\s+badges?/iy;
const REACH = 24;
const NEWLINE = 10;

/** Whether the number at `at` is the pager's count of a thread's messages. */
export function isThreadCount(text: string, at: number): boolean {
  return THREAD_COUNT_BEFORE.test(text.slice(Math.max(0, at - REACH), at));
}

/** Whether the span from `at` to `end` ("15 minutes") is an activity menu's filter: "Last 15 minutes" alone on its line. */
export function isActivityFilter(text: string, at: number, end: number): boolean {
  if (!FILTER_BEFORE.test(text.slice(Math.max(0, at - REACH), at))) return false;
  let j = end;
  while (j < text.length && j - end <= REACH && isSpace(text.charCodeAt(j))) j++;
  return j === text.length || text.charCodeAt(j) === NEWLINE;
}

/** Whether a user card's badge names follow the number ending at `end` ("3,9269 gold badges"). */
export function isBadgeCount(text: string, end: number): boolean {
  BADGE_AFTER.lastIndex = end;
  return BADGE_AFTER.test(text);
}
