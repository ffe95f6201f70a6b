// The robots.txt file judged as Lighthouse's robots-txt audit does. It is a site-level verdict:
// the same for every page of a host. A 5xx or 429 answer fails (crawlers then treat the whole
// site as disallowed); any other 4xx, or an empty file, is not applicable (no file: everything
// may be crawled); a failed fetch fails; otherwise every line must parse. The audit's own report
// on robots.txt (site/robots.ts) is a different reading on purpose: what crawlers will ignore, in
// words for the user, not Lighthouse's pass or fail.

export interface RobotsTxtFetch {
  /** HTTP status of the robots.txt request; null when no response arrived. */
  status: number | null;
  /** The file's text; null when there was no response. */
  body: string | null;
}

export interface RobotsTxtLineError {
  /** 1-based line number. */
  line: number;
  message: string;
}

const KNOWN_DIRECTIVES = new Set([
  'user-agent',
  'disallow',
  'allow',
  'sitemap',
  'crawl-delay',
  'clean-param',
  'host',
  'request-rate',
  'visit-time',
  'noindex',
  'content-signal',
  'license',
]);

function lineError(directive: string, value: string): string | null {
  if (!KNOWN_DIRECTIVES.has(directive)) return 'Unknown directive';
  if (directive === 'sitemap') {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return 'Invalid sitemap URL';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'ftp:') return 'Invalid sitemap URL protocol';
  }
  if (directive === 'user-agent' && value === '') return 'No user-agent specified';
  if (directive === 'allow' || directive === 'disallow') {
    if (value !== '' && value[0] !== '/' && value[0] !== '*') return 'Pattern should either be empty, start with "/" or "*"';
    const dollar = value.indexOf('$');
    if (dollar !== -1 && dollar !== value.length - 1) return '"$" should only be used at the end of the pattern';
  }
  return null;
}

/** Lines a crawler cannot understand, and allow/disallow rules before any user-agent line. */
export function robotsTxtErrors(text: string): RobotsTxtLineError[] {
  const errors: RobotsTxtLineError[] = [];
  let inGroup = false;
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const content = raw.replace(/#.*$/, '').trim();
    if (content === '') return;
    const colon = content.indexOf(':');
    if (colon === -1) {
      errors.push({ line: i + 1, message: 'Syntax not understood' });
      return;
    }
    const directive = content.slice(0, colon).trim().toLowerCase();
    const value = content.slice(colon + 1).trim();
    const problem = lineError(directive, value);
    if (problem !== null) {
      errors.push({ line: i + 1, message: problem });
      return;
    }
    if (directive === 'user-agent') inGroup = true;
    else if (!inGroup && (directive === 'allow' || directive === 'disallow')) errors.push({ line: i + 1, message: 'No user-agent specified' });
  });
  return errors;
}

export function robotsTxtVerdict(file: RobotsTxtFetch | null | undefined): 'pass' | 'fail' | 'na' {
  if (file === null || file === undefined) return 'na';
  const { status, body } = file;
  if (status !== null && (status >= 500 || status === 429)) return 'fail';
  if ((status !== null && status >= 400) || body === '') return 'na';
  if (status === null || status === 0 || body === null) return 'fail';
  return robotsTxtErrors(body).length === 0 ? 'pass' : 'fail';
}
