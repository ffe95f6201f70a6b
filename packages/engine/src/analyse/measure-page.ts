// Measuring a page: one FetchedPage in, its PageFacts out (with the links, the JSON-LD errors and
// the content signature the audit keeps), synchronously, with a single parse of the HTML. Pure:
// no network, no storage, and no judgement: scoring the facts is score/'s part, and
// page/analyse-page.ts puts the two together. Pages that are not 2xx HTML with a body get their
// base facts only, which say why they cannot be scored.

import { metaRefreshRedirect } from './head/meta-refresh.js';
import type { FetchedPage, LinkInfo, SiteContext, StructuredItem } from '../types.js';
import { aiAgentAccess } from './ai-access.js';
import { canonicalDeclarations, hreflangDeclarations } from './head/canonical.js';
import { charsetDeclaration } from './head/charset-declaration.js';
import { citedSources, sourceKey } from './evidence/citations.js';
import { DocumentCollector } from './collector.js';
import { chooseRegion } from './main-content/region.js';
import { isScorable, type PageFacts } from './facts.js';
import { mostFrequentContentWord } from './text/keyword-density.js';
import { primaryLanguage } from './head/language.js';
import { profileSignature } from './text/minhash.js';
import { contentHash } from './text/content-hash.js';
import { loadedUrls } from './resources/loaded-urls.js';
import { insecureSubresources } from './resources/mixed-content.js';
import { measureQuotations } from './quotations/index.js';
import { Scope } from './raw-document.js';
import { measureReadability } from './text/readability.js';
import { absoluteHttpUrl, resolveLinks } from './links/resolved-links.js';
import { collectRobotsDirectives, robotsTxtBlocksSearch } from './head/robots-directives.js';
import { countStatistics } from './evidence/statistics.js';
import { evidenceCandidates, type EvidenceCandidates } from './evidence/candidates.js';
import { linkCandidateFeatures, quoteCandidateFeatures } from './evidence/features.js';
import { numbersCounted } from './evidence/number-model.js';
import { counts } from './evidence/models.js';
import { EVIDENCE_MODELS } from './evidence/models.generated.js';
import type { CitationCandidate } from './evidence/citations.js';
import type { MarkupQuotation } from './quotations/index.js';
import type { ContentTree } from './main-content/content-tree.js';
import { guessLanguage, looksEnglish, writtenLanguage } from './text/stopwords.js';
import { readJsonLd } from './structured-data/json-ld.js';
import { resolveHttpUrl } from './links/url.js';
import { isVagueLinkText } from './links/vague-link-text.js';
import { profileText, type TextProfile } from './text/words.js';
import { titlePixelWidth } from './head/title-width.js';

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** Schema.org properties that name an author or give a date, in any syntax. */
const AUTHOR_PROPERTIES = ['author', 'creator'];
const DATE_PROPERTIES = ['datePublished', 'dateModified', 'dateCreated', 'uploadDate'];

export interface PageMeasurement {
  facts: PageFacts;
  links: LinkInfo[];
  structuredDataErrors: string[];
  /** MinHash signature of the main content's words (see text/minhash.ts); null for short or unscored pages. */
  contentSignature: Uint32Array | null;
  /** Hash of the main content's words, for exact duplicates (see text/content-hash.ts); null like the signature. */
  contentHash: string | null;
  /** What the page loads as it renders (resources/loaded-urls.ts): distinct http(s) URLs in document order; [] for unscored pages. */
  resources: string[];
}

/** The facts the rubric and the issues are computed from (exported for callers that re-score). */
export function measurePage(page: FetchedPage, site: SiteContext): PageMeasurement {
  const isHtml = page.contentType !== null && HTML_TYPES.has(page.contentType);
  const base = baseFacts(page, site, isHtml);
  if (!isScorable(base)) return { facts: base, links: [], structuredDataErrors: [], contentSignature: null, contentHash: null, resources: [] };
  return measureHtml(page.body!, page, site, base);
}

