// What the crawl made of the links it met last. A page's links are mostly the site's own
// navigation, the same on every page, and following one means parsing it as a URL to normalise
// and scope it: on a site whose pages link to each other, each distinct link was parsed dozens
// of times, most of the crawling thread's URL work.
// Two generations of at most `size` links each: a link found in the older moves to the newer, and
// when the newer is full the older is dropped. So the memory is bounded whatever the site's size,
// and the links met on every page stay. A link longer than MAX_LENGTH is worked out each time, so
// that a few thousand of them cannot hold megabytes.

const MAX_LENGTH = 512;

export class RecentLinks {
  private newer = new Map<string, string | null>();
  private older = new Map<string, string | null>();

  /** `follow`: a link's followable URL, or null; it must give the same answer for the same link. */
  constructor(
    private readonly size: number,
    private readonly follow: (link: string) => string | null,
  ) {}

  followable(link: string): string | null {
    if (link.length > MAX_LENGTH) return this.follow(link);
    const known = this.newer.get(link);
    if (known !== undefined) return known;
    let url = this.older.get(link);
    if (url === undefined) url = this.follow(link);
    if (this.newer.size >= this.size) {
      this.older = this.newer;
      this.newer = new Map();
    }
    this.newer.set(link, url);
    return url;
  }
}
