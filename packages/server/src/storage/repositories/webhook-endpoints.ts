// The webhook endpoints of an account: created within the account's limit, read back without their
// signing secret (only creation and rotation return it), changed and deleted.
import type { Kysely, Selectable } from 'kysely';
import type { Page, PageRequest } from '../../domain/page.js';
import { uuidv7 } from '../../support/ids.js';
import { lockAccount } from '../account-lock.js';
import { newestFirstPage } from '../newest-first.js';
import type { Database } from '../schema.js';
import type { WebhookEndpointsTable, WebhookEventType } from '../schema-webhooks.js';
import type { SecretBox } from '../secret-box.js';
import { toTimestamp } from '../timestamps.js';

export interface WebhookEndpoint {
  id: string;
  accountId: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  createdAt: string;
}

/** Only the creation result carries the secret; reads never return it. */
export interface CreatedWebhookEndpoint extends WebhookEndpoint {
  secret: string;
}

export interface NewWebhookEndpoint {
  accountId: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  secret: string;
  now: number;
}

export type EndpointChanges = { url?: string; events?: WebhookEventType[]; description?: string | null };

/** Every column but the secret: reads of endpoints never carry it. */
const ENDPOINT_COLUMNS = ['id', 'account_id', 'url', 'events', 'description', 'created_at'] as const;

/** Creates the endpoint only while the account has fewer than `maxEndpoints`; atomic per account. */
export async function createEndpointWithinLimit(
  db: Kysely<Database>,
  secrets: SecretBox,
  { maxEndpoints, ...input }: NewWebhookEndpoint & { maxEndpoints: number },
): Promise<CreatedWebhookEndpoint | 'limit_exceeded'> {
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, input.accountId);
    if ((await countEndpoints(trx, input.accountId)) >= maxEndpoints) return 'limit_exceeded' as const;
    const id = uuidv7(input.now);
    const row: WebhookEndpointsTable = {
      id,
      account_id: input.accountId,
      url: input.url,
      events: JSON.stringify(input.events),
      description: input.description,
      secret: secrets.seal(input.secret, id),
      created_at: toTimestamp(input.now),
    };
    await trx.insertInto('webhook_endpoints').values(row).execute();
    return { ...toEndpoint(row), secret: input.secret };
  });
}

export async function findEndpoint(db: Kysely<Database>, accountId: string, id: string): Promise<WebhookEndpoint | null> {
  const row = await db.selectFrom('webhook_endpoints').select(ENDPOINT_COLUMNS).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  return row ? toEndpoint(row) : null;
}

export function listEndpoints(db: Kysely<Database>, accountId: string, page: PageRequest): Promise<Page<WebhookEndpoint>> {
  return newestFirstPage(db, 'webhook_endpoints', { column: 'account_id', id: accountId }, page, toEndpoint, { columns: ENDPOINT_COLUMNS });
}

export async function updateEndpoint(db: Kysely<Database>, accountId: string, id: string, changes: EndpointChanges): Promise<WebhookEndpoint | null> {
  const row = await db
    .updateTable('webhook_endpoints')
    .set({
      ...(changes.url !== undefined && { url: changes.url }),
      ...(changes.events !== undefined && { events: JSON.stringify(changes.events) }),
      ...(changes.description !== undefined && { description: changes.description }),
    })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirst();
  return row ? toEndpoint(row) : null;
}

export async function rotateSecret(
  db: Kysely<Database>,
  secrets: SecretBox,
  accountId: string,
  id: string,
  secret: string,
): Promise<CreatedWebhookEndpoint | null> {
  const row = await db
    .updateTable('webhook_endpoints')
    .set({ secret: secrets.seal(secret, id) })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returning(ENDPOINT_COLUMNS)
    .executeTakeFirst();
  return row ? { ...toEndpoint(row), secret } : null;
}

export async function deleteEndpoint(db: Kysely<Database>, accountId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoints').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

async function countEndpoints(executor: Kysely<Database>, accountId: string): Promise<number> {
  const { count } = await executor
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

function toEndpoint(row: Omit<Selectable<WebhookEndpointsTable>, 'secret'>): WebhookEndpoint {
  return {
    id: row.id,
    accountId: row.account_id,
    url: row.url,
    // Written only by createEndpoint from the validated request, so the JSON holds event types.
    events: JSON.parse(row.events) as WebhookEventType[],
    description: row.description,
    createdAt: row.created_at,
  };
}
