import { createGraphQLError } from 'graphql-yoga';
import { encodeTimeCursor, pageOf } from '../control/cursor.js';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ProviderUnavailableError,
  RateLimitedError,
  ValidationError,
} from '../control/errors.js';
import type { KeptVolume } from '../control/kept-volumes.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { forwardTimePage } from './forward-page.js';
import { localId } from './global-ids.js';
import { rateLimited } from './rate-limit.js';

/*
 * Kept volumes (issue 39): what a deprovision kept, listed, attachable by id
 * (`VolumeSpecInput.kept`) and deletable, though their instance is gone.
 */

export const KeptVolumeRef = builder.loadableNode(builder.objectRef<KeptVolume>('KeptVolume'), {
  description:
    'A volume a deprovision kept (deleteVolumes not set), with its data: attach it to a new instance by id (`VolumeSpecInput.kept`), or delete it (`deleteKeptVolume`).',
  id: { resolve: (v) => v.id },
  load: async (ids: string[], ctx: GraphQLContext) => ctx.services.keptVolumes.byIds(ctx.principal.tenantId, ids),
  sort: (v) => v.id,
  fields: (t) => ({
    provider: t.exposeString('provider', { description: 'The provider it lives on (its key).' }),
    name: t.exposeString('name', {
      description: 'Its name on the provider (a Docker named volume, a Kubernetes PersistentVolumeClaim).',
    }),
    volume: t.exposeString('volume', { description: 'The volume name (`VolumeSpec.name`) it was created for.' }),
    service: t.exposeString('service', { nullable: true, description: 'The service that mounted it, when known.' }),
    instanceName: t.exposeString('instanceName', { description: 'The name of the instance it was kept from.' }),
    sizeMb: t.exposeInt('sizeMb', { nullable: true, description: 'The size its volume spec asked for, if any.' }),
    keptAt: t.expose('keptAt', { type: 'DateTime', description: 'When the deprovision kept it.' }),
  }),
});

builder.queryFields((t) => ({
  keptVolumes: t.connection(
    {
      type: KeptVolumeRef,
      description:
        "The tenant's kept volumes not attached to an instance, newest first, forward only: `first` (at most 100, default 20) after a cursor.",
      authScopes: { read: true },
      // A query has no result union: answer a missing scope with a readable GraphQL error, not a masked one.
      unauthorizedError: () =>
        createGraphQLError('this needs the READ scope', { extensions: { code: 'FORBIDDEN', requiredScope: 'READ' } }),
      resolve: async (_root, args, ctx) => {
        const { limit, after } = forwardTimePage(args);
        const rows = await ctx.services.keptVolumes.list(ctx.principal, {
          limit: limit + 1,
          ...(after ? { after } : {}),
        });
        return pageOf(rows, limit, (v) => encodeTimeCursor({ createdAt: v.keptAt, id: v.id }), !!after);
      },
    },
    {
      name: 'KeptVolumesConnection',
      description: "A page of the tenant's kept volumes.",
      edgesField: { description: 'The kept volumes on this page, newest first.' },
    },
    {
      name: 'KeptVolumesEdge',
      description: 'A kept volume and its cursor.',
      nodeField: { description: 'The kept volume.' },
    },
  ),
}));

const DeleteKeptVolumeInput = builder.inputType('DeleteKeptVolumeInput', {
  description: 'A kept volume to delete, data and all.',
  fields: (t) => ({ id: t.id({ required: true, description: "The kept volume's global id." }) }),
});
const DeleteKeptVolumePayload = builder.objectRef<{ id: string }>('DeleteKeptVolumePayload').implement({
  description: 'The volume is gone from its provider, and from the kept volumes.',
  fields: (t) => ({ id: t.id({ description: 'The global id it had.', resolve: (p) => p.id }) }),
});

builder.mutationFields((t) => ({
  deleteKeptVolume: t.field({
    type: DeleteKeptVolumePayload,
    description:
      'Deletes a kept volume on its provider (its data is lost for good), then forgets it. One attached to an instance again is a ConflictError.',
    authScopes: { deploy: true },
    errors: {
      types: [NotFoundError, ConflictError, ProviderUnavailableError, ForbiddenError, RateLimitedError],
      union: { name: 'DeleteKeptVolumeResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: DeleteKeptVolumeInput, required: true, description: 'The kept volume.' }) },
    resolve: rateLimited(async (_root, { input }, ctx) => {
      await ctx.services.keptVolumes.delete(ctx.principal, localId(String(input.id), 'KeptVolume', 'kept volume'));
      return { id: String(input.id) };
    }),
  }),
}));

/**
 * The local id of a kept volume a volume spec names, or a ValidationError at
 * its field: a malformed id reads like another tenant's (no such volume here).
 */
export function keptVolumeId(globalId: string, path: (string | number)[]): string {
  try {
    return localId(globalId, 'KeptVolume');
  } catch {
    throw ValidationError.of(path.map(String), 'no kept volume of this tenant has this id');
  }
}
