import type { ServiceSnapshot } from '../providers/provider.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { localId } from './global-ids.js';
import { DeployStrategyEnum } from './instances.js';
import { present } from './present.js';
import { InstanceRef, OperationRef, ReleaseRef } from './refs.js';
import { EnvVarRef, envOf, PortSpecRef, ResourceSpecRef } from './specs.js';

const ServiceSnapshotRef = builder.objectRef<ServiceSnapshot>('ServiceSnapshot').implement({
  description: 'One service as a release recorded it.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Service name.' }),
    image: t.exposeString('image', { description: 'Image.' }),
    env: t.field({
      type: [EnvVarRef],
      description: 'Plain environment (never secret values).',
      resolve: (s) => envOf(s.env),
    }),
    command: t.stringList({ nullable: true, description: 'Entrypoint override.', resolve: (s) => s.command ?? null }),
    args: t.stringList({ nullable: true, description: 'Arguments override.', resolve: (s) => s.args ?? null }),
    ports: t.field({ type: [PortSpecRef], description: 'Ports.', resolve: (s) => s.ports }),
    resources: t.field({
      type: ResourceSpecRef,
      nullable: true,
      description: 'Resources.',
      resolve: (s) => s.resources ?? null,
    }),
  }),
});

builder.loadableNode(ReleaseRef, {
  description: 'An immutable, self-contained snapshot of every service of an instance.',
  id: { resolve: (r) => r.id },
  load: async (ids: string[], ctx: GraphQLContext) => present(await ctx.loaders.release.loadMany(ids)),
  sort: (r) => r.id,
  fields: (t) => ({
    version: t.exposeInt('version', { description: '1 for the provision, then one more per deploy or rollback.' }),
    instance: t.field({
      type: InstanceRef,
      description: 'The instance.',
      resolve: async (r, _a, ctx) => (await ctx.loaders.instance.load(r.instanceId))!,
    }),
    snapshots: t.field({
      type: [ServiceSnapshotRef],
      description: 'Every service of the instance.',
      resolve: (r) => r.snapshots,
    }),
    strategy: t.field({
      type: DeployStrategyEnum,
      nullable: true,
      description: 'How it was rolled out.',
      resolve: (r) => (r.strategy as 'rolling' | null) ?? null,
    }),
    isCurrent: t.boolean({
      description: 'Whether it is the release running now.',
      resolve: async (r, _a, ctx) => (await ctx.loaders.instance.load(r.instanceId))?.currentReleaseId === r.id,
    }),
    rolledBackFrom: t.field({
      type: ReleaseRef,
      nullable: true,
      description: 'For a rollback: the release it copied.',
      resolve: (r, _a, ctx) => (r.rolledBackFromId ? ctx.loaders.release.load(r.rolledBackFromId) : null),
    }),
    operation: t.field({
      type: OperationRef,
      nullable: true,
      description: 'The operation that rolled it out.',
      resolve: (r, _a, ctx) => (r.operationId ? ctx.loaders.operation.load(r.operationId) : null),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'Created.' }),
  }),
});

builder.queryFields((t) => ({
  releases: t.connection({
    type: ReleaseRef,
    description: "An instance's releases, newest first.",
    authScopes: { read: true },
    args: { instanceId: t.arg.id({ required: true, description: 'The instance (global id).' }) },
    resolve: async (_r, args, ctx) => {
      let id: string;
      try {
        id = localId(String(args.instanceId), 'Instance');
      } catch {
        return {
          edges: [],
          pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
        };
      }
      return ctx.services.queries.releases(ctx.principal.tenantId, id, args.first, args.after);
    },
  }),
}));
