// The viewport meta tag as Lighthouse's viewport audit judges it: the page is set up for mobile
// screens when its `<meta name="viewport">` sets `width` or `initial-scale`. Its content is a list
// of `key=value` pairs separated by commas, semicolons or spaces, with spaces allowed around `=`
// ("width = device-width, initial-scale=1"); a key without a value sets nothing.

const SETS_WIDTH = /(?:^|[\s,;])(?:width|initial-scale)\s*=\s*[^\s,;=]/i;

export function viewportSetsWidth(content: string): boolean {
  return SETS_WIDTH.test(content);
}
