// Duplicate titles, duplicate meta descriptions, and main content the same word for word or nearly.
import { issue } from '../../score/issue-codes.js';
import { plural, shownList } from '../../score/evidence.js';
import type { SiteCheck } from './context.js';

export const titleDuplicate: SiteCheck = ({ site, titles }, record) => {
  const dup = titles.othersOf(record);
  if (dup === null) return null;
  return issue(
    'title_duplicate',
    `The same title is used by ${plural(dup.total, 'other page')}: ${shownList(
      dup.shown.map((o) => site.urlOf(o)),
      dup.total,
    )}.`,
  );
};

export const metaDescriptionDuplicate: SiteCheck = ({ site, descriptions }, record) => {
  const dup = descriptions.othersOf(record);
  if (dup === null) return null;
  return issue(
    'meta_description_duplicate',
    `The same meta description is used by ${plural(dup.total, 'other page')}: ${shownList(
      dup.shown.map((o) => site.urlOf(o)),
      dup.total,
    )}.`,
  );
};

export const contentDuplicate: SiteCheck = ({ site, contents }, record) => {
  const dup = contents.othersOf(record);
  if (dup === null) return null;
  return issue(
    'content_duplicate',
    `The main content is the same, word for word, as that of ${plural(dup.total, 'other page')}: ${shownList(
      dup.shown.map((o) => site.urlOf(o)),
      dup.total,
    )}.`,
  );
};

/** Not given when every page of the cluster is an exact duplicate of this one: content_duplicate says it. */
export const contentNearDuplicate: SiteCheck = ({ site, near, contents }, record) => {
  const cluster = near.clusterOf(record);
  if (cluster === null) return null;
  if ((contents.othersOf(record)?.total ?? 0) >= cluster.size - 1) return null;
  return issue(
    'content_near_duplicate',
    `The main content is nearly the same as that of ${plural(cluster.size - 1, 'other page')} (a cluster of ${cluster.size}): ` +
      `${shownList(
        cluster.others.map((o) => site.urlOf(o)),
        cluster.size - 1,
      )}. ` +
      // An estimate from 64 MinHash values (steps of 1/64), hence "about".
      `The closest is ${site.urlOf(cluster.closest)}, sharing about ${Math.round(cluster.similarity * 100)}% of the two pages' three-word sequences.`,
  );
};
