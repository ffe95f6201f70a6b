// The one list query most resources share: the rows of one owner (an account or a project), newest
// first (created_at desc, then id desc: stable for rows created in the same millisecond), one page
// of them, and the total. A first page that is not full holds every row, so it needs no count.
import { sql, type Kysely, type Selectable } from 'kysely';
import { toLimitOffset, type Page, type PageRequest } from './pagination.js';
import type { Database } from './schema.js';

type TableWith<Columns extends string> = {
  [T in keyof Database]: Columns extends keyof Database[T] ? T : never;
}[keyof Database];

export async function newestFirstPage<T extends TableWith<'created_at' | 'id'>, Item>(
  db: Kysely<Database>,
  table: T,
  owner: { column: keyof Database[T] & string; id: string },
  request: PageRequest,
  toItem: (row: Selectable<Database[T]>) => Item,
): Promise<Page<Item>> {
  // Kysely cannot type a query over a table chosen at run time; the signature above keeps callers typed.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const untyped = db as unknown as Kysely<any>;
  const { limit, offset } = toLimitOffset(request);
  const rows = await untyped
    .selectFrom(table as string)
    .selectAll()
    .where(sql.ref(owner.column), '=', owner.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  let total = rows.length;
  if (!(offset === 0 && rows.length < limit)) {
    const { count } = await untyped
      .selectFrom(table as string)
      .select(sql<string | number>`count(*)`.as('count'))
      .where(sql.ref(owner.column), '=', owner.id)
      .executeTakeFirstOrThrow();
    total = Number(count);
  }
  return { items: (rows as unknown as Array<Selectable<Database[T]>>).map(toItem), total };
}
