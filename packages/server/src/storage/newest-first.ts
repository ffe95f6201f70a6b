// The one list query most resources share: the rows of one owner (an account, a project, an
// endpoint), newest first (by `created_at`, or another time column, then id desc: stable for rows
// of the same millisecond), one page of them, and the total. A first page that is not full holds
// every row, so it needs no count.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Page, PageRequest } from '../domain/page.js';
import { toLimitOffset } from './pagination.js';
import type { Database } from './schema.js';

type TableWith<Columns extends string> = {
  [T in keyof Database]: Columns extends keyof Database[T] ? T : never;
}[keyof Database];

type Column<T extends keyof Database> = keyof Database[T] & string;

export interface NewestFirstOptions<T extends keyof Database, C extends Column<T>> {
  /** The time column that orders the rows; default `created_at`. */
  orderBy?: Column<T>;
  /** Read only these columns (e.g. never a secret); default all. */
  columns?: readonly C[];
}

export async function newestFirstPage<T extends TableWith<'id'>, Item, C extends Column<T> = Column<T>>(
  db: Kysely<Database>,
  table: T,
  owner: { column: Column<T>; id: string },
  request: PageRequest,
  toItem: (row: Pick<Selectable<Database[T]>, C & keyof Selectable<Database[T]>>) => Item,
  options: NewestFirstOptions<T, C> = {},
): Promise<Page<Item>> {
  // Kysely cannot type a query over a table chosen at run time; the signature above keeps callers typed.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const untyped = db as unknown as Kysely<any>;
  const { limit, offset } = toLimitOffset(request);
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- without it the table alias stays generic (T) and TypeScript cannot resolve select()'s overloads
  const select = untyped.selectFrom(table as string);
  const rows = await (options.columns ? select.select([...options.columns]) : select.selectAll())
    .where(sql.ref(owner.column), '=', owner.id)
    .orderBy(sql.ref(options.orderBy ?? 'created_at'), 'desc')
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
  return { items: (rows as unknown as Array<Pick<Selectable<Database[T]>, C & keyof Selectable<Database[T]>>>).map(toItem), total };
}
