// Citations for E3: links from the main content to the pages of other sites that it relies on,
// counted once per distinct URL (fragments already dropped: links/url.ts; http and https, with or
// without www., are one: sourceKey). Links in nav, header, footer and aside are left out before
// this point (main-content/region.ts); so are, here, links in a signature, a block named a footer
// or a figure (link-context.ts). Then:
//   - the site boundary: a link stays on the site when its registrable domain (tldts) is the
//     site's, or when it is an alternate domain of the same publication, i.e. the same name under
//     another public suffix (bbc.co.uk for bbc.com, lemonde.ch for lemonde.fr), its main site or
//     a language edition (a named subdomain there, insights.stackoverflow.com, is another
//     publication);
//   - a redirect through a query parameter (…/click?url=https://…) is judged by its destination;
//   - not sources, whatever their site:
//       share endpoints (they share this page), follow and profile links on social networks (a
//       specific post counts, a profile, hashtag or follow button does not), author, tag, search
//       pages (a search engine's results: a reference list's Google Scholar lookups) and a
//       section's or topic's own page (or its folder's index near the root), an e-mail address
//       written as a URL, a contact page and a person's "about" or team page, profile or own site
//       linked from their name (a given name first: gender-detection-from-name's lists), subscribe, newsletter, sign-in, mailing-list sign-up and reprint
//       links, share buttons by their words ("Partager sur Facebook"), ads and affiliate links
//       (rel="sponsored", affiliate networks, their tags and query parameters), licence
//       terms (rel="license", Creative Commons licences), image files, image and badge servers,
//       links without a word (a picture or an icon) and photo credits (stock and portfolio
//       sites), a tweet's attached picture (pic.twitter.com), a wiki's edit links, namespace pages
//       and Wikidata items, ORCID profiles, Google News follow links and forms, and where-to-watch
//       or where-to-buy links (streaming services, movie stores, and a store link named only by
//       its brand: "YouTube");
//   - an article's own DOI and its figures' and tables' DOIs, known by the components that extend
//     it (…pone.0000001 beside …pone.0000001.g001), and its supplementary files by their names.

import { getDomainWithoutSuffix, getSubdomain } from 'tldts';
import type { ContentTree } from '../main-content/content-tree.js';
import { besideTheText } from './link-context.js';
import { wordSet as hostSet } from './word-set.js';
import { fold } from '../../language/fold.js';
import { inGivenNames, isFrequentWord } from '../../language/languages.js';

const SHARE_ENDPOINTS: ReadonlyArray<[RegExp, RegExp]> = [
  [/(?:^|\.)facebook\.com$/, /^\/(?:sharer|share|dialog\/share)/],
  [/(?:^|\.)(?:twitter|x)\.com$/, /^\/(?:intent|share)/],
  [/(?:^|\.)linkedin\.com$/, /^\/(?:sharing|shareArticle|cws\/share)/i],
  [/(?:^|\.)pinterest\.[a-z.]+$/, /^\/pin\/create/],
  [/(?:^|\.)reddit\.com$/, /^\/submit/],
  [/(?:^|\.)(?:t|telegram)\.me$/, /^\/share/],
  [/^(?:api\.)?whatsapp\.com$/, /^\/send/],
  [/^wa\.me$/, /^\//],
  [/(?:^|\.)tumblr\.com$/, /^\/(?:share|widgets\/share)/],
  [/(?:^|\.)bsky\.app$/, /^\/intent/],
  [/(?:^|\.)news\.ycombinator\.com$/, /^\/submitlink/],
  [/(?:^|\.)getpocket\.com$/, /^\/(?:save|edit)/],
  [/(?:^|\.)mastodon(?:share)?\.[a-z.]+$/, /^\/share/],
  [/^b\.hatena\.ne\.jp$/, /^\/(?:entry|add)(?:\/|$)/],
  [/^(?:social-plugins\.)?line\.me$/, /^\/(?:R\/msg|lineit\/share)/],
  // Sharing services a page's share bar sends its readers through ("Bookmark and Share").
  [/(?:^|\.)(?:addthis|sharethis|addtoany)\.com$/, /^\/(?:bookmark|share|sharer)/],
];

export function isShareLink(href: string): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  return isShareEndpoint(url.hostname, url.pathname);
}

