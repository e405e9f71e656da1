import { ValidationError } from '../control/errors.js';
import { ActorRef, actorOfEvent } from './actors.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { InstanceStateEnum } from './enums.js';
import { localId } from './global-ids.js';
import { present } from './present.js';
import { EventRef, InstanceRef, OperationRef } from './refs.js';

builder.loadableNode(EventRef, {
  description: 'One fact, appended once: a transition, an operation step, a release, a write. Its cursor orders them.',
  id: { resolve: (e) => e.id },
  load: async (ids: string[], ctx: GraphQLContext) => present(await ctx.loaders.event.loadMany(ids)),
  sort: (e) => e.id,
  fields: (t) => ({
    cursor: t.string({ description: 'Pass as `after` to resume right after this event.', resolve: (e) => e.cursor }),
    type: t.exposeString('type', {
      description: 'E.g. instance.state_changed, service.state_changed, operation.succeeded.',
    }),
    instance: t.field({
      type: InstanceRef,
      nullable: true,
      description: 'The instance it is about.',
      resolve: (e, _a, ctx) => (e.instanceId ? ctx.loaders.instance.load(e.instanceId) : null),
    }),
    operation: t.field({
      type: OperationRef,
      nullable: true,
      description: 'The operation it belongs to.',
      resolve: (e, _a, ctx) => (e.operationId ? ctx.loaders.operation.load(e.operationId) : null),
    }),
    occurredAt: t.expose('occurredAt', { type: 'DateTime', description: 'When.' }),
    fromState: t.field({
      type: InstanceStateEnum,
      nullable: true,
      description: 'State before a transition.',
      resolve: (e) => e.fromState,
    }),
    toState: t.field({
      type: InstanceStateEnum,
      nullable: true,
      description: 'State after a transition.',
      resolve: (e) => e.toState,
    }),
    ready: t.exposeBoolean('ready', { nullable: true, description: 'Readiness after a transition.' }),
    message: t.exposeString('message', { nullable: true, description: 'Human-readable summary.' }),
    actor: t.field({
      type: ActorRef,
      description:
        'Who caused it: the token recorded with it or the token that queued its operation, else Wheelhouse itself (SYSTEM).',
      resolve: (e, _a, ctx) => actorOfEvent(e, ctx),
    }),
    data: t.field({
      type: 'JSON',
      nullable: true,
      description: 'Structured detail (never a secret value).',
      resolve: (e) => e.data ?? null,
    }),
  }),
});

const MAX_EVENT_TYPES = 50;

export const EventFilter = builder.inputType('EventFilter', {
  description: 'Narrows an event feed.',
  fields: (t) => ({
    types: t.stringList({ description: 'Only these types.' }),
    instanceId: t.id({ description: 'Only this instance (global id).' }),
  }),
});

/** The event filter with its instance id decoded; a foreign or bad id matches nothing. */
export function eventFilterOf(
  filter: { types?: string[] | null; instanceId?: string | number | null } | null | undefined,
) {
  if (!filter) return {};
  if ((filter.types?.length ?? 0) > MAX_EVENT_TYPES) {
    throw ValidationError.of(['filter', 'types'], `at most ${MAX_EVENT_TYPES} types`);
  }
  let instanceId: string | undefined;
  if (filter.instanceId != null) {
    try {
      instanceId = localId(String(filter.instanceId), 'Instance');
    } catch {
      instanceId = '00000000-0000-0000-0000-000000000000';
    }
  }
  return { types: filter.types ?? null, instanceId: instanceId ?? null };
}

builder.queryFields((t) => ({
  events: t.connection({
    type: EventRef,
    description: "The tenant's event feed, newest first.",
    authScopes: { read: true },
    args: { filter: t.arg({ type: EventFilter, description: 'Filters.' }) },
    resolve: (_r, args, ctx) =>
      ctx.services.queries.events(ctx.principal.tenantId, eventFilterOf(args.filter), args.first, args.after),
  }),
}));
