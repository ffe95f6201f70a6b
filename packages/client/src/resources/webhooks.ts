import type { APIPromise } from '../core/api-promise.js';
import type { PageOptions, PagePromise } from '../core/pagination.js';
import type { RequestOptions, Transport } from '../core/request.js';
import type { webhooks } from '@seo-geo/types';
import type { ListItem, QueryParams, RequestBody, ResponseData, ResponseMeta } from '../core/types.js';
import { verifyWebhookSignature, WebhookVerificationError, type VerifyOptions, type WebhookHeaders } from '../core/webhook-signature.js';
import { APIResource } from './resource.js';

/**
 * What a webhook delivery carries: the body of one of the spec's `webhooks`, narrowed by `type`.
 * Derived from the spec's webhooks section, so an event added there is part of it at once.
 */
export type WebhookEvent = {
  [Name in keyof webhooks]: webhooks[Name]['post'] extends { requestBody: { content: { 'application/json': infer Body } } } ? Body : never;
}[keyof webhooks];

export class WebhookEndpoints extends APIResource {
  /** Registers an endpoint (`POST /webhooks/endpoints`); the result carries the signing secret, once. */
  create(
    body: RequestBody<'createWebhookEndpoint'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'createWebhookEndpoint'>, ResponseMeta<'createWebhookEndpoint'>> {
    return this.request('createWebhookEndpoint', { body }, options);
  }

  list(query?: QueryParams<'listWebhookEndpoints'>, options?: PageOptions): PagePromise<ListItem<'listWebhookEndpoints'>> {
    return this.paginate('listWebhookEndpoints', { query }, options);
  }

  /** One endpoint, without its secret (`GET /webhooks/endpoints/{endpointId}`). */
  get(endpointId: string, options?: RequestOptions): APIPromise<ResponseData<'getWebhookEndpoint'>, ResponseMeta<'getWebhookEndpoint'>> {
    return this.request('getWebhookEndpoint', { path: { endpointId } }, options);
  }

  /** Changes the URL, events or description; the fields not given stay (`PATCH /webhooks/endpoints/{endpointId}`). */
  update(
    endpointId: string,
    body: RequestBody<'updateWebhookEndpoint'>,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'updateWebhookEndpoint'>, ResponseMeta<'updateWebhookEndpoint'>> {
    return this.request('updateWebhookEndpoint', { path: { endpointId }, body }, options);
  }

  /**
   * A new signing secret, in this answer only; every later attempt is signed with it
   * (`POST /webhooks/endpoints/{endpointId}/secret`). Give the receiver the new secret first.
   */
  rotateSecret(
    endpointId: string,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'rotateWebhookEndpointSecret'>, ResponseMeta<'rotateWebhookEndpointSecret'>> {
    return this.request('rotateWebhookEndpointSecret', { path: { endpointId } }, options);
  }

  /**
   * Sends the endpoint a `webhook.test` event, whatever it subscribes to, attempted once; the
   * attempt is listed with its deliveries (`POST /webhooks/endpoints/{endpointId}/test`, 202).
   */
  sendTest(endpointId: string, options?: RequestOptions): APIPromise<ResponseData<'sendWebhookTestEvent'>, ResponseMeta<'sendWebhookTestEvent'>> {
    return this.request('sendWebhookTestEvent', { path: { endpointId } }, options);
  }

  /** Deletes an endpoint (`DELETE /webhooks/endpoints/{endpointId}`, 204). */
  delete(endpointId: string, options?: RequestOptions): APIPromise<ResponseData<'deleteWebhookEndpoint'>, ResponseMeta<'deleteWebhookEndpoint'>> {
    return this.request('deleteWebhookEndpoint', { path: { endpointId } }, options);
  }
}

export class WebhookDeliveries extends APIResource {
  /** Every delivery attempt to an endpoint, newest first. */
  list(endpointId: string, query?: QueryParams<'listWebhookDeliveries'>, options?: PageOptions): PagePromise<ListItem<'listWebhookDeliveries'>> {
    return this.paginate('listWebhookDeliveries', { path: { endpointId }, query }, options);
  }

  /**
   * Delivers a listed attempt's event to the endpoint again, at once
   * (`POST /webhooks/endpoints/{endpointId}/deliveries/{deliveryId}/redeliver`, 202).
   */
  redeliver(
    endpointId: string,
    deliveryId: string,
    options?: RequestOptions,
  ): APIPromise<ResponseData<'redeliverWebhookDelivery'>, ResponseMeta<'redeliverWebhookDelivery'>> {
    return this.request('redeliverWebhookDelivery', { path: { endpointId, deliveryId } }, options);
  }
}

export class Webhooks {
  readonly endpoints: WebhookEndpoints;
  readonly deliveries: WebhookDeliveries;

  constructor(transport: Transport) {
    this.endpoints = new WebhookEndpoints(transport);
    this.deliveries = new WebhookDeliveries(transport);
  }

  /**
   * Checks that a delivery is from the service (Standard Webhooks signature with the endpoint's
   * secret, timestamp within `toleranceSeconds`); throws WebhookVerificationError otherwise.
   * Pass the body exactly as received, before any JSON parsing.
   */
  verify(body: string, headers: WebhookHeaders, secret: string, options?: VerifyOptions): Promise<void> {
    return verifyWebhookSignature(body, headers, secret, options);
  }

  /** Verifies the delivery, then returns its event, typed by `type`. */
  async unwrap(body: string, headers: WebhookHeaders, secret: string, options?: VerifyOptions): Promise<WebhookEvent> {
    await verifyWebhookSignature(body, headers, secret, options);
    try {
      return JSON.parse(body) as WebhookEvent;
    } catch {
      throw new WebhookVerificationError('The signed body is not JSON');
    }
  }
}