export function isShareEndpoint(hostname: string, pathname: string): boolean {
  for (const [host, path] of SHARE_ENDPOINTS) {
    if (host.test(hostname) && path.test(pathname)) return true;
  }
  return false;
}

export interface CitationCandidate {
  href: string;
  hostname: string;
  pathname: string;
  internal: boolean;
  rel: string[];
  /** The link's text (a where-to-watch link is named by its store: "Netflix", "YouTube"). */
  text: string;
  /** The `<a>` in the content tree, when known: where it stands (link-context.ts). */
  node?: number;
}

/** Social networks: only a link to one post there is a source. */
const SOCIAL = hostSet(`twitter.com x.com facebook.com instagram.com linkedin.com tiktok.com threads.net
  bsky.app pinterest.com youtube.com mastodon.social plus.google.com`);
const SOCIAL_POST = /\/(?:status|statuses|posts?|p|reel|videos?|watch|photos?|permalink(?:\.php)?|story\.php|pulse|feed\/update|shorts)(?:\/|$|\?)|[?&]v=/;
const AFFILIATE = hostSet(`redirectingat.com skimresources.com linksynergy.com awin1.com shareasale.com
  anrdoezrs.net jdoqocy.com tkqlhce.com dpbolvw.net kqzyfj.com avantlink.com pjtra.com amzn.to
  georiot.com geni.us shop-links.co rover.ebay.com prf.hn tradedoubler.com webgains.com zanox.com
  sjv.io 7eer.net evyy.net ojrq.net pntra.com pntrs.com pjatr.com s.click.aliexpress.com
  doubleclick.net googleadservices.com googlesyndication.com taboola.com outbrain.com`);
/** The query parameters affiliate programmes put on a shop's links (eBay's campid, B&H's KBID, Impact's irclickid). */
const AFFILIATE_QUERY = /[?&](?:affid|aff_id|affiliate_id|affiliateid|aff_sub|campid|kbid|irclickid|clickref|publisher_slug)=/i;
/** A share button's words ("Partager sur Facebook"): the button shares this page, whatever its link. */
const SHARE_TEXT =
  /^(?:share (?:on|to|via)|partager (?:sur|via)|teilen (?:auf|via)|auf \p{L}+ teilen|compartir (?:en|por)|condividi (?:su|via)|compartilhar (?:no|na|em)|delen (?:op|via)|udostępnij (?:na|przez))\b/iu;
const PHOTO_CREDIT = hostSet(`shutterstock.com flickr.com flic.kr gettyimages.com gettyimages.co.uk istockphoto.com
  unsplash.com pexels.com pixabay.com deviantart.com 500px.com alamy.com dreamstime.com
  depositphotos.com apimages.com`);
const STOREFRONT = hostSet(`netflix.com hulu.com hbogo.com hbonow.com hbomax.com max.com showtime.com sho.com
  kanopy.com vudu.com fandangonow.com primevideo.com tubitv.com starz.com peacocktv.com
  paramountplus.com disneyplus.com mubi.com criterionchannel.com`);
/** Paths of a store's product, purchase or viewing page. */
const STORE_PATH = /^\/(?:watch|store\/(?:movies|tv|books|music)|dp|gp|title|movie|movies|tv-season|buy)(?:\/|$)/;
const SITE_SECTION =
  /\/(?:author|authors|autor|autoren|auteurs?|autore|autori|tag|tags|search|subscribe|subscription|newsletters?|signup|sign-up|login|register|reprints?)(?:\/|$|\?|\.)/i;
