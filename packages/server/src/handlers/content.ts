import type { Brief as BriefView, Draft as DraftView, Handler } from '@seo-geo/types';
import type { RequestContext } from '../context.js';
import { resourcePath } from '../http/base-path.js';
import type { Draft, StoredBrief } from '../storage/repositories/content.js';
import { listBody, meta, pageRequest } from './envelope.js';

const briefView = (brief: StoredBrief): BriefView => ({
  ...(brief.content as Omit<BriefView, 'id' | 'projectId' | 'topic' | 'audience' | 'goal' | 'draftId' | 'createdAt'>),
  id: brief.id,
  projectId: brief.projectId,
  topic: brief.topic,
  audience: brief.audience,
  goal: brief.goal as BriefView['goal'],
  draftId: brief.draftId,
  createdAt: brief.createdAt,
});

const draftView = (draft: Draft): DraftView => ({
  id: draft.id,
  briefId: draft.briefId,
  title: draft.title,
  status: 'draft',
  format: 'markdown',
  content: draft.content,
  wordCount: draft.wordCount,
  createdAt: draft.createdAt,
  updatedAt: draft.updatedAt,
});

export const createBrief: Handler<'createBrief', RequestContext> = async ({ path, body }, context) => {
  const brief = await context.services.content.createBrief(context.principal(), path.projectId, body);
  return {
    status: 201,
    body: { data: briefView(brief), meta: meta(context) },
    headers: { Location: resourcePath('projects', brief.projectId, 'content', 'briefs', brief.id) },
  };
};

export const getBrief: Handler<'getBrief', RequestContext> = async ({ path }, context) => {
  const brief = await context.services.content.getBrief(context.principal(), path.projectId, path.briefId);
  return { status: 200, body: { data: briefView(brief), meta: meta(context) } };
};

export const getDraft: Handler<'getDraft', RequestContext> = async ({ path }, context) => {
  const draft = await context.services.content.getDraft(context.principal(), path.projectId, path.draftId);
  return { status: 200, body: { data: draftView(draft), meta: meta(context) } };
};

export const listDrafts: Handler<'listDrafts', RequestContext> = async ({ path, query }, context) => {
  const request = pageRequest(query);
  const page = await context.services.content.listDrafts(context.principal(), path.projectId, request);
  return { status: 200, body: listBody(context, page, request, draftView) };
};
