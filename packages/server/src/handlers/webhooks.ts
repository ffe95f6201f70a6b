import type { Handler } from '@seo-geo/types';
import type { RequestContext } from './context.js';
import { resourcePath } from '../views/resource-path.js';
import { createdWebhookEndpointView, webhookDeliveryView, webhookEndpointView } from '../views/webhooks.js';
import { listBody, meta, pageRequest } from './envelope.js';

export const listWebhookEndpoints: Handler<'listWebhookEndpoints', RequestContext> = async ({ query }, context) => {
  const request = pageRequest(query);
  const page = await context.services.webhooks.list(context.principal(), request);
  return { status: 200, body: listBody(context, page, request, webhookEndpointView) };
};

export const createWebhookEndpoint: Handler<'createWebhookEndpoint', RequestContext> = async ({ body }, context) => {
  const endpoint = await context.services.webhooks.create(context.principal(), body);
  return {
    status: 201,
    body: { data: createdWebhookEndpointView(endpoint), meta: meta(context) },
    headers: { Location: resourcePath('webhooks', 'endpoints', endpoint.id) },
  };
};

export const deleteWebhookEndpoint: Handler<'deleteWebhookEndpoint', RequestContext> = async ({ path }, context) => {
  await context.services.webhooks.remove(context.principal(), path.endpointId);
  return { status: 204, body: undefined };
};

export const listWebhookDeliveries: Handler<'listWebhookDeliveries', RequestContext> = async ({ path, query }, context) => {
  const request = pageRequest(query);
  const page = await context.services.webhooks.deliveries(context.principal(), path.endpointId, request);
  return { status: 200, body: listBody(context, page, request, webhookDeliveryView) };
};

export const getWebhookEndpoint: Handler<'getWebhookEndpoint', RequestContext> = async ({ path }, context) => {
  const endpoint = await context.services.webhooks.get(context.principal(), path.endpointId);
  return { status: 200, body: { data: webhookEndpointView(endpoint), meta: meta(context) } };
};

export const updateWebhookEndpoint: Handler<'updateWebhookEndpoint', RequestContext> = async ({ path, body }, context) => {
  const endpoint = await context.services.webhooks.update(context.principal(), path.endpointId, body);
  return { status: 200, body: { data: webhookEndpointView(endpoint), meta: meta(context) } };
};

export const rotateWebhookEndpointSecret: Handler<'rotateWebhookEndpointSecret', RequestContext> = async ({ path }, context) => {
  const endpoint = await context.services.webhooks.rotateSecret(context.principal(), path.endpointId);
  return { status: 200, body: { data: createdWebhookEndpointView(endpoint), meta: meta(context) } };
};

export const redeliverWebhookDelivery: Handler<'redeliverWebhookDelivery', RequestContext> = async ({ path }, context) => {
  const queued = await context.services.webhooks.redeliver(context.principal(), path.endpointId, path.deliveryId);
  return { status: 202, body: { data: queued, meta: meta(context) } };
};

export const sendWebhookTestEvent: Handler<'sendWebhookTestEvent', RequestContext> = async ({ path }, context) => {
  const queued = await context.services.webhooks.sendTest(context.principal(), path.endpointId);
  return { status: 202, body: { data: queued, meta: meta(context) } };
};
