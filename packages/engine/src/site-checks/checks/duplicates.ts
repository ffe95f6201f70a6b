// Duplicate titles, duplicate meta descriptions and near-duplicate main content.
import { issue } from '../../score/issue-codes.js';
import { plural, shownList } from '../../score/evidence.js';
import type { SiteCheck } from './context.js';

export const titleDuplicate: SiteCheck = ({ s, titles }, r) => {
  const dup = titles.othersOf(r);
  if (dup === null) return null;
  return issue(
    'title_duplicate',
    `The same title is used by ${plural(dup.total, 'other page')}: ${shownList(
      dup.shown.map((o) => s.urlOf(o)),
      dup.total,
    )}.`,
  );
};

export const metaDescriptionDuplicate: SiteCheck = ({ s, descriptions }, r) => {
  const dup = descriptions.othersOf(r);
  if (dup === null) return null;
  return issue(
    'meta_description_duplicate',
    `The same meta description is used by ${plural(dup.total, 'other page')}: ${shownList(
      dup.shown.map((o) => s.urlOf(o)),
      dup.total,
    )}.`,
  );
};

export const contentNearDuplicate: SiteCheck = ({ s, near }, r) => {
  const cluster = near.clusterOf(r);
  if (cluster === null) return null;
  return issue(
    'content_near_duplicate',
    `The main content is nearly the same as that of ${plural(cluster.size - 1, 'other page')} (a cluster of ${cluster.size}): ` +
      `${shownList(
        cluster.others.map((o) => s.urlOf(o)),
        cluster.size - 1,
      )}. ` +
      // An estimate from 64 MinHash values (steps of 1/64), hence "about".
      `The closest is ${s.urlOf(cluster.closest)}, sharing about ${Math.round(cluster.similarity * 100)}% of the two pages' three-word sequences.`,
  );
};
