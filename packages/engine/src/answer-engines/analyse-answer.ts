// What one answer says about the project's brand (the GeoSample fields). Pure: text in, facts out.
// Mentions are looked for in what a reader sees: a Markdown link's destination is a citation, not a
// mention, so `[guide](https://example.com/guide)` cites the project without naming it.
import { blankSpans, citedUrls, scanUrls, type FoundUrl } from './urls.js';
import { domainsInText, registrableDomain, type NamedDomain } from './domains.js';
import { compactKey, findSpans, foldWithOrigin, namePattern, type FoldedText, type Span } from './fold.js';
import { brandCandidates, distinctNames } from './other-brands.js';
import { containsBrand, projectBrand, type ProjectBrand } from './project-brand.js';
import type { AnswerAnalysis, BrandIdentity } from './types.js';

/** The contract's limits. */
const MAX_LIST = 500;
const MAX_POSITION = 1000;

export function analyseAnswer(answer: string, identity: BrandIdentity): AnswerAnalysis {
  const project = projectBrand(identity);
  const scan = scanUrls(answer);
  const visible = foldWithOrigin(scan.visibleText);

  const mentions = nonOverlapping(project.patterns.flatMap((p) => findSpans(visible, p)));
  const cited = citedUrls(scan, MAX_LIST);
  const scope = project.scope;
  const projectDomainCited = scope !== null && cited.some((url) => scope.contains(url));

  const domains = namedDomains(scan.visibleText, scan.urls, project);
  const brands = distinctNames(brandCandidates(scan.visibleText, scan.links), (key, name) => project.keys.has(key) || containsBrand(project, name));

  return {
    brandMentioned: mentions.length > 0,
    firstMentionPosition: mentions.length === 0 ? null : rankOf(mentions[0]!.start, brands, domains, visible, project.keys),
    mentionCount: mentions.length,
    citedUrls: cited,
    projectDomainCited,
    otherBrands: brands.slice(0, MAX_LIST).map((b) => b.name.slice(0, 200)),
    otherDomains: distinctDomains(domains.all).slice(0, MAX_LIST),
  };
}

/** Mentions of either form that do not overlap (`Example` inside `example.com` counts once), longest first at a tie. */
function nonOverlapping(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Span[] = [];
  for (const span of sorted) {
    if (kept.length === 0 || span.start >= kept[kept.length - 1]!.end) kept.push(span);
  }
  return kept;
}

interface Domains {
  /** Every other domain named or cited, hidden link destinations included. */
  all: NamedDomain[];
  /** Those a reader sees (in text or in a shown URL): the ones that rank. */
  shown: NamedDomain[];
}

function namedDomains(visibleText: string, urls: FoundUrl[], project: ProjectBrand): Domains {
  // Hosts of URLs are taken from the URLs, so their text is blanked before looking for bare names.
  const fromText = domainsInText(blankSpans(visibleText, urls.filter((u) => u.visible)));
  const fromUrls: Array<NamedDomain & { visible: boolean }> = [];
  for (const u of urls) {
    const reg = registrableDomain(new URL(u.url).hostname);
    if (reg !== null) fromUrls.push({ ...reg, start: u.start, visible: u.visible });
  }
  const isOther = (d: NamedDomain) => d.domain !== project.domain;
  const all = [...fromText, ...fromUrls].filter(isOther).sort((a, b) => a.start - b.start);
  const shown = [...fromText, ...fromUrls.filter((d) => d.visible)].filter(isOther);
  return { all, shown };
}

function distinctDomains(domains: NamedDomain[]): string[] {
  return [...new Set(domains.map((d) => d.domain))];
}

/**
 * 1-based rank of the project among everything the answer names, by first appearance. A brand and
 * its domains are one name (`Shopify`, `Shopify Payments`, `shopify.com`, `shopify.de`), and
 * names sharing a key with the project (its other country domains) do not rank at all.
 */
function rankOf(
  projectStart: number,
  brands: Array<{ name: string; start: number }>,
  domains: Domains,
  visible: FoldedText,
  projectKeys: ReadonlySet<string>,
): number {
  const firstSeen = new Map<string, number>();
  const see = (key: string, start: number) => {
    if (key === '' || projectKeys.has(key)) return;
    const known = firstSeen.get(key);
    if (known === undefined || start < known) firstSeen.set(key, start);
  };
  for (const brand of brands) {
    // A listed brand may have been named in the prose before the list: its first appearance counts.
    const pattern = namePattern(brand.name);
    const earliest = pattern === null ? undefined : findSpans(visible, pattern)[0]?.start;
    see(compactKey(brand.name), Math.min(earliest ?? brand.start, brand.start));
  }
  const brandKeys = [...firstSeen.keys()];
  for (const domain of domains.shown) {
    // `shopify.com` is the domain of `Shopify Coffee`: a brand whose key starts with the label.
    const label = compactKey(domain.label);
    see(brandKeys.find((k) => k === label || (label.length >= 3 && k.startsWith(label))) ?? label, domain.start);
  }
  let before = 0;
  for (const start of firstSeen.values()) if (start < projectStart) before++;
  return Math.min(MAX_POSITION, before + 1);
}
