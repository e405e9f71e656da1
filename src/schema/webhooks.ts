import { encodeGlobalID } from '@pothos/plugin-relay';
import { createGraphQLError } from 'graphql-yoga';
import { encodeTimeCursor, pageOf } from '../control/cursor.js';
import { ForbiddenError, NotFoundError, RateLimitedError, ValidationError } from '../control/errors.js';
import { Scopes } from '../control/scopes.js';
import type { Webhook, WebhookDelivery } from '../control/webhooks.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { badArgument, forwardTimePage, limitOf } from './forward-page.js';
import { localId } from './global-ids.js';
import { rateLimited } from './rate-limit.js';
import { EventRef } from './refs.js';

const needsAdmin = () =>
  createGraphQLError('this needs the ADMIN scope', { extensions: { code: 'FORBIDDEN', requiredScope: 'ADMIN' } });
const needsAdminError = () => new ForbiddenError('webhooks need the ADMIN scope', Scopes.admin);

/** Loads only for an ADMIN token: a READ token's `node(id)` sees no webhook. */
function isAdmin(ctx: GraphQLContext): boolean {
  return ctx.principal.scopes.has(Scopes.admin);
}

export const WebhookDeliveryStatusEnum = builder.enumType('WebhookDeliveryStatus', {
  description: 'Where a delivery stands.',
  values: {
    PENDING: { value: 'pending', description: 'Not delivered yet: its next attempt is due at `nextAttemptAt`.' },
    SUCCEEDED: { value: 'succeeded', description: 'The receiver answered 2xx.' },
    FAILED: {
      value: 'failed',
      description: 'The last scheduled attempt failed, or the receiver answered 410. It can be redelivered.',
    },
  } as const,
});

export const WebhookDeliveryRef = builder.loadableNode(builder.objectRef<WebhookDelivery>('WebhookDelivery'), {
  description:
    "One event's (or a test's) delivery to one webhook: the same message (webhook-id and body) on every attempt and redelivery.",
  id: { resolve: (d) => d.id },
  load: async (ids: string[], ctx: GraphQLContext) =>
    isAdmin(ctx) ? ctx.services.webhooks.deliveriesByIds(ctx.principal.tenantId, ids) : [],
  sort: (d) => d.id,
  fields: (t) => ({
    messageId: t.exposeString('messageId', {
      description: 'The `webhook-id` header: the same on every attempt, so receivers de-duplicate on it.',
    }),
    eventType: t.exposeString('eventType', {
      description: 'The type of the event delivered (webhook.test for a test).',
    }),
    event: t.field({
      type: EventRef,
      nullable: true,
      description: 'The event delivered; null for a test delivery, or once the event is gone.',
      resolve: (d, _a, ctx) => (d.eventId ? ctx.loaders.event.load(d.eventId) : null),
    }),
    status: t.field({ type: WebhookDeliveryStatusEnum, description: 'Where it stands.', resolve: (d) => d.status }),
    attempts: t.exposeInt('attempts', { description: 'Attempts made so far, redeliveries included.' }),
    responseStatus: t.exposeInt('responseStatus', {
      nullable: true,
      description: "The last attempt's HTTP status, if the receiver answered.",
    }),
    lastError: t.exposeString('lastError', {
      nullable: true,
      description: 'Why the last attempt failed (an HTTP status, a timeout, a refused connection or address).',
    }),
    nextAttemptAt: t.expose('nextAttemptAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When the next attempt is due, while PENDING.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When the delivery was made from its event.' }),
    deliveredAt: t.expose('deliveredAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When a receiver answered 2xx.',
    }),
  }),
});

function decodeSeqCursor(cursor: string | null | undefined): string | undefined {
  if (!cursor) return undefined;
  if (!/^\d{1,18}$/.test(cursor)) throw badArgument('after', 'not a cursor this field returned');
  return cursor;
}

