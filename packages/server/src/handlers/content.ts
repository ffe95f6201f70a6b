import type { Handler } from '@seo-geo/types';
import type { RequestContext } from './context.js';
import { resourcePath } from '../views/resource-path.js';
import { briefView, draftView } from '../views/content.js';
import { listBody, meta, pageRequest } from './envelope.js';

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
