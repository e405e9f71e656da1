import { encodeGlobalID } from '@pothos/plugin-relay';
import { type GraphQLFieldResolver, type GraphQLSchema, isObjectType } from 'graphql';

/** The Node types, each identified by its object's `id` (see the `id: { resolve }` of each loadableNode). */
export const NODE_TYPES = [
  'ApiToken',
  'AuditEntry',
  'Build',
  'Event',
  'Instance',
  'KeptVolume',
  'Job',
  'Schedule',
  'VolumeBackup',
  'Operation',
  'Release',
  'Route',
  'Tenant',
  'TrustPolicy',
  'User',
  'Webhook',
  'WebhookDelivery',
] as const;

/**
 * Makes every Node type's `id` resolve synchronously. The relay plugin
 * resolves a node's id through an async function, so each `id` of a page
 * (twenty instances, a thousand subscribers' event) was a promise: the whole
 * selection then ran on graphql-jit's asynchronous path, and a shared event
 * could not be written to its subscribers' sockets in the hub's own loop. The
 * id is the same string, `base64("Type:id")`, encoded by the plugin's own
 * encoder. A Node type this does not know fails the build, so a new one is
 * looked at rather than given an id it may not have.
 */
export function resolveNodeIdsSynchronously(schema: GraphQLSchema): GraphQLSchema {
  const known = new Set<string>(NODE_TYPES);
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || !type.getInterfaces().some((i) => i.name === 'Node')) continue;
    if (!known.has(type.name)) {
      throw new Error(`Node type ${type.name} is not in NODE_TYPES (src/schema/node-ids.ts): say how its id is read`);
    }
    const name = type.name;
    const resolve: GraphQLFieldResolver<{ id: string | number }, unknown> = (parent) =>
      encodeGlobalID(name, String(parent.id));
    type.getFields().id!.resolve = resolve as GraphQLFieldResolver<unknown, unknown>;
  }
  return schema;
}