/**
 * A section, topic or category page, in the languages pages are written in: the section's word
 * and at most one name after it (/topics/rust, /category/news/, /theme/violences-policieres,
 * /thema/klimawandel). Deeper, it is an article filed there
 * (npr.org/sections/goatsandsoda/2019/11/15/…, history.com/topics/middle-ages/black-death).
 */
const SECTION_PAGE =
  /\/(?:topic|topics|category|categories|section|sections|theme|themes|thema|themen|tema|temas|temi|rubrique|rubriques|rubrica|rubriche|categorie|categoria|categorias|kategorie|kategorien)(?:\/[^/]+)?\/?$/i;
/**
 * A directory's index page near the site's root (/juanpabloii/index.html, /fiestas/misericordia/
 * index.html): a section's front page. An article served as its folder's index sits deeper, under
 * its date (cnn.com/2019/11/01/asia/…/index.html).
 */
const SECTION_INDEX = /^(?:\/[^/\d]+){0,2}\/index\.(?:html?|php|aspx?)$/i;
/** A site's contact page. */
const CONTACT_PAGE = /\/contact(?:-us)?(?:\.html?|\.php)?\/?$/i;
/** A site's page about itself or its people, in the languages pages are written in: a profile when the link names a person. */
const ABOUT_PAGE =
  /\/(?:about|about-us|about-me|meet-our-team|meet-the-team|our-team|team|bio|profile|a[-_]propos|qui[-_]suis[-_]je|qui[-_]sommes[-_]nous|[uü]e?ber[-_](?:uns|mich)|sobre[-_](?:mi|mim|nosotros)|quienes[-_]somos|quem[-_]somos|chi[-_](?:siamo|sono))(?:\.html?|\.php)?\/?$/i;
