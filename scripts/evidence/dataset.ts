// The evidence data set (datasets/evidence/): its pages and manifest, and each page's candidates as the
// engine finds them, with ids that stay put as long as the text and the candidates do. The
// candidates script, the agreement report and the training script all read the pages through here.
// EVIDENCE_SET names another set of the same layout under datasets/ (evidence-kept-aside to
// evidence-kept-aside-15: pages kept aside to measure the shipped engine on, never to develop on;
// evidence-kept-aside-15 is the one kept aside now, the others were read after their measures and
// are development sets); by default, datasets/evidence.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { measureEvidence, type EvidenceCandidates } from '@seo-geo/engine';

/** The data set read: a folder name under datasets/ (EVIDENCE_SET; default evidence). */
export const EVIDENCE_SET = process.env.EVIDENCE_SET || 'evidence';
/** A data set's folder: `set` names one under datasets/. */
export function dataDir(set: string): string {
  const dir = resolve(fileURLToPath(new URL(`../../datasets/${set}`, import.meta.url)));
  if (!/^[\w-]+$/.test(set) || !existsSync(join(dir, 'manifest.json'))) throw new Error(`${set}: no data set with a manifest.json under datasets/`);
  return dir;
}
/**
 * The kept-aside sets measured once and read since: they train with the main set (npm run
 * evidence:train) and are counted by npm run evidence:forms. A set joins this list when the next one
 * is chosen to be kept aside (datasets/evidence/README.md).
 */
export const DEVELOPMENT_SETS: readonly string[] = [
  'evidence-kept-aside',
  'evidence-kept-aside-2',
  'evidence-kept-aside-3',
  'evidence-kept-aside-4',
  'evidence-kept-aside-5',
  'evidence-kept-aside-6',
  'evidence-kept-aside-7',
  'evidence-kept-aside-8',
  'evidence-kept-aside-9',
  'evidence-kept-aside-10',
  'evidence-kept-aside-11',
  'evidence-kept-aside-12',
  'evidence-kept-aside-13',
  'evidence-kept-aside-14',
];
export const DATA_DIR = dataDir(EVIDENCE_SET);
export const CANDIDATES_DIR = join(DATA_DIR, 'candidates');
export const LABELS_DIR = join(DATA_DIR, 'labels');

/**
 * Main text a page is labelled on: its first WINDOW characters, and no further than its first
 * MAX_NUMBERS numbers (a price list or a table of figures would otherwise be most of the labelling).
 */
export const WINDOW = 20_000;
export const MAX_NUMBERS = 120;

export interface ManifestPage {
  id: string;
  genre: string;
  language: string;
  title: string;
  url: string | null;
  source: { repository: string; commit: string; path: string; license: string };
  notes: string;
  /** The cross-validation fold (0–4), by language and genre; 0 for every page of a kept-aside set, which trains nothing. */
  fold: number;
  /** The data set the page is read from (not in the manifest: readManifest sets it). */
  dataSet: string;
}

export function readManifest(set: string = EVIDENCE_SET): ManifestPage[] {
  const pages = JSON.parse(readFileSync(join(dataDir(set), 'manifest.json'), 'utf8')) as Array<Omit<ManifestPage, 'dataSet'>>;
  return pages.map((page) => ({ ...page, dataSet: set }));
}

export function readPageHtml(id: string, set: string = EVIDENCE_SET): string {
  return gunzipSync(readFileSync(join(dataDir(set), 'pages', `${id}.html.gz`))).toString('utf8');
}

export interface CandidateSet {
  id: string;
  genre: string;
  language: string;
  url: string;
  /** The text was cut (at WINDOW characters, or before its MAX_NUMBERS + 1st number). */
  windowed: boolean;
  text: string;
  /** The text with the analyser's markers of code and headings written readably. */
  readableText: string;
  numbers: Array<EvidenceCandidates['numbers'][number] & { id: string; context: string }>;
  quotes: Array<EvidenceCandidates['quotes'][number] & { id: string; context: string }>;
  links: Array<EvidenceCandidates['links'][number] & { id: string; context: string }>;
}

/** Control characters the analyser marks headings and code with (its raw-document.ts), as readers see them. */
const READABLE: Array<[string, string]> = [
  ['\u0002', '⟦h⟧'],
  ['\u0003', '⟦/h⟧'],
  ['\u0004', '⟦code⟧'],
  ['\u0005', '⟦/code⟧'],
];

