// Data tables (rows and columns of facts) as opposed to layout tables, read the way browsers'
// accessibility code does: a data table is content even when it looks like a list of links.

import type { ContentTree } from './content-tree.js';
import { NodeFlag } from './content-tree.js';

export const DataTable = { Is: 1, In: 2, Holds: 4 } as const;

const DATA_TABLE_PARTS = new Set(['col', 'colgroup', 'tfoot', 'thead', 'th']);

/**
 * For every node: DataTable.Is for a data table, DataTable.In inside one, DataTable.Holds when
 * one is inside it, 0 otherwise.
 */
export function markDataTables(tree: ContentTree): Uint8Array {
  const { tags, ends, flags } = tree;
  const n = tags.length;
  const data = new Uint8Array(n);
  for (let t = 0; t < n; t++) {
    if (tags[t] !== 'table') continue;
    if ((flags[t]! & NodeFlag.LayoutTable) !== 0) continue;
    if ((flags[t]! & NodeFlag.CaptionedTable) !== 0) {
      data[t] = DataTable.Is;
      continue;
    }
    let rows = 0;
    let columns = 0;
    let parts = false;
    let nested = false;
    let row = -1;
    let cells = 0;
    for (let i = t + 1; i < ends[t]!; i++) {
      const tag = tags[i]!;
      if (DATA_TABLE_PARTS.has(tag)) parts = true;
      else if (tag === 'table') nested = true;
      else if (tag === 'tr') {
        if (row >= 0) columns = Math.max(columns, cells);
        row = i;
        cells = 0;
        rows++;
      } else if (tag === 'td' && row >= 0 && i < ends[row]!) cells++;
    }
    if (row >= 0) columns = Math.max(columns, cells);
    if (parts) data[t] = DataTable.Is;
    else if (nested || rows === 1 || columns === 1) data[t] = 0;
    else if (rows >= 10 || columns > 4) data[t] = DataTable.Is;
    else data[t] = rows * columns > 10 ? DataTable.Is : 0;
  }
  for (let t = 0; t < n; t++) {
    if ((data[t]! & DataTable.Is) === 0) continue;
    for (let i = t + 1; i < ends[t]!; i++) data[i]! |= DataTable.In;
    for (let a = tree.parents[t]!; a > 0; a = tree.parents[a]!) data[a]! |= DataTable.Holds;
  }
  return data;
}
