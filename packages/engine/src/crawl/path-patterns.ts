// Include and exclude patterns of a crawl, written as robots.txt rules are: matched against a
// URL's path and query from their start, `*` any run of characters, a final `$` the end. Users'
// regular expressions would risk catastrophic backtracking; these are matched segment by segment
// with indexOf, leftmost first (which is exact when `*` is the only wildcard), so a match takes
// time linear in the URL's length for each segment of the pattern.

export interface PathFilter {
  /** When not empty, a URL must match one of these. */
  include: readonly string[];
  /** A URL matching one of these is refused, whatever `include` says. */
  exclude: readonly string[];
}

interface CompiledPattern {
  segments: string[];
  anchored: boolean;
}

function compile(pattern: string): CompiledPattern {
  const anchored = pattern.endsWith('$');
  return { segments: (anchored ? pattern.slice(0, -1) : pattern).split('*'), anchored };
}

/** True when `pattern` matches `pathAndQuery` (e.g. `/blog/post?page=2`). */
export function matchesPathPattern(pattern: string, pathAndQuery: string): boolean {
  return matchesCompiled(compile(pattern), pathAndQuery);
}

function matchesCompiled({ segments, anchored }: CompiledPattern, text: string): boolean {
  const first = segments[0]!;
  if (!text.startsWith(first)) return false;
  if (segments.length === 1) return !anchored || text.length === first.length;
  let at = first.length;
  const last = segments.length - 1;
  for (let i = 1; i < last; i++) {
    const found = text.indexOf(segments[i]!, at);
    if (found < 0) return false;
    at = found + segments[i]!.length;
  }
  const tail = segments[last]!;
  // Unanchored, the pattern ends with what precedes any text: the tail only has to occur.
  if (!anchored) return text.indexOf(tail, at) >= 0;
  return text.length - tail.length >= at && text.endsWith(tail);
}

/** A predicate over absolute URLs; null when the filter lets every URL through. */
export function pathFilterOf(filter: PathFilter | undefined): ((url: URL) => boolean) | null {
  if (filter === undefined || (filter.include.length === 0 && filter.exclude.length === 0)) return null;
  const include = filter.include.map(compile);
  const exclude = filter.exclude.map(compile);
  return (url) => {
    const text = url.pathname + url.search;
    if (exclude.some((pattern) => matchesCompiled(pattern, text))) return false;
    return include.length === 0 || include.some((pattern) => matchesCompiled(pattern, text));
  };
}
