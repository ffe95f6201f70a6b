// A creation checks that its parent (a project, a monitor) is there, then inserts a row that
// references it. When the parent is deleted in between, the insert's foreign key refuses it: that
// is a parent not found, answered 404 as when it was not there to begin with, not a fault. The
// deletion locks its parent's row first (storage/row-lock.ts), so a creation it races either
// comes before it (and goes with the parent) or is refused here; nothing is left of it. `create`
// must run in a transaction of its own (a savepoint inside a POST's unit of work), so that the
// refused insert leaves the request's other writes usable on PostgreSQL.
import { notFound } from '../domain/errors.js';
import { isForeignKeyViolation } from '../storage/foreign-key.js';

export async function notFoundIfParentDeleted<T>(parent: { what: string; id: string }, create: () => Promise<T>): Promise<T> {
  try {
    return await create();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound(parent.what, parent.id);
    throw error;
  }
}
