import { createGraphQLError } from 'graphql-yoga';
import { pageOf, pageSize } from '../control/cursor.js';
import { DomainError, ForbiddenError, NotFoundError, RateLimitedError, ValidationError } from '../control/errors.js';
import { Scopes } from '../control/scopes.js';
import type { SecretInfo } from '../control/secrets.js';
import { builder } from './builder.js';
import { rateLimited } from './rate-limit.js';

/** A query argument problem: queries have no result union, so it is a GraphQL error the client can read. */
function badArgument(arg: string, message: string): Error {
  return createGraphQLError(`${arg}: ${message}`, { extensions: { code: 'BAD_USER_INPUT', field: arg } });
}

/** Secret listing cursors: the last key seen, base64url (keys are unique per tenant, so the order is total). */
function encodeKeyCursor(key: string): string {
  return Buffer.from(`k:${key}`, 'utf8').toString('base64url');
}

function decodeKeyCursor(cursor: string): string {
  const raw = Buffer.from(cursor, 'base64url').toString('utf8');
  const key = raw.slice(2);
  // Keys are what a put accepts (or the control plane's own): anything else was never a cursor of ours.
  if (!raw.startsWith('k:') || !/^[A-Za-z0-9_.\-/]{1,512}$/.test(key)) {
    throw badArgument('after', 'not a cursor this field returned');
  }
  return key;
}

export const SecretRef = builder.objectRef<SecretInfo>('Secret').implement({
  description:
    "A value in the tenant's vault, encrypted at rest. Only its key and version are ever shown: the value is write-only and reaches a workload only when it is applied.",
  fields: (t) => ({
    key: t.exposeString('key', { description: 'The name services refer to it by (`SecretRef.key`).' }),
    version: t.exposeInt('version', { description: 'Starts at 1; every put bumps it.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was first put.' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime', description: 'When its value was last replaced.' }),
  }),
});

builder.queryFields((t) => ({
  secrets: t.connection(
    {
      type: SecretRef,
      description:
        "The tenant's secrets by key (keys and versions, never values), forward only: `first` (at most 100, default 20) after a cursor.",
      authScopes: { read: true },
      // A query has no result union: answer a missing scope with a readable GraphQL error, not a masked one.
      unauthorizedError: () =>
        createGraphQLError('this needs the READ scope', { extensions: { code: 'FORBIDDEN', requiredScope: 'READ' } }),
      resolve: async (_root, args, ctx) => {
        if (args.last != null || args.before != null) {
          throw badArgument(args.last != null ? 'last' : 'before', 'this connection pages forward only (first/after)');
        }
        let limit: number;
        try {
          limit = pageSize(args.first);
        } catch (e) {
          if (e instanceof DomainError) throw badArgument('first', 'must be between 0 and 100');
          throw e;
        }
        const afterKey = args.after ? decodeKeyCursor(args.after) : undefined;
        const rows = await ctx.services.secrets.list(ctx.principal.tenantId, { limit: limit + 1, afterKey });
        return pageOf(rows, limit, (node) => encodeKeyCursor(node.key), afterKey !== undefined);
      },
    },
    {
      description: "A page of the tenant's secrets, ordered by key.",
      edgesField: { description: 'The secrets on this page, in key order.' },
    },
    {
      description: 'A secret and its cursor.',
      nodeField: { description: 'The secret (key and version; never the value).' },
    },
  ),
}));

const PutSecretInput = builder.inputType('PutSecretInput', {
  description: 'A secret to create, or to replace (bumping its version).',
  fields: (t) => ({
    key: t.string({
      required: true,
      description:
        '1 to 128 characters of letters, digits, "_", ".", "-" and "/"; keys starting with "_config/" are reserved.',
    }),
    value: t.string({
      required: true,
      description: 'The value, at most 64 KiB of UTF-8. Write-only: never shown again.',
    }),
  }),
});
const PutSecretPayload = builder.objectRef<{ secret: SecretInfo }>('PutSecretPayload').implement({
  description: 'The stored secret (its key and new version; never the value).',
  fields: (t) => ({
    secret: t.field({ type: SecretRef, description: 'The secret as stored.', resolve: (p) => p.secret }),
  }),
});

const DeleteSecretInput = builder.inputType('DeleteSecretInput', {
  description: 'A secret to delete.',
  fields: (t) => ({ key: t.string({ required: true, description: "The secret's key." }) }),
});
const DeleteSecretPayload = builder.objectRef<{ key: string }>('DeleteSecretPayload').implement({
  description: 'The secret is gone.',
  fields: (t) => ({ key: t.exposeString('key', { description: 'The key that was deleted.' }) }),
});

/** The one scope the secret mutations need, named in their ForbiddenError. */
const needsSecretsWrite = () =>
  new ForbiddenError('writing secrets needs the SECRETS_WRITE scope', Scopes.secretsWrite);

builder.mutationFields((t) => ({
  putSecret: t.field({
    type: PutSecretPayload,
    description: 'Creates or replaces a secret of your tenant; each put bumps its version. Needs SECRETS_WRITE.',
    authScopes: { secretsWrite: true },
    unauthorizedError: needsSecretsWrite,
    errors: {
      types: [ValidationError, ForbiddenError, RateLimitedError],
      union: { name: 'PutSecretResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: PutSecretInput, required: true, description: 'The key and its value.' }) },
    resolve: rateLimited(async (_root, { input }, ctx) => ({
      secret: await ctx.services.secrets.put(ctx.principal, input.key, input.value),
    })),
  }),
  deleteSecret: t.field({
    type: DeleteSecretPayload,
    description: 'Deletes a secret of your tenant. Needs SECRETS_WRITE.',
    authScopes: { secretsWrite: true },
    unauthorizedError: needsSecretsWrite,
    errors: {
      types: [NotFoundError, ForbiddenError, RateLimitedError],
      union: { name: 'DeleteSecretResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: DeleteSecretInput, required: true, description: 'The key to delete.' }) },
    resolve: rateLimited(async (_root, { input }, ctx) => {
      await ctx.services.secrets.delete(ctx.principal, input.key);
      return { key: input.key };
    }),
  }),
}));