export const WebhookRef = builder.loadableNode(builder.objectRef<Webhook>('Webhook'), {
  description:
    "An HTTP endpoint that receives the tenant's events, signed as the Standard Webhooks specification says. Its signing secret is shown once.",
  id: { resolve: (w) => w.id },
  load: async (ids: string[], ctx: GraphQLContext) =>
    isAdmin(ctx) ? ctx.services.webhooks.byIds(ctx.principal.tenantId, ids) : [],
  sort: (w) => w.id,
  fields: (t) => ({
    url: t.exposeString('url', { description: 'Where events are POSTed (http or https).' }),
    description: t.exposeString('description', { nullable: true, description: 'A note for people.' }),
    eventTypes: t.exposeStringList('eventTypes', {
      description: 'The types it receives: exact, or a prefix such as `operation.*`; empty for every event.',
    }),
    enabled: t.exposeBoolean('enabled', { description: 'Whether events are delivered to it.' }),
    disabledReason: t.exposeString('disabledReason', {
      nullable: true,
      description: 'Why it was disabled: by request, a 410 answer, or failing for too long.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    deliveries: t.connection(
      {
        type: WebhookDeliveryRef,
        description: 'Its delivery log, newest first, forward only: `first` (at most 100, default 20) after a cursor.',
        args: {
          status: t.arg({ type: WebhookDeliveryStatusEnum, description: 'Only deliveries in this status.' }),
        },
        resolve: async (w, args, ctx) => {
          if (args.last != null || args.before != null) {
            throw badArgument(
              args.last != null ? 'last' : 'before',
              'this connection pages forward only (first/after)',
            );
          }
          const limit = limitOf(args.first);
          const beforeSeq = decodeSeqCursor(args.after);
          const rows = await ctx.services.webhooks.deliveries(ctx.principal.tenantId, w.id, {
            limit: limit + 1,
            beforeSeq,
            status: args.status ?? undefined,
          });
          return pageOf(rows, limit, (d) => d.seq, beforeSeq !== undefined);
        },
      },
      {
        name: 'WebhookDeliveriesConnection',
        description: "A page of a webhook's deliveries, newest first.",
        edgesField: { description: 'The deliveries on this page.' },
      },
      {
        name: 'WebhookDeliveriesConnectionEdge',
        description: 'A delivery and its cursor.',
        nodeField: { description: 'The delivery.' },
      },
    ),
  }),
});

builder.queryFields((t) => ({
  webhooks: t.connection(
    {
      type: WebhookRef,
      description: "The tenant's webhooks, newest first (never their secrets). Needs ADMIN.",
      authScopes: { admin: true },
      unauthorizedError: needsAdmin,
      resolve: async (_root, args, ctx) => {
        const { limit, after } = forwardTimePage(args);
        const rows = await ctx.services.webhooks.list(ctx.principal, { limit: limit + 1, after });
        return pageOf(rows, limit, encodeTimeCursor, !!after);
      },
    },
    {
      description: "A page of the tenant's webhooks.",
      edgesField: { description: 'The webhooks on this page, newest first.' },
    },
    { description: 'A webhook and its cursor.', nodeField: { description: 'The webhook.' } },
  ),
  webhook: t.field({
    type: WebhookRef,
    nullable: true,
    description: "One of the tenant's webhooks by global id; null when there is none (or it is another tenant's).",
    authScopes: { admin: true },
    unauthorizedError: needsAdmin,
    args: { id: t.arg.id({ required: true, description: "The webhook's global id." }) },
    resolve: async (_root, args, ctx) => {
      let id: string;
      try {
        id = localId(String(args.id), 'Webhook');
      } catch {
        return null;
      }
      return ctx.services.webhooks.get(ctx.principal, id);
    },
  }),
}));

const CreateWebhookInput = builder.inputType('CreateWebhookInput', {
  description: 'A new webhook.',
  fields: (t) => ({
    url: t.string({
      required: true,
      description:
        'An http or https URL. A literal private, loopback or metadata address is refused here; a name is checked each time it is connected to.',
    }),
    eventTypes: t.stringList({
      description:
        'Types to receive: exact (operation.succeeded) or a prefix (operation.*); none or empty for every event.',
    }),
    description: t.string({ description: 'A note for people (at most 500 characters).' }),
  }),
});
const UpdateWebhookInput = builder.inputType('UpdateWebhookInput', {
  description: 'Changes to a webhook; what is omitted stays.',
  fields: (t) => ({
    webhookId: t.id({ required: true, description: "The webhook's global id." }),
    url: t.string({ description: 'A new URL (checked as at creation).' }),
    eventTypes: t.stringList({ description: 'New type filters (empty: every event).' }),
    description: t.string({ description: 'A new note.' }),
    enabled: t.boolean({
      description:
        'Turn delivery off, or back on (it then receives the events from now on; its pending deliveries resume).',
    }),
  }),
});
const DeleteWebhookInput = builder.inputType('DeleteWebhookInput', {
  description: 'A webhook to delete, with its delivery log.',
  fields: (t) => ({ webhookId: t.id({ required: true, description: "The webhook's global id." }) }),
});
const RotateWebhookSecretInput = builder.inputType('RotateWebhookSecretInput', {
  description: 'A new signing secret for a webhook.',
  fields: (t) => ({
    webhookId: t.id({ required: true, description: "The webhook's global id." }),
    overlapSeconds: t.int({
      defaultValue: 86_400,
      description:
        'The old secret keeps signing beside the new one this long (two signatures in the header); 0 to 2592000, clamped.',
    }),
  }),
});
const TestWebhookInput = builder.inputType('TestWebhookInput', {
  description: 'A webhook to send a test delivery to.',
  fields: (t) => ({ webhookId: t.id({ required: true, description: "The webhook's global id." }) }),
});
const RedeliverWebhookDeliveryInput = builder.inputType('RedeliverWebhookDeliveryInput', {
  description: 'A delivery to send again.',
  fields: (t) => ({ deliveryId: t.id({ required: true, description: "The delivery's global id." }) }),
});

const CreateWebhookPayload = builder
  .objectRef<{ webhook: Webhook; signingSecret: string }>('CreateWebhookPayload')
  .implement({
    description: 'The new webhook and its signing secret, shown only here.',
    fields: (t) => ({
      webhook: t.field({ type: WebhookRef, description: 'The webhook.', resolve: (p) => p.webhook }),
      signingSecret: t.exposeString('signingSecret', {
        description: 'whsec_ and base64 of 32 random bytes: what receivers verify signatures with. Shown only now.',
      }),
    }),
  });
const UpdateWebhookPayload = builder.objectRef<{ webhook: Webhook }>('UpdateWebhookPayload').implement({
  description: 'The webhook as changed.',
  fields: (t) => ({ webhook: t.field({ type: WebhookRef, description: 'The webhook.', resolve: (p) => p.webhook }) }),
});
const DeleteWebhookPayload = builder.objectRef<{ webhookId: string }>('DeleteWebhookPayload').implement({
  description: 'The webhook is gone, with its deliveries.',
  fields: (t) => ({ webhookId: t.id({ description: 'The global id it had.', resolve: (p) => p.webhookId }) }),
});
const RotateWebhookSecretPayload = builder
  .objectRef<{ webhook: Webhook; signingSecret: string }>('RotateWebhookSecretPayload')
  .implement({
    description: 'The new signing secret, shown only here; the old one keeps signing for the overlap.',
    fields: (t) => ({
      webhook: t.field({ type: WebhookRef, description: 'The webhook.', resolve: (p) => p.webhook }),
      signingSecret: t.exposeString('signingSecret', { description: 'The new secret (whsec_…). Shown only now.' }),
    }),
  });
const TestWebhookPayload = builder.objectRef<{ delivery: WebhookDelivery }>('TestWebhookPayload').implement({
  description: 'The test delivery, queued.',
  fields: (t) => ({
    delivery: t.field({ type: WebhookDeliveryRef, description: 'The delivery.', resolve: (p) => p.delivery }),
  }),
});
const RedeliverWebhookDeliveryPayload = builder
  .objectRef<{ delivery: WebhookDelivery }>('RedeliverWebhookDeliveryPayload')
  .implement({
    description: 'The delivery, queued again with the same message id.',
    fields: (t) => ({
      delivery: t.field({ type: WebhookDeliveryRef, description: 'The delivery.', resolve: (p) => p.delivery }),
    }),
  });

function union(name: string) {
  return { name, description: 'The payload, or why it could not be done.' };
}

builder.mutationFields((t) => ({
  createWebhook: t.field({
    type: CreateWebhookPayload,
    description: 'Creates a webhook of your tenant; it receives the events from now on. Needs ADMIN.',
    authScopes: { admin: true },
    unauthorizedError: needsAdminError,
    errors: { types: [ValidationError, ForbiddenError, RateLimitedError], union: union('CreateWebhookResult') },
    args: { input: t.arg({ type: CreateWebhookInput, required: true, description: 'The webhook.' }) },
    resolve: rateLimited(async (_root, { input }, ctx) =>
      ctx.services.webhooks.create(ctx.principal, {
        url: input.url,
        eventTypes: input.eventTypes,
        description: input.description,
      }),
    ),
  }),
  updateWebhook: t.field({
    type: UpdateWebhookPayload,
    description: 'Changes a webhook of your tenant. Needs ADMIN.',
    authScopes: { admin: true },
    unauthorizedError: needsAdminError,
    errors: {
      types: [ValidationError, NotFoundError, ForbiddenError, RateLimitedError],
      union: union('UpdateWebhookResult'),
    },
    args: { input: t.arg({ type: UpdateWebhookInput, required: true, description: 'The changes.' }) },
    resolve: rateLimited(async (_root, { input }, ctx) => ({
      webhook: await ctx.services.webhooks.update(ctx.principal, localId(String(input.webhookId), 'Webhook'), {
        url: input.url,
        eventTypes: input.eventTypes,
        description: input.description,
        enabled: input.enabled,
      }),
    })),
  }),
  deleteWebhook: t.field({
    type: DeleteWebhookPayload,
    description: 'Deletes a webhook of your tenant and its delivery log. Needs ADMIN.',
    authScopes: { admin: true },
    unauthorizedError: needsAdminError,
    errors: { types: [NotFoundError, ForbiddenError, RateLimitedError], union: union('DeleteWebhookResult') },
    args: { input: t.arg({ type: DeleteWebhookInput, required: true, description: 'The webhook.' }) },
    resolve: rateLimited(async (_root, { input }, ctx) => {
      await ctx.services.webhooks.delete(ctx.principal, localId(String(input.webhookId), 'Webhook'));
      return { webhookId: String(input.webhookId) };
    }),
  }),
  rotateWebhookSecret: t.field({
    type: RotateWebhookSecretPayload,
    description: 'Issues a new signing secret; the old one keeps signing beside it for the overlap. Needs ADMIN.',
    authScopes: { admin: true },
    unauthorizedError: needsAdminError,
    errors: {
      types: [NotFoundError, ForbiddenError, RateLimitedError],
      union: union('RotateWebhookSecretResult'),
    },
    args: { input: t.arg({ type: RotateWebhookSecretInput, required: true, description: 'The webhook.' }) },
    resolve: rateLimited(async (_root, { input }, ctx) =>
      ctx.services.webhooks.rotate(
        ctx.principal,
        localId(String(input.webhookId), 'Webhook'),
        input.overlapSeconds ?? 86_400,
      ),
    ),
  }),
  testWebhook: t.field({
    type: TestWebhookPayload,
    description: 'Queues a test delivery (type webhook.test) to a webhook of your tenant. Needs ADMIN.',
    authScopes: { admin: true },
    unauthorizedError: needsAdminError,
    errors: { types: [NotFoundError, ForbiddenError, RateLimitedError], union: union('TestWebhookResult') },
    args: { input: t.arg({ type: TestWebhookInput, required: true, description: 'The webhook.' }) },
    resolve: rateLimited(async (_root, { input }, ctx) => {
      const id = localId(String(input.webhookId), 'Webhook');
      return { delivery: await ctx.services.webhooks.test(ctx.principal, id, encodeGlobalID('Webhook', id)) };
    }),
  }),
  redeliverWebhookDelivery: t.field({
    type: RedeliverWebhookDeliveryPayload,
    description: 'Sends a delivery again, with the same webhook-id and body and a fresh retry schedule. Needs ADMIN.',
    authScopes: { admin: true },
    unauthorizedError: needsAdminError,
    errors: {
      types: [NotFoundError, ForbiddenError, RateLimitedError],
      union: union('RedeliverWebhookDeliveryResult'),
    },
    args: { input: t.arg({ type: RedeliverWebhookDeliveryInput, required: true, description: 'The delivery.' }) },
    resolve: rateLimited(async (_root, { input }, ctx) => ({
      delivery: await ctx.services.webhooks.redeliver(
        ctx.principal,
        localId(String(input.deliveryId), 'WebhookDelivery', 'webhook delivery'),
      ),
    })),
  }),
}));
