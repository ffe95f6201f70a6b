// The one list query most resources share: the rows of one owner (an account, a project, an
// endpoint), newest first (by `created_at`, or another time column, then id desc: stable for rows
// of the same millisecond), one page of them, and the total. A first page that is not full holds
// every row, so it needs no count.
import { sql, type CompiledQuery, type Kysely, type Selectable } from 'kysely';
import { compiledOnce } from './compiled-once.js';
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

type PageQuery = (ownerId: string, limit: number, offset: number) => CompiledQuery<Record<string, unknown>>;
type CountQuery = (ownerId: string) => CompiledQuery<{ count: string | number }>;

/** Compiled once per database handle and shape (table, owner, columns, order). */
const compiled = new WeakMap<Kysely<Database>, Map<string, { page: PageQuery; count: CountQuery }>>();

function queriesFor(db: Kysely<Database>, table: string, ownerColumn: string, orderBy: string, columns: readonly string[] | undefined) {
  let forDb = compiled.get(db);
  if (!forDb) compiled.set(db, (forDb = new Map<string, { page: PageQuery; count: CountQuery }>()));
  const shape = JSON.stringify([table, ownerColumn, orderBy, columns ?? null]);
  let queries = forDb.get(shape);
  if (!queries) {
    // Kysely cannot type a query over a table chosen at run time; the signature of newestFirstPage keeps callers typed.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const untyped = db as unknown as Kysely<any>;
    queries = {
      page: compiledOnce(3, (ownerId: string, limit: number, offset: number) => {
        const select = untyped.selectFrom(table);
        return (columns ? select.select([...columns]) : select.selectAll())
          .where(sql.ref(ownerColumn), '=', ownerId)
          .orderBy(sql.ref(orderBy), 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset);
      }),
      count: compiledOnce(1, (ownerId: string) =>
        untyped
          .selectFrom(table)
          .select(sql<string | number>`count(*)`.as('count'))
          .where(sql.ref(ownerColumn), '=', ownerId),
      ),
    };
    forDb.set(shape, queries);
  }
  return queries;
}

export async function newestFirstPage<T extends TableWith<'id'>, Item, C extends Column<T> = Column<T>>(
  db: Kysely<Database>,
  table: T,
  owner: { column: Column<T>; id: string },
  request: PageRequest,
  toItem: (row: Pick<Selectable<Database[T]>, C & keyof Selectable<Database[T]>>) => Item,
  options: NewestFirstOptions<T, C> = {},
): Promise<Page<Item>> {
  const { limit, offset } = toLimitOffset(request);
  const queries = queriesFor(db, table, owner.column, options.orderBy ?? 'created_at', options.columns);
  const { rows } = await db.executeQuery(queries.page(owner.id, limit, offset));
  let total = rows.length;
  if (!(offset === 0 && rows.length < limit)) {
    const [counted] = (await db.executeQuery(queries.count(owner.id))).rows;
    total = Number(counted!.count);
  }
  return { items: (rows as unknown as Array<Pick<Selectable<Database[T]>, C & keyof Selectable<Database[T]>>>).map(toItem), total };
}
