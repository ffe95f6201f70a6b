import type { RequestBody } from '@seo-geo/client';
import type { Command } from 'commander';
import { formatOption, listOptions, UsageError, type CommandContext } from '../context.js';
import { printRecord, printRows } from '../output.js';

type EventType = RequestBody<'createWebhookEndpoint'>['events'][number];

/** Every event type of the contract: an event added to the spec and not here does not compile. */
const EVENT_TYPES = {
  'audit.completed': true,
  'audit.failed': true,
  'audit.paused': true,
  'geo_monitor_test.completed': true,
  'geo_monitor.run.completed': true,
  'geo_monitor.alert': true,
} satisfies Record<EventType, true>;
const EVENTS = Object.keys(EVENT_TYPES) as EventType[];

export function webhookCommands(program: Command, ctx: CommandContext): void {
  const webhooks = program.command('webhooks').description('Webhook endpoints and their deliveries');
  webhooks
    .command('list')
    .addOption(formatOption())
    .action(async (options: { format: string }) => {
      const rows = await ctx.client.webhooks.endpoints.list({ pageSize: 100 }).toArray();
      printRows(ctx.io, ctx.format(options.format), rows, [
        { header: 'id', value: (e) => e.id },
        { header: 'url', value: (e) => e.url },
        { header: 'events', value: (e) => e.events.join(' ') },
        { header: 'health', value: (e) => (e.health.status === 'failing' ? `failing (${e.health.consecutiveFailures})` : e.health.status) },
        { header: 'waiting', value: (e) => e.health.pendingDeliveries },
      ]);
    });
  webhooks
    .command('create')
    .description('Register an endpoint; its signing secret is shown this once')
    .requiredOption('--url <url>', 'where deliveries are POSTed')
    .option('--events <list>', `comma-separated: ${EVENTS.join(', ')}`, EVENTS.join(','))
    .option('--description <text>', 'a note for people')
    .action(async (options: { url: string; events: string; description?: string }) => {
      const endpoint = await ctx.client.webhooks.endpoints.create({
        url: options.url,
        events: eventList(options.events),
        ...(options.description ? { description: options.description } : {}),
      });
      printRecord(ctx.io, ctx.json, endpoint, [
        ['id', endpoint.id],
        ['url', endpoint.url],
        ['events', endpoint.events.join(' ')],
        ['secret', endpoint.secret],
      ]);
    });
  webhooks
    .command('get <endpointId>')
    .description('One endpoint: its URL, events and description (the secret is never shown again)')
    .action(async (endpointId: string) => printEndpoint(ctx, await ctx.client.webhooks.endpoints.get(endpointId)));
  webhooks
    .command('update <endpointId>')
    .description('Change an endpoint; what is not given stays')
    .option('--url <url>', 'where deliveries are POSTed')
    .option('--events <list>', `comma-separated: ${EVENTS.join(', ')}`)
    .option('--description <text>', 'a note for people ("" removes it)')
    .action(async (endpointId: string, options: { url?: string; events?: string; description?: string }) => {
      if (options.url === undefined && options.events === undefined && options.description === undefined) {
        throw new UsageError('Say what to change: --url, --events or --description.');
      }
      const endpoint = await ctx.client.webhooks.endpoints.update(endpointId, {
        ...(options.url === undefined ? {} : { url: options.url }),
        ...(options.events === undefined ? {} : { events: eventList(options.events) }),
        ...(options.description === undefined ? {} : { description: options.description === '' ? null : options.description }),
      });
      printEndpoint(ctx, endpoint);
    });
  webhooks
    .command('rotate-secret <endpointId>')
    .description('Replace the signing secret; the new one is shown this once and signs every later delivery')
    .action(async (endpointId: string) => {
      const endpoint = await ctx.client.webhooks.endpoints.rotateSecret(endpointId);
      printRecord(ctx.io, ctx.json, endpoint, [
        ['id', endpoint.id],
        ['secret', endpoint.secret],
      ]);
    });
  webhooks.command('delete <endpointId>').action(async (endpointId: string) => {
    await ctx.client.webhooks.endpoints.delete(endpointId);
    if (!ctx.json) ctx.io.out(`deleted ${endpointId}`);
  });
  listOptions(webhooks.command('deliveries <endpointId>').description('Delivery attempts to an endpoint, newest first')).action(
    async (endpointId: string, options: { limit?: number; format: string }) => {
      const rows = await ctx.client.webhooks.deliveries.list(endpointId, { pageSize: 100 }, { maxItems: options.limit ?? 20 }).toArray();
      printRows(ctx.io, ctx.format(options.format), rows, [
        { header: 'id', value: (d) => d.id },
        { header: 'event', value: (d) => d.eventId },
        { header: 'type', value: (d) => d.eventType },
        { header: 'attempt', value: (d) => d.attempt },
        { header: 'outcome', value: (d) => d.outcome },
        { header: 'status', value: (d) => d.responseStatus },
        { header: 'at', value: (d) => d.attemptedAt },
        { header: 'next attempt', value: (d) => d.nextAttemptAt ?? '' },
      ]);
    },
  );
  webhooks
    .command('redeliver <endpointId> <deliveryId>')
    .description("Send a listed attempt's event to the endpoint again, now (the id from `webhooks deliveries`)")
    .action(async (endpointId: string, deliveryId: string) => {
      const queued = await ctx.client.webhooks.deliveries.redeliver(endpointId, deliveryId);
      printRecord(ctx.io, ctx.json, queued, [
        ['event', queued.eventId],
        ['attempt', queued.attempt],
        ['due', queued.nextAttemptAt],
      ]);
    });
  webhooks
    .command('test <endpointId>')
    .description('Send the endpoint a webhook.test event now, whatever it subscribes to; tried once, then listed in `webhooks deliveries`')
    .action(async (endpointId: string) => {
      const queued = await ctx.client.webhooks.endpoints.sendTest(endpointId);
      printRecord(ctx.io, ctx.json, queued, [
        ['event', queued.eventId],
        ['type', queued.eventType],
        ['due', queued.nextAttemptAt],
      ]);
    });
}

function eventList(list: string): EventType[] {
  const events = list
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const unknown = events.filter((e) => !(EVENTS as string[]).includes(e));
  if (unknown.length) throw new UsageError(`unknown event ${unknown.map((e) => `"${e}"`).join(', ')}: the events are ${EVENTS.join(', ')}`);
  return events as EventType[];
}

function printEndpoint(ctx: CommandContext, endpoint: { id: string; url: string; events: string[]; description: string | null }): void {
  printRecord(ctx.io, ctx.json, endpoint, [
    ['id', endpoint.id],
    ['url', endpoint.url],
    ['events', endpoint.events.join(' ')],
    ['description', endpoint.description],
  ]);
}
