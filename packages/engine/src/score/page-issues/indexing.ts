// A page lost to search (../indexing-verdict.ts): a noindex for every crawler or for named ones only,
// and a robots.txt that keeps every search crawler away. The two are told apart because they are
// undone in different places: the page's head or headers, and the site's robots.txt.
import { judgeIndexing } from '../indexing-verdict.js';
import { issue } from '../issue-codes.js';
import type { PageCheck } from './page-check.js';

export const noindex: PageCheck = (f) => {
  const { allCrawlers, namedCrawlers } = judgeIndexing(f);
  if (allCrawlers.length > 0) return issue('noindex', `The page asks not to be indexed: ${allCrawlers.join(', ')}.`);
  if (namedCrawlers.length > 0) return issue('noindex_some_crawlers', `The page asks some crawlers not to index it: ${namedCrawlers.join(', ')}.`);
  return null;
};

export const robotsTxtBlocksPage: PageCheck = (f) => {
  if (judgeIndexing(f).robotsTxtBlocks) return issue('robots_txt_blocks_page', 'robots.txt disallows this page for every search crawler.');
  return null;
};
