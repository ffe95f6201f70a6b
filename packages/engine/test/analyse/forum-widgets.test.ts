// A forum's pager and activity menu leak into a thread's text: their numbers are widgets' (GUIDE.md
// of the evidence data set, `ui`).
import { describe, expect, it } from 'vitest';
import { isActivityFilter, isThreadCount } from '../../src/analyse/evidence/forum-widgets.js';
import { findStatistics } from '../../src/analyse/evidence/statistics.js';

describe("a forum's widgets", () => {
  it("leaves the pager's count of the thread's messages", () => {
    expect(findStatistics('This is page 1 of 1\t(This thread has 5 messages.)', 'en')).toEqual([]);
    expect(isThreadCount('The topic contains 12', 'The topic contains '.length)).toBe(true);
    expect(findStatistics('The survey had 500 messages from readers.', 'en')).toEqual(['500 messages']);
  });

  it("leaves the activity menu's filters, not a span in prose", () => {
    expect(findStatistics('I started\n \nLast 15 minutes\n \nLast hour', 'en')).toEqual([]);
    expect(isActivityFilter('Past 24 hours \n', 'Past '.length, 'Past 24 hours'.length)).toBe(true);
    expect(findStatistics('In the last 15 minutes of the match they scored twice.', 'en')).toEqual(['15 minutes']);
  });
});
