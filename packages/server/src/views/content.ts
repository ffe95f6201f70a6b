// How stored briefs and drafts look in the API (the Brief and Draft schemas).
import type { Brief as BriefView, Draft as DraftView } from '@seo-geo/types';
import type { Draft, StoredBrief } from '../storage/repositories/content.js';

export function briefView(brief: StoredBrief): BriefView {
  return {
    ...brief.content,
    id: brief.id,
    projectId: brief.projectId,
    topic: brief.topic,
    audience: brief.audience,
    goal: brief.goal,
    draftId: brief.draftId,
    createdAt: brief.createdAt,
  };
}

export function draftView(draft: Draft): DraftView {
  return {
    id: draft.id,
    briefId: draft.briefId,
    title: draft.title,
    status: 'draft',
    format: 'markdown',
    content: draft.content,
    wordCount: draft.wordCount,
    createdAt: draft.createdAt,
    updatedAt: draft.updatedAt,
  };
}
