// Content briefs and their drafts. A brief and its first draft are written in one transaction.
import type { Brief, components } from '@seo-geo/types';
import type { Kysely, Selectable } from 'kysely';
import { newestFirstPage } from '../newest-first.js';
import type { Page, PageRequest } from '../../domain/page.js';
import type { Database } from '../schema.js';
import type { BriefsTable, DraftsTable } from '../schema-audits.js';
import { toTimestamp } from '../timestamps.js';

export type BriefGoal = components['schemas']['BriefGoal'];

/** What the brief builder made: the brief as the API shows it, less what the request and the record add. */
export type BriefContent = Omit<Brief, 'id' | 'projectId' | 'topic' | 'audience' | 'goal' | 'draftId' | 'createdAt'>;

export interface StoredBrief {
  id: string;
  projectId: string;
  topic: string;
  audience: string;
  goal: BriefGoal;
  content: BriefContent;
  draftId: string;
  createdAt: string;
}

export interface Draft {
  id: string;
  briefId: string;
  projectId: string;
  title: string;
  status: string;
  format: string;
  content: string;
  wordCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ContentRepository {
  createBriefWithDraft(input: {
    briefId: string;
    draftId: string;
    projectId: string;
    topic: string;
    audience: string;
    goal: BriefGoal;
    content: BriefContent;
    draft: { title: string; content: string; wordCount: number };
    now: number;
  }): Promise<{ brief: StoredBrief; draft: Draft }>;
  findBrief(projectId: string, id: string): Promise<StoredBrief | null>;
  findDraft(projectId: string, id: string): Promise<Draft | null>;
  listDrafts(projectId: string, page: PageRequest): Promise<Page<Draft>>;
}

export function createContentRepository(db: Kysely<Database>): ContentRepository {
  return {
    async createBriefWithDraft(input) {
      const at = toTimestamp(input.now);
      const briefRow: BriefsTable = {
        id: input.briefId,
        project_id: input.projectId,
        topic: input.topic,
        audience: input.audience,
        goal: input.goal,
        content: JSON.stringify(input.content),
        draft_id: input.draftId,
        created_at: at,
      };
      const draftRow: DraftsTable = {
        id: input.draftId,
        brief_id: input.briefId,
        project_id: input.projectId,
        title: input.draft.title,
        status: 'draft',
        format: 'markdown',
        content: input.draft.content,
        word_count: input.draft.wordCount,
        created_at: at,
        updated_at: at,
      };
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('briefs').values(briefRow).execute();
        await trx.insertInto('drafts').values(draftRow).execute();
      });
      return { brief: toBrief(briefRow), draft: toDraft(draftRow) };
    },
    async findBrief(projectId, id) {
      const row = await db.selectFrom('briefs').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
      return row ? toBrief(row) : null;
    },
    async findDraft(projectId, id) {
      const row = await db.selectFrom('drafts').selectAll().where('project_id', '=', projectId).where('id', '=', id).executeTakeFirst();
      return row ? toDraft(row) : null;
    },
    listDrafts: (projectId, page) => newestFirstPage(db, 'drafts', { column: 'project_id', id: projectId }, page, toDraft),
  };
}

function toBrief(row: Selectable<BriefsTable>): StoredBrief {
  return {
    id: row.id,
    projectId: row.project_id,
    topic: row.topic,
    audience: row.audience,
    goal: row.goal,
    content: JSON.parse(row.content) as BriefContent,
    draftId: row.draft_id,
    createdAt: row.created_at,
  };
}

function toDraft(row: Selectable<DraftsTable>): Draft {
  return {
    id: row.id,
    briefId: row.brief_id,
    projectId: row.project_id,
    title: row.title,
    status: row.status,
    format: row.format,
    content: row.content,
    wordCount: Number(row.word_count),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
