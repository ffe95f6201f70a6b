// The URLs of a `srcset` attribute (img, source), as the HTML standard splits it: candidates are
// separated by commas, each a URL then optional descriptors ("640w", "2x"). A URL may itself
// contain commas (data: URLs), so a comma ends a candidate only after its URL and outside
// parentheses in the descriptors.

const SPACE = /[ \t\n\f\r]/;

export function srcsetUrls(srcset: string): string[] {
  const out: string[] = [];
  const n = srcset.length;
  let i = 0;
  while (i < n) {
    while (i < n && (srcset[i] === ',' || SPACE.test(srcset[i]!))) i++;
    if (i >= n) break;
    const start = i;
    while (i < n && !SPACE.test(srcset[i]!)) i++;
    let url = srcset.slice(start, i);
    if (url.endsWith(',')) url = url.replace(/,+$/, '');
    else i = endOfDescriptors(srcset, i);
    if (url !== '') out.push(url);
  }
  return out;
}

function endOfDescriptors(srcset: string, i: number): number {
  let depth = 0;
  for (; i < srcset.length; i++) {
    const c = srcset[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) return i;
  }
  return i;
}
