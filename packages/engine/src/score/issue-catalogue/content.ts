// Issues of what a page says and how it is named: its title, description and main heading, how
// much content it has, whether another page says the same, and whether readers without scripts
// (answer engines' crawlers) see it.
import type { CatalogueEntries } from './entry.js';

export const CONTENT = {
  title_missing: {
    priority: 1,
    scope: 'page',
    title: 'Title missing',
    description: 'No <title>, or an empty one: search results and answer engines have no name for the page.',
    howToFix: 'Add a unique, descriptive <title> of 30 to 60 characters to the head.',
  },
  title_too_long: {
    priority: 3,
    scope: 'page',
    title: 'Title too long',
    description: 'The title is over 60 characters, so search results cut it.',
    howToFix: 'Shorten the title to 60 characters or fewer, the important words first.',
  },
  title_too_short: {
    priority: 3,
    scope: 'page',
    title: 'Title too short',
    description: 'The title is under 30 characters and probably says too little about the page.',
    howToFix: "Lengthen the title to describe the page's subject in 30 to 60 characters.",
  },
  title_duplicate: {
    priority: 2,
    scope: 'site',
    title: 'Duplicate title',
    description: 'Another page has the same title, so search results cannot tell the pages apart.',
    howToFix: 'Give each page a title that says what is particular to it.',
  },
  meta_description_missing: {
    priority: 2,
    scope: 'page',
    title: 'Meta description missing',
    description: 'No meta description in the head, or an empty one: search engines make up a snippet from the page.',
    howToFix: 'Add a <meta name="description"> of 70 to 160 characters summarising the page.',
  },
  meta_description_too_long: {
    priority: 3,
    scope: 'page',
    title: 'Meta description too long',
    description: 'The meta description is over 160 characters, so search results cut it.',
    howToFix: 'Shorten the meta description to 160 characters or fewer.',
  },
  meta_description_too_short: {
    priority: 3,
    scope: 'page',
    title: 'Meta description too short',
    description: 'The meta description is under 70 characters and probably says too little.',
    howToFix: 'Lengthen the meta description to 70 to 160 characters.',
  },
  meta_description_duplicate: {
    priority: 3,
    scope: 'site',
    title: 'Duplicate meta description',
    description: 'Another page has the same meta description.',
    howToFix: 'Write a description particular to each page.',
  },
  h1_missing: {
    priority: 2,
    scope: 'page',
    title: 'H1 missing',
    description: 'No <h1> on the page: readers and machines lack its main heading.',
    howToFix: "Add one <h1> that names the page's subject.",
  },
  h1_multiple: {
    priority: 3,
    scope: 'page',
    title: 'Several H1 headings',
    description: "More than one <h1>, which blurs what the page's main heading is.",
    howToFix: 'Keep one <h1> and make the others <h2> or lower.',
  },
  thin_content: {
    priority: 2,
    scope: 'page',
    title: 'Thin content',
    description: 'Fewer than 200 words of main content: little for search and answer engines to rank or quote.',
    howToFix: 'Add substantive content, or merge the page with a related one and redirect it.',
  },
  images_missing_alt: {
    priority: 3,
    scope: 'page',
    title: 'Images without alt text',
    description: 'Visible images without a text alternative, which screen readers and image search need.',
    howToFix: 'Give each informative image an alt text that describes it; give decorative images alt="".',
  },
  content_duplicate: {
    priority: 2,
    scope: 'site',
    title: 'Duplicate content',
    description:
      'The main content is the same, word for word, as that of other pages (the same page under several URLs, or a template without its content). Engines index and cite one of them, not necessarily the one you want.',
    howToFix: 'Keep one URL: redirect the others to it or point their canonicals at it; or give each page its own content.',
  },
  content_near_duplicate: {
    priority: 2,
    scope: 'site',
    title: 'Near-duplicate content',
    description: 'The main content is nearly that of other pages (90% or more shared), so engines pick one and skip the rest.',
    howToFix: 'Merge the pages, make each distinct, or point their canonicals at the one to keep.',
  },
  content_needs_javascript: {
    priority: 2,
    scope: 'site',
    title: 'Content needs JavaScript',
    description: 'Main content or internal links appear only after scripts run, so answer-engine crawlers, which do not run scripts, miss them.',
    howToFix: 'Render the content and links on the server (server-side rendering or prerendering).',
  },
} satisfies CatalogueEntries;
