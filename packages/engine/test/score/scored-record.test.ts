// Which records the GEO score applies to.
import { describe, expect, it } from 'vitest';
import { notScoredReason } from '../../src/score/scored-record.js';

describe('notScoredReason', () => {
  it('scores 2xx HTML pages only, and names why any other record is not scored', () => {
    const stored = (statusCode: number, contentType: string | null) => notScoredReason({ statusCode, contentType });
    expect(stored(200, 'text/html')).toBeNull();
    expect(stored(203, 'application/xhtml+xml')).toBeNull();
    expect(stored(0, null)).toBe('no_response');
    expect(stored(301, 'text/html')).toBe('http_status');
    expect(stored(404, 'text/html')).toBe('http_status');
    expect(stored(199, 'text/html')).toBe('http_status');
    expect(stored(300, 'text/html')).toBe('http_status');
    expect(stored(200, 'application/pdf')).toBe('not_html');
    expect(stored(200, null)).toBe('not_html');
  });

  it('reads an analysed record by its isHtml flag', () => {
    expect(notScoredReason({ statusCode: 200, isHtml: true })).toBeNull();
    expect(notScoredReason({ statusCode: 200, isHtml: false })).toBe('not_html');
    expect(notScoredReason({ statusCode: 0, isHtml: false })).toBe('no_response');
  });
});
