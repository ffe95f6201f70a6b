import type { Handler } from '@seo-geo/types';
import type { RequestContext } from './context.js';
import { resourcePath } from '../views/resource-path.js';
import { projectView } from '../views/projects.js';
import { listBody, meta, pageRequest } from './envelope.js';

export const listProjects: Handler<'listProjects', RequestContext> = async ({ query }, context) => {
  const request = pageRequest(query);
  const page = await context.services.projects.list(context.principal(), request);
  return { status: 200, body: listBody(context, page, request, projectView) };
};

export const createProject: Handler<'createProject', RequestContext> = async ({ body }, context) => {
  const project = await context.services.projects.create(context.principal(), body);
  return {
    status: 201,
    body: { data: projectView(project), meta: meta(context) },
    headers: { Location: resourcePath('projects', project.id) },
  };
};

export const getProject: Handler<'getProject', RequestContext> = async ({ path }, context) => {
  const project = await context.services.projects.get(context.principal(), path.projectId);
  const stats = await context.services.projects.stats(project);
  return { status: 200, body: { data: { ...projectView(project), stats }, meta: meta(context) } };
};

export const deleteProject: Handler<'deleteProject', RequestContext> = async ({ path }, context) => {
  await context.services.projects.remove(context.principal(), path.projectId);
  return { status: 204, body: undefined };
};

export const updateProject: Handler<'updateProject', RequestContext> = async ({ path, body }, context) => {
  const project = await context.services.projects.update(context.principal(), path.projectId, body);
  return { status: 200, body: { data: projectView(project), meta: meta(context) } };
};
