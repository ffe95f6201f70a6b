// What every site check reads: the frozen index and the aggregates computed once over it.
import type { PageIssue } from '../../types.js';
import type { DuplicateGroups } from '../duplicates.js';
import type { ExternalLinkReport } from '../external-links.js';
import type { LinkGraph } from '../link-graph.js';
import type { NearDuplicates } from '../near-duplicates.js';
import type { ResourceReport } from '../resources.js';
import type { SiteSnapshot } from '../snapshot.js';

export interface CheckContext {
  site: SiteSnapshot;
  graph: LinkGraph;
  titles: DuplicateGroups;
  descriptions: DuplicateGroups;
  /** Records with the same main content, word for word. */
  contents: DuplicateGroups;
  near: NearDuplicates;
  /** Null when the audit did not check external links. */
  external: ExternalLinkReport | null;
  /** Null when the audit did not check the resources pages load. */
  resources: ResourceReport | null;
}

/** One site check for record `record`: its issue, or null. */
export type SiteCheck = (ctx: CheckContext, record: number) => PageIssue | null;
