import type { Kysely, Selectable, Transaction } from 'kysely';
import { uuidv7 } from '../../support/ids.js';
import { newestFirstPage } from '../newest-first.js';
import type { Page, PageRequest } from '../../domain/page.js';
import { lockAccount } from '../account-lock.js';
import type { DialectName } from '../database.js';
import { lockForDeletion } from '../row-lock.js';
import type { Database, ProjectsTable } from '../schema.js';
import { toTimestamp } from '../timestamps.js';
import { cancelQueuedAuditJobs } from '../audit-jobs.js';

export interface Project {
  id: string;
  accountId: string;
  name: string;
  primaryDomain: string;
  createdAt: string;
}

export interface NewProject {
  accountId: string;
  name: string;
  primaryDomain: string;
  now: number;
}

export interface ProjectsRepository {
  create(input: NewProject): Promise<Project>;
  /**
   * Creates the project only while the account has fewer than `maxProjects`; atomic against
   * concurrent creations for the same account (see the lock below).
   */
  createWithinLimit(input: NewProject & { maxProjects: number }): Promise<Project | 'limit_exceeded'>;
  /** Null when the project does not exist or belongs to another account: callers answer 404 alike. */
  findForAccount(accountId: string, id: string): Promise<Project | null>;
  countForAccount(accountId: string): Promise<number>;
  /** Newest first: created_at desc, then id desc. */
  listForAccount(accountId: string, page: PageRequest): Promise<Page<Project>>;
  /**
   * Locks the account's project for its deletion in the caller's transaction: the account first
   * (ordering the deletion against a concurrent creation counting its projects), then the
   * project's row, so that nothing is added to the project until the transaction ends (see
   * row-lock.ts). False when the account has no such project.
   */
  lockForDeletion(trx: Transaction<Database>, accountId: string, id: string): Promise<boolean>;
  /**
   * Deletes the project (locked) and, by the schema's cascades, everything that belongs to it; the
   * queued jobs of its audits are cancelled with it. A running audit finds its rows gone and
   * stops. Its GEO work is the caller's to end first (services/geo-answers/stop-work.ts).
   */
  delete(trx: Transaction<Database>, id: string, now: number): Promise<void>;
  /** Changes the fields given of the account's project; null when it has no such project. */
  update(accountId: string, id: string, changes: { name?: string; primaryDomain?: string }): Promise<Project | null>;
}

export function createProjectsRepository(db: Kysely<Database>, dialect: DialectName): ProjectsRepository {
  return {
    create: (input) => insertProject(db, input),

    async createWithinLimit({ maxProjects, ...input }) {
      return db.transaction().execute(async (trx) => {
        await lockAccount(trx, input.accountId);
        if ((await countProjects(trx, input.accountId)) >= maxProjects) return 'limit_exceeded' as const;
        return insertProject(trx, input);
      });
    },

    async findForAccount(accountId, id) {
      const row = await db.selectFrom('projects').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
      return row ? toProject(row) : null;
    },

    countForAccount: (accountId) => countProjects(db, accountId),

    listForAccount: (accountId, page) => newestFirstPage(db, 'projects', { column: 'account_id', id: accountId }, page, toProject),

    async lockForDeletion(trx, accountId, id) {
      await lockAccount(trx, accountId);
      const project = await trx.selectFrom('projects').select('id').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
      return project !== undefined && lockForDeletion(trx, dialect, 'projects', id);
    },

    async update(accountId, id, changes) {
      const row = await db
        .updateTable('projects')
        .set({
          ...(changes.name !== undefined && { name: changes.name }),
          ...(changes.primaryDomain !== undefined && { primary_domain: changes.primaryDomain }),
        })
        .where('account_id', '=', accountId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ? toProject(row) : null;
    },

    async delete(trx, id, now) {
      await cancelQueuedAuditJobs(trx, { projectId: id }, now);
      await trx.deleteFrom('projects').where('id', '=', id).execute();
    },
  };
}

async function insertProject(db: Kysely<Database> | Transaction<Database>, input: NewProject): Promise<Project> {
  const row = {
    id: uuidv7(input.now),
    account_id: input.accountId,
    name: input.name,
    primary_domain: input.primaryDomain,
    created_at: toTimestamp(input.now),
  };
  await db.insertInto('projects').values(row).execute();
  return toProject(row);
}

async function countProjects(db: Kysely<Database> | Transaction<Database>, accountId: string): Promise<number> {
  const { count } = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

function toProject(row: Selectable<ProjectsTable>): Project {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    primaryDomain: row.primary_domain,
    createdAt: row.created_at,
  };
}
