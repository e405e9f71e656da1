import type { Command } from 'commander';
import {
  CreateWebhookDocument,
  DeleteWebhookDocument,
  RedeliverWebhookDeliveryDocument,
  TestWebhookDocument,
  WebhookDeliveriesDocument,
  type WebhookDeliveryStatus,
  WebhooksDocument,
} from '../../client/generated/graphql.js';
import { unwrap } from '../../client/unwrap.js';
import { usageError } from '../exit-codes.js';
import { type GlobalOptions, withSession } from '../session.js';

const STATUSES = ['pending', 'succeeded', 'failed'];

/** `wheelhouse webhooks ls|add|rm|deliveries|redeliver|test` (ADMIN). */
export function registerWebhookCommands(program: Command): void {
  const webhooks = program.command('webhooks').description("the tenant's outbound webhooks (needs ADMIN)");
  webhooks
    .command('ls')
    .description('list webhooks')
    .action(async (_o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      await withSession(opts, async ({ client, out }) => {
        const rows = (await client.request(WebhooksDocument, { first: 100 })).webhooks.edges.map((e) => e.node);
        out.table(
          ['ID', 'URL', 'EVENTS', 'ENABLED', 'CREATED'],
          rows.map((w) => [
            w.id,
            w.url,
            w.eventTypes.length ? w.eventTypes.join(',') : '*',
            w.enabled ? 'yes' : `no: ${w.disabledReason ?? ''}`,
            w.createdAt,
          ]),
          rows,
        );
      });
    });
  webhooks
    .command('add')
    .description('create a webhook; its signing secret is printed once')
    .argument('<url>', 'where events are POSTed (http or https)')
    .option('--event <type...>', 'event types to receive: exact, or a prefix such as operation.* (default: all)')
    .option('--description <text>', 'a note for people')
    .action(async (url: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions & { event?: string[]; description?: string }>();
      await withSession(opts, async ({ client, out }) => {
        const data = await client.request(CreateWebhookDocument, {
          input: { url, eventTypes: opts.event ?? [], description: opts.description },
        });
        const r = unwrap(data.createWebhook);
        out.result(
          { signingSecret: r.signingSecret, webhook: r.webhook },
          `${r.signingSecret}\n(webhook ${r.webhook.id}; the signing secret is not shown again)`,
        );
      });
    });
  webhooks
    .command('rm')
    .description('delete a webhook and its delivery log')
    .argument('<id>', 'the webhook id (from webhooks ls)')
    .action(async (id: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      await withSession(opts, async ({ client, out }) => {
        const r = unwrap((await client.request(DeleteWebhookDocument, { input: { webhookId: id } })).deleteWebhook);
        out.result(r, `deleted ${r.webhookId}`);
      });
    });
  webhooks
    .command('deliveries')
    .description("a webhook's delivery log, newest first")
    .argument('<id>', 'the webhook id')
    .option('--status <status>', 'pending, succeeded or failed')
    .option('--first <n>', 'how many (at most 100)', '20')
    .action(async (id: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions & { status?: string; first: string }>();
      if (opts.status && !STATUSES.includes(opts.status)) throw usageError(`--status: one of ${STATUSES.join(', ')}`);
      await withSession(opts, async ({ client, out }) => {
        const { webhook } = await client.request(WebhookDeliveriesDocument, {
          id,
          first: Number(opts.first),
          ...(opts.status ? { status: opts.status.toUpperCase() as WebhookDeliveryStatus } : {}),
        });
        if (!webhook) throw usageError(`no webhook ${id}`);
        const rows = webhook.deliveries.edges.map((e) => e.node);
        out.table(
          ['ID', 'EVENT', 'STATUS', 'ATTEMPTS', 'HTTP', 'LAST ERROR', 'NEXT ATTEMPT', 'CREATED'],
          rows.map((d) => [
            d.id,
            d.eventType,
            d.status.toLowerCase(),
            d.attempts,
            d.responseStatus,
            d.lastError,
            d.nextAttemptAt,
            d.createdAt,
          ]),
          rows,
        );
      });
    });
  webhooks
    .command('redeliver')
    .description('send a delivery again (same webhook-id and body)')
    .argument('<delivery-id>', 'the delivery id (from webhooks deliveries)')
    .action(async (deliveryId: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      await withSession(opts, async ({ client, out }) => {
        const r = unwrap(
          (await client.request(RedeliverWebhookDeliveryDocument, { input: { deliveryId } })).redeliverWebhookDelivery,
        );
        out.result(r.delivery, `queued ${r.delivery.id} again (message ${r.delivery.messageId})`);
      });
    });
  webhooks
    .command('test')
    .description('queue a test delivery (type webhook.test)')
    .argument('<id>', 'the webhook id')
    .action(async (id: string, _o, cmd: Command) => {
      const opts = cmd.optsWithGlobals<GlobalOptions>();
      await withSession(opts, async ({ client, out }) => {
        const r = unwrap((await client.request(TestWebhookDocument, { input: { webhookId: id } })).testWebhook);
        out.result(r.delivery, `queued test delivery ${r.delivery.id} (message ${r.delivery.messageId})`);
      });
    });
}