export function readable(text: string): string {
  let out = text;
  for (const [marker, shown] of READABLE) out = out.replaceAll(marker, shown);
  return out;
}

/** The page's candidates in its labelled window, with their ids and contexts. */
export function candidateSet(page: ManifestPage): CandidateSet {
  const url = page.url ?? `https://${page.id}.example/`;
  const host = new URL(url).hostname;
  const html = readPageHtml(page.id, page.dataSet);
  const measured = measureEvidence(
    {
      url,
      finalUrl: url,
      status: 200,
      contentType: 'text/html',
      headers: {},
      body: html,
      redirectChain: [],
      fetchedAt: '2025-01-01T00:00:00.000Z',
      durationMs: 0,
      ttfbMs: 0,
      bodyBytes: html.length,
    },
    { host, siteDomain: siteDomainOf(host), robots: null },
  );
  if (measured === null) throw new Error(`${page.id}: not an HTML page the analyser reads`);
  const { text, candidates } = measured;
  const end = Math.min(WINDOW, text.length, candidates.numbers[MAX_NUMBERS]?.start ?? Infinity);
  const within = (start: number) => start >= 0 && start < end;
  return {
    id: page.id,
    genre: page.genre,
    language: page.language,
    url,
    windowed: end < text.length,
    text: text.slice(0, end),
    readableText: readable(text.slice(0, end)),
    numbers: candidates.numbers.filter((n) => within(n.start)).map((n, i) => ({ ...n, id: `n${i + 1}`, context: around(text, n.start, n.end) })),
    quotes: candidates.quotes
      // Quoting markup is kept where its text, as the element gives it, stands in the window or
      // cannot be found as written: the rule the labels were made under (their ids follow it).
      .filter((q) => (q.kind === 'markup' ? ((at) => within(at) || at < 0)(text.indexOf(q.text.slice(0, 60))) : within(q.start)))
      .map((q, i) => ({ ...q, id: `q${i + 1}`, context: q.start < 0 ? q.text.slice(0, 400) : paragraphAround(text, q.start) })),
    links: candidates.links
      .filter((l) => l.start < end)
      .map((l, i) => ({
        ...l,
        id: `l${i + 1}`,
        context: l.start < 0 ? `(link text "${l.text}" not found in the main text)` : around(text, l.start, l.start + l.text.length),
      })),
  };
}

/** The registrable domain as the audits' projects give it (the last two labels; three under a two-letter second level such as co.uk). */
function siteDomainOf(host: string): string {
  const labels = host.split('.');
  const n = labels.length >= 3 && labels.at(-2)!.length <= 3 && labels.at(-1)!.length === 2 ? 3 : 2;
  return labels.slice(-n).join('.');
}

/** The sentence around [start, end), the candidate between ⟨ ⟩, at most about 300 characters. */
function around(text: string, start: number, end: number): string {
  const from = Math.max(sentenceStart(text, start), start - 200);
  const to = Math.min(sentenceEnd(text, end), end + 200);
  return readable(`${text.slice(from, start)}⟨${text.slice(start, end)}⟩${text.slice(end, to)}`)
    .replace(/\s+/g, ' ')
    .trim();
}

function paragraphAround(text: string, at: number): string {
  const from = text.lastIndexOf('\n', at - 1) + 1;
  const next = text.indexOf('\n', at);
  const to = next < 0 ? text.length : next;
  const before = text
    .slice(Math.max(0, from - 240), from)
    .replace(/\s+/g, ' ')
    .trim();
  const after = text
    .slice(to, Math.min(text.length, to + 240))
    .replace(/\s+/g, ' ')
    .trim();
  return readable(`${before ? `[before] …${before}\n` : ''}${text.slice(from, to)}${after ? `\n[after] ${after}…` : ''}`);
}

function sentenceStart(text: string, at: number): number {
  for (let i = at - 1; i >= 0; i--) {
    const c = text[i]!;
    if (c === '\n' || ((c === '.' || c === '!' || c === '?' || c === '。') && /\s/.test(text[i + 1] ?? ' '))) return i + 1;
  }
  return 0;
}

function sentenceEnd(text: string, at: number): number {
  for (let i = at; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') return i;
    if ((c === '.' || c === '!' || c === '?' || c === '。') && /\s|$/.test(text[i + 1] ?? ' ')) return i + 1;
  }
  return text.length;
}