/** What is known of any page, HTML or not, before its body is read. */
function baseFacts(page: FetchedPage, site: SiteContext, isHtml: boolean): PageFacts {
  return {
    url: page.url,
    finalUrl: page.finalUrl,
    statusCode: page.status,
    contentType: page.contentType,
    isHtml,
    hasBody: page.body !== null,
    error: page.error ?? null,
    redirectChain: page.redirectChain,
    redirectTarget: page.redirectTarget ?? null,
    redirectType: page.redirectType ?? null,
    siteDomain: site.siteDomain,
    title: null,
    metaDescription: null,
    lang: null,
    robotsDirectives: [],
    canonicals: [],
    headings: [],
    wordCount: 0,
    imagesWithoutAlt: 0,
    imagesJudged: 0,
    vagueLinkTexts: [],
    uncrawlableAnchors: [],
    hreflangs: [],
    metadataAfterHead: null,
    robotsTxtBlocksSearch: robotsTxtBlocksSearch(site.robots, page.finalUrl),
    quotations: { total: 0, attributed: 0 },
    statistics: 0,
    citations: 0,
    topContentWord: null,
    readability: { english: false, fleschReadingEase: null, meanSentenceLength: null, sentenceCount: 0 },
    listsAndTables: 0,
    structuredData: [],
    hasSchema: false,
    authorMarked: false,
    dateMarked: false,
    aiAgentAccess: aiAgentAccess(page.finalUrl, site.robots),
    ttfbMs: page.ttfbMs,
    htmlBytes: page.bodyBytes,
    viewport: null,
    charsetDeclaredBy: null,
    openGraph: [],
    mixedContent: [],
    metaRobots: null,
    xRobotsTag: page.headers['x-robots-tag'] ?? null,
    h1: null,
    h1Count: null,
    h2Count: null,
    internalOutlinks: null,
    externalOutlinks: null,
    titlePixelWidth: null,
    responseTimeMs: page.status === 0 ? null : page.durationMs,
    sizeBytes: page.bodyBytes ?? declaredLength(page),
  };
}

/** A file's Content-Length as its server declared it (its body is not downloaded); null when absent or not a length. */
function declaredLength(page: FetchedPage): number | null {
  const declared = page.headers['content-length'];
  if (page.status === 0 || page.body !== null || declared === undefined || !/^\d{1,15}$/.test(declared.trim())) return null;
  return Number(declared.trim());
}

/** The document read once, and its main content: what measuring a page and reading its evidence share. */
function readPage(html: string, page: FetchedPage, site: SiteContext) {
  const doc = new DocumentCollector().collect(html);
  // The crawler hands normalised absolute URLs; should one not parse, links stay unresolved
  // rather than the analysis throwing.
  const pageUrl = absoluteHttpUrl(page.finalUrl) ?? absoluteHttpUrl(page.url);
  const documentBase = pageUrl === null ? null : ((doc.baseHref !== null ? resolveHttpUrl(doc.baseHref, pageUrl) : null) ?? pageUrl);

  const uncrawlableAnchors = [...doc.uncrawlableAnchors];
  const links = documentBase === null ? [] : resolveLinks(doc, documentBase, site.siteDomain, uncrawlableAnchors);
  const content = chooseRegion(doc);
  const text = content.text;
  const profile = profileText(text);
  const language = primaryLanguage(doc.htmlLang);
  const english = language === 'en' || (language === null && looksEnglish(profile));
  // Quotations and number words are read in the page's language, guessed when undeclared, and
  // read from its words when a template declares English over an article in another language.
  const textLanguage = writtenLanguage(language, profile) ?? (english ? 'en' : guessLanguage(profile));
  const regionLinks = links.filter((l) => content.contains(l.node));
  const markupQuotations = doc.quotations.filter((q) => content.contains(q.node));
  return { doc, pageUrl, documentBase, uncrawlableAnchors, links, content, text, profile, language, english, textLanguage, regionLinks, markupQuotations };
}

/**
 * Every occurrence the evidence detectors look at in the page's main content, with the rules'
 * verdicts (evidence/candidates.ts): what readers label and a learned reading is trained on.
 */