/** A handle's page (`/@lunar` on a Mastodon server, `medium.com/@anagsiu`, `youtube.com/@channel`): a profile on any host; a post under it (`/@lunar/1234`) is no profile. */
const HANDLE_PAGE = /^\/@[\p{L}\p{N}_.-]+\/?$/u;
/** A person's name as a link's text: "Dr. Lina Velikova", "Amanda A. Kostro Miller", "Anju Mobin". */
const PERSON_NAME = /^(?:(?:Dr|Prof|Mr|Mrs|Ms)\.?\s)?\p{Lu}\p{Ll}+(?:\s\p{Lu}\.)?(?:\s\p{Lu}[\p{Ll}'-]+){1,2}$/u;
/** A mailing list's information page (GNU Mailman's listinfo), where one subscribes to the list. */
const MAILING_LIST_SIGNUP = /\/(?:mailman\/)?listinfo(?:\/|$)/i;
const SEARCH_QUERY = /[?&](?:s|q|query|search)=/;
/**
 * A search engine's results: every page of Google Scholar (a reference list's "Google Scholar"
 * lookup beside its DOI and PubMed links), and the web search engines' result pages.
 */
const SEARCH_ENGINE =
  /^(?:scholar\.google\.[a-z.]+\/|(?:www\.)?(?:google|bing|yandex)\.[a-z.]+\/search\b|(?:html\.|www\.)?duckduckgo\.com\/|search\.yahoo\.com\/)/;
/** An e-mail address written as a link's URL (`http://name@host/`): a contact, not a source. */
const EMAIL_AS_URL = /^https?:\/\/[^/@\s]+@[^/]+\/?$/i;
const UTILITY_HOST = /(?:^|\.)(?:[a-z-]*reprints?|subscribe|newsletters?|login|accounts?)[.-]/;
/** Licence terms (a page's legal footer, not a source). */
const LICENCE = /^(?:www\.)?creativecommons\.org\/licen[cs]es\//;
/** Amazon links carrying an associate tag are affiliate links. */
const AFFILIATE_TAG = /^https?:\/\/(?:www\.)?amazon\.[a-z.]+\/[^?]*\?(?:.*&)?tag=/;
/** Servers of images and status badges (a README's "build passing", "PyPI version"): a picture, not a source. */
const IMAGE_SERVER = hostSet(`camo.githubusercontent.com shields.io badge.fury.io badgen.net`);
/** An image file, also where a wiki serves its versions below it (…/Feather.gif/revision/latest). */
const IMAGE_FILE = /\.(?:png|jpe?g|gif|webp|svg|bmp|tiff?|avif)(?:$|\/revision\/)/i;
/** A picture attached to a tweet: its t.co link reads "pic.twitter.com/…", the tweet's image, not a source. */
export const TWEET_PICTURE = /^pic\.(?:twitter|x)\.com\//i;
/** A wiki's edit and history links, and the wiki's data item (Wikidata), which an article's infobox links to edit. */
const WIKI_TOOL = /[?&](?:action|veaction)=(?:edit|editsource|history)(?:&|$)/;
const WIKIDATA_ITEM = /^(?:www\.)?wikidata\.org\/wiki\/[QPL]\d+$/;
/**
 * A wiki's pages other than its articles: a namespace before a colon (Special:, Template:,
 * Category:, File:, in the wiki's language: "قالب:", "Αρχείο:"), which a title never starts with
 * (an article's colon is followed by a space: "Star_Wars:_…"). Sister-project boxes, template
 * documentation and file pages are the wiki's own furniture, not a source of the text.
 */
const WIKI_NAMESPACE = /^\/wiki\/(?:[^/:_%]|%[0-9A-F]{2})+:(?!_)/i;
/** Profiles and follow or subscribe forms off the social networks: researchers' ORCID, Google News, forms. */
const PROFILE_OR_FORM: ReadonlyArray<[RegExp, RegExp]> = [
  [/^orcid\.org$/, /^\/\d{4}-/],
  [/^news\.google\.com$/, /^\/publications\//],
  [/^docs\.google\.com$/, /^\/forms\//],
];
const REDIRECT_PARAMS = ['url', 'u', 'target', 'dest', 'destination', 'redirect', 'to'];

/** The registrable domain of `host` without its public suffix ("bbc" for www.bbc.co.uk). */
function siteName(host: string): string | null {
  return getDomainWithoutSuffix(host) ?? null;
}

/**
 * A named subdomain (insights., chat., shop.), which under another suffix is another of the
 * company's publications (the Stack Overflow blog citing its survey at insights.stackoverflow.com),
 * where the bare name, www. or a language edition (en., de.) is the publication itself.
 */
const OWN_SUBDOMAIN = /^(?:www\d*|[a-z]{2}(?:-[a-z]{2})?)$/i;

/** Registrable domain match, or the same publication under another suffix (its main site, see above). */
function onSite(host: string, internal: boolean, siteDomain: string): boolean {
  if (internal) return true;
  const name = siteName(host);
  if (name === null || name === '' || name !== siteName(siteDomain)) return false;
  const sub = getSubdomain(host) ?? '';
  return sub === '' || OWN_SUBDOMAIN.test(sub);
}

function matchesHost(set: ReadonlySet<string>, host: string): boolean {
  if (set.has(host)) return true;
  for (let dot = host.indexOf('.'); dot >= 0; dot = host.indexOf('.', dot + 1)) {
    if (set.has(host.slice(dot + 1))) return true;
  }
  return false;
}

/** The destination of a redirect through a query parameter, if any. */
function redirectTarget(href: string): URL | null {
  const query = href.indexOf('?');
  if (query < 0) return null;
  const params = new URLSearchParams(href.slice(query + 1));
  for (const name of REDIRECT_PARAMS) {
    const value = params.get(name);
    if (value !== null && /^https?:\/\//i.test(value)) {
      try {
        const url = new URL(value);
        url.hash = '';
        return url;
      } catch {
        /* not a URL */
      }
    }
  }
  return null;
}

/** A link named only by its store's brand ("YouTube", "Google Play") to a viewing or buying page. */
function isStoreLink(host: string, pathname: string, text: string): boolean {
  if (!STORE_PATH.test(pathname)) return false;
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== '');
  if (words.length === 0 || words.length > 3) return false;
  const labels = host.toLowerCase().split('.');
  const joined = labels.join('');
  return words.every((w) => labels.includes(w)) || joined.includes(words.join(''));
}

/**
 * Whether a link named after a person (`Trista Best`, `Dr. Leslie Helou`) leads to their page: a
 * path holding their surname (`/pages/trista-best-rd`, `/sebastian.drescher`) or the home page of a
 * domain that does (`rolandbrockmann.de`). The name opens on a given name, and not on a word that
 * films say as often before a common surname: `Supreme Court` is no person.
 */
function personsPage(host: string, pathname: string, name: string): boolean {
  const words = name.replace(/^(?:Dr|Prof|Mr|Mrs|Ms)\.?\s/u, '').split(/\s+/u);
  const surname = fold(words[words.length - 1]!);
  if (surname.length < 3 || !inGivenNames(words[0]!) || (isFrequentWord(words[0]!, 'en') && isFrequentWord(surname, 'en'))) return false;
  // `/team/niko-h%C3%A4rting`: the path as a reader sees it, its escapes decoded.
  const path = fold(decodedPath(pathname));
  if (path.split(/[^\p{L}]+/u).includes(surname)) return true;
  return (path === '/' || path === '') && fold(host).includes(surname);
}

/** A path with its percent escapes decoded, or as written where they do not decode. */
function decodedPath(pathname: string): string {
  if (!pathname.includes('%')) return pathname;
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/**
 * An article's own supplementary material, by the words journals name it with ("Supplementary
 * Information (download PDF)", "Supplementary Video 1", "Supporting information", "Reporting
 * Summary", "Peer Review File", "Source data"): served from the publisher's file server, it is the
 * article's, not a source it cites.
 */
const SUPPLEMENTARY_TEXT = /^(?:supplementary|supplemental|supporting information|reporting summary|peer review file|source data)\b/i;

/** Not a source, wherever it points (see the list above). */
function isNotASource(host: string, pathname: string, href: string, text: string, rel: readonly string[]): boolean {
  if (SUPPLEMENTARY_TEXT.test(text.trim())) return true;
  if (rel.includes('sponsored') || rel.includes('license') || isShareEndpoint(host, pathname)) return true;
  if (LICENCE.test(host + pathname) || AFFILIATE_TAG.test(href) || AFFILIATE_QUERY.test(href) || SHARE_TEXT.test(text.trim())) return true;
  if (matchesHost(AFFILIATE, host) || matchesHost(PHOTO_CREDIT, host) || matchesHost(STOREFRONT, host) || matchesHost(IMAGE_SERVER, host)) return true;
  const social = matchesHost(SOCIAL, host);
  const post = social && SOCIAL_POST.test(href.slice(href.indexOf(host) + host.length));
  if (social && !post) return true;
  // A link without a word is a picture or an icon (a logo, a badge, a photo): it names nothing a
  // reader could check. An embedded post is the exception: its card is the quotation.
  if (text.trim() === '' && !post) return true;
  if (IMAGE_FILE.test(pathname) || SITE_SECTION.test(pathname) || SECTION_PAGE.test(pathname) || SECTION_INDEX.test(pathname)) return true;
  if (UTILITY_HOST.test(host) || MAILING_LIST_SIGNUP.test(pathname) || CONTACT_PAGE.test(pathname)) return true;
  // "says registered dietitian [Anju Mobin](…/about/)": the expert's profile, not a source.
  if (PERSON_NAME.test(text.trim()) && (ABOUT_PAGE.test(pathname) || personsPage(host, pathname, text.trim()))) return true;
  if (HANDLE_PAGE.test(pathname)) return true;
  if ((SEARCH_QUERY.test(href) && /search|results/i.test(href)) || SEARCH_ENGINE.test(host + pathname) || EMAIL_AS_URL.test(href)) return true;
  if (
    TWEET_PICTURE.test(text) ||
    WIKI_TOOL.test(href) ||
    WIKIDATA_ITEM.test(host + pathname) ||
    WIKI_NAMESPACE.test(pathname) ||
    PROFILE_OR_FORM.some(([h, p]) => h.test(host) && p.test(pathname))
  )
    return true;
  return isStoreLink(host, pathname, text);
}

/**
 * What makes two links one source: the URL without its scheme and a leading "www." (readers count
 * http://nssdc.gsfc.nasa.gov/… and https://nssdc.gsfc.nasa.gov/… once; fragments are already
 * dropped).
 */
export function sourceKey(href: string): string {
  return href.replace(/^https?:\/\/(?:www\.)?/i, '');
}

/**
 * Distinct external source URLs among links already limited to the main content (see above),
 * leaving out those the content tree, when given, places beside the text: in a signature, a footer
 * or a figure (link-context.ts).
 */
export function citedSources(links: readonly CitationCandidate[], siteDomain: string, tree: ContentTree | null = null): string[] {
  const seen = new Map<string, string>();
  const own = ownDoiLinks(links);
  for (const link of links) {
    if (own.has(link.href)) continue;
    let { href, hostname: host, pathname } = link;
    let internal = link.internal;
    const target = redirectTarget(href);
    if (target !== null && internal) {
      // A redirect on this site to another: judge the destination.
      href = target.href;
      host = target.hostname;
      pathname = target.pathname;
      internal = host === siteDomain || host.endsWith('.' + siteDomain);
    }
    if (onSite(host, internal, siteDomain)) continue;
    if (isNotASource(host, pathname, href, link.text, link.rel) || besideTheText(tree, link.node)) continue;
    const key = sourceKey(href);
    if (!seen.has(key)) seen.set(key, href);
  }
  return [...seen.values()];
}

/** A DOI link's DOI, lower-cased: "10.1371/journal.pone.0000001.g001" of https://doi.org/10.1371/journal.pone.0000001.g001. */
const DOI_LINK = /^https?:\/\/(?:dx\.)?doi\.org\/(10\.\d{4,9}\/[^?#\s]+)$/i;
/** A component of an article's DOI: its figures, tables and files (".g001", ".t002", ".s001", eLife's ".003"). */
const DOI_COMPONENT = /^\.[a-z]?\d{3,4}$/;

/**
 * The links to the page's own DOI and to its components, when its links show it: a journal lists
 * its article's DOI and, under each figure and table, the component DOIs that extend it
 * ("…pone.0000001" and "…pone.0000001.g001"). Another article's DOI is cited alone; one that others
 * extend is the page's. Each link's DOI is read once.
 */
function ownDoiLinks(links: readonly CitationCandidate[]): Set<string> {
  const keys = new Map<string, string>();
  for (const link of links) {
    const doi = DOI_LINK.exec(link.href)?.[1];
    if (doi !== undefined) keys.set(link.href, doiKey(doi));
  }
  const dois = new Set(keys.values());
  let own: string | null = null;
  for (const doi of dois) {
    const dot = doi.lastIndexOf('.');
    if (dot > 0 && DOI_COMPONENT.test(doi.slice(dot)) && dois.has(doi.slice(0, dot))) {
      own = doi.slice(0, dot);
      break;
    }
  }
  const hrefs = new Set<string>();
  if (own === null) return hrefs;
  for (const [href, key] of keys) if (key === own || (key.startsWith(own) && DOI_COMPONENT.test(key.slice(own.length)))) hrefs.add(href);
  return hrefs;
}

/** A DOI as written in a URL, decoded where it decodes ("%2F"), lower-cased: DOIs ignore case. */
function doiKey(doi: string): string {
  try {
    return decodeURIComponent(doi).toLowerCase();
  } catch {
    return doi.toLowerCase();
  }
}