export function measureEvidence(page: FetchedPage, site: SiteContext): { text: string; language: string | null; candidates: EvidenceCandidates } | null {
  if (!isScorable(baseFacts(page, site, page.contentType !== null && HTML_TYPES.has(page.contentType)))) return null;
  const read = readPage(page.body!, page, site);
  const candidates = evidenceCandidates({
    text: read.text,
    lang: read.textLanguage,
    links: read.regionLinks,
    markupQuotations: read.markupQuotations,
    siteDomain: site.siteDomain,
    tree: read.doc.contentTree,
  });
  return { text: read.text, language: read.textLanguage, candidates };
}

/**
 * E1–E3's counts: the rules', or for a detector the evidence data set showed a learned reading
 * does better for (models.generated.ts, `npm run evidence:train`), the model's verdicts on its
 * candidates. Candidates and features are worked out only when some detector uses its model.
 */
function evidenceCounts(input: {
  text: string;
  textLanguage: string | null;
  regionLinks: readonly CitationCandidate[];
  markupQuotations: readonly MarkupQuotation[];
  siteDomain: string;
  tree: ContentTree | null;
  profile: TextProfile;
  quotations: { total: number; attributed: number };
}): Pick<PageFacts, 'quotations' | 'statistics' | 'citations'> {
  const { text, textLanguage, regionLinks, siteDomain } = input;
  const models = EVIDENCE_MODELS;
  const counted = {
    quotations: { total: input.quotations.total, attributed: input.quotations.attributed },
    // Heading markers are neither digits nor letters, so the statistics scan can read the text as is.
    statistics: models.numbers.use === 'model' ? 0 : countStatistics(text, input.profile, textLanguage),
    citations: models.links.use === 'model' ? 0 : citedSources(regionLinks, siteDomain, input.tree).length,
  };
  if (models.numbers.use === 'rules' && models.quotes.use === 'rules' && models.links.use === 'rules') return counted;
  const candidates = evidenceCandidates(
    { text, lang: textLanguage, links: regionLinks, markupQuotations: input.markupQuotations, siteDomain, tree: input.tree, profile: input.profile },
    { numbers: models.numbers.use === 'model', quotes: models.quotes.use === 'model', links: models.links.use === 'model' },
  );
  // Numbers are scored by their integer-coded features; quotations and links by named ones.
  if (models.numbers.use === 'model') counted.statistics = numbersCounted(models.numbers.model, text, candidates.numbers, textLanguage).filter(Boolean).length;
  // The features of the kinds a model scores only: reading a page's numbers for none took 2% of
  // the analysis.
  if (models.quotes.use === 'model') {
    const features = quoteCandidateFeatures(text, candidates.quotes, textLanguage);
    const verdicts = candidates.quotes.map((_, i) => counts(models.quotes.model, features[i]!));
    // A prose quotation inside quoting markup is that same quotation: it counts once, with its markup.
    const countedMarkup = candidates.quotes.filter((q, i) => q.kind === 'markup' && verdicts[i]);
    counted.quotations.attributed = candidates.quotes.filter(
      (q, i) => verdicts[i] && !(q.insideMarkup && countedMarkup.some((m) => q.start >= m.start && q.start < m.end)),
    ).length;
  }
  if (models.links.use === 'model') {
    const features = linkCandidateFeatures(candidates.links, textLanguage);
    const cited = new Set(candidates.links.filter((_, i) => counts(models.links.model, features[i]!)).map((l) => sourceKey(l.href)));
    counted.citations = cited.size;
  }
  return counted;
}

function headingCounts(headings: PageFacts['headings']): Pick<PageFacts, 'h1' | 'h1Count' | 'h2Count'> {
  const h1s = headings.filter((h) => h.level === 1);
  return { h1: h1s[0]?.text || null, h1Count: h1s.length, h2Count: headings.filter((h) => h.level === 2).length };
}

/** Distinct targets, each counted once however often the page links to it. */
function outlinkCounts(links: readonly LinkInfo[]): Pick<PageFacts, 'internalOutlinks' | 'externalOutlinks'> {
  const internal = new Set<string>();
  const external = new Set<string>();
  for (const link of links) (link.internal ? internal : external).add(link.href);
  return { internalOutlinks: internal.size, externalOutlinks: external.size };
}

function measureHtml(html: string, page: FetchedPage, site: SiteContext, base: PageFacts): PageMeasurement {
  const { doc, pageUrl, documentBase, uncrawlableAnchors, links, content, text, profile, english, textLanguage, regionLinks, markupQuotations } = readPage(
    html,
    page,
    site,
  );
  const readability = measureReadability(profile, english);
  const quotations = measureQuotations(markupQuotations, text, textLanguage);

  const jsonLd = readJsonLd(doc.jsonLdBlocks);
  const structuredData: StructuredItem[] = [...jsonLd.items, ...doc.inlineItems];
  const hasSchema = structuredData.some((i) => i.schemaOrgTypes.length > 0);

  const facts: PageFacts = {
    ...base,
    title: doc.title === null || doc.title === '' ? null : doc.title,
    metaDescription: doc.metaDescription === null || doc.metaDescription === '' ? null : doc.metaDescription,
    lang: doc.htmlLang,
    robotsDirectives: collectRobotsDirectives(doc.metaRobots, page.headers['x-robots-tag']),
    canonicals: documentBase === null ? [] : canonicalDeclarations(doc.canonicalHrefs, page.headers['link'], documentBase, pageUrl!),
    headings: doc.headings,
    wordCount: profile.wordIds.length,
    imagesWithoutAlt: doc.imagesWithoutAlt,
    imagesJudged: doc.imagesJudged,
    // Lighthouse's link-text leaves out nofollow links and links to the page itself (fragments).
    vagueLinkTexts: links
      .filter((l) => (l.scope & Scope.NotRendered) === 0 && !l.rel.includes('nofollow') && l.href !== pageUrl && isVagueLinkText(l.visibleText, l.lang))
      .map((l) => l.visibleText),
    uncrawlableAnchors,
    hreflangs: documentBase === null ? [] : hreflangDeclarations(doc.hreflangLinks, page.headers['link'], documentBase, pageUrl!),
    ...(base.redirectTarget === null && documentBase !== null ? metaRefreshRedirect(doc.metaRefresh, documentBase, pageUrl!) : {}),
    metadataAfterHead: doc.metadataAfterHead.length === 0 ? null : { endedBy: doc.headEndedBy ?? 'body', kinds: doc.metadataAfterHead },
    ...evidenceCounts({ text, textLanguage, regionLinks, markupQuotations, siteDomain: site.siteDomain, tree: doc.contentTree, profile, quotations }),
    topContentWord: mostFrequentContentWord(profile),
    readability: { english, ...readability },
    listsAndTables: doc.listsAndTables.filter((l) => content.contains(l.node)).length,
    structuredData,
    hasSchema,
    authorMarked: doc.authorHint || structuredData.some((i) => AUTHOR_PROPERTIES.some((p) => i.properties.includes(p))),
    dateMarked: doc.timeElements > 0 || doc.dateMetaHint || structuredData.some((i) => DATE_PROPERTIES.some((p) => i.properties.includes(p))),
    viewport: doc.viewport,
    charsetDeclaredBy: charsetDeclaration(page.headers['content-type'], html, doc.earlyCharsetMeta),
    openGraph: doc.openGraph,
    // Only an https page can load insecure content; an http page is insecure as a whole.
    mixedContent: documentBase !== null && /^https:/i.test(page.finalUrl) ? insecureSubresources(doc.subresources, documentBase) : [],
    metaRobots: doc.metaRobots.length === 0 ? null : doc.metaRobots.map((m) => (m.agent === null ? m.content : `${m.agent}: ${m.content}`)).join('; '),
    ...headingCounts(doc.headings),
    ...outlinkCounts(links),
    titlePixelWidth: doc.title === null || doc.title.trim() === '' ? null : titlePixelWidth(doc.title),
  };
  return {
    facts,
    links: links.map(({ href, text: linkText, internal, rel }) => ({ href, text: linkText, internal, rel })),
    structuredDataErrors: jsonLd.errors,
    contentSignature: profileSignature(profile),
    contentHash: contentHash(profile),
    resources: documentBase === null ? [] : loadedUrls(doc.subresources, documentBase),
  };
}
