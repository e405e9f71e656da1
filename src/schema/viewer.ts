import { decodeTimeCursor, encodeTimeCursor, pageOf, pageSize } from '../control/cursor.js';
import { ConflictError, ForbiddenError, NotFoundError, RateLimitedError, ValidationError } from '../control/errors.js';
import type { Principal, Scope } from '../control/scopes.js';
import type { Tenant } from '../control/tenants.js';
import { type ApiToken, isUuid } from '../control/tokens.js';
import { builder } from './builder.js';
import { ScopeEnum } from './enums.js';
import { localId } from './global-ids.js';
import { rateLimited } from './rate-limit.js';

export const TenantRef = builder.loadableNode(builder.objectRef<Tenant>('Tenant'), {
  description: 'The unit of isolation: every instance, token and secret belongs to one tenant.',
  id: { resolve: (t) => t.id },
  load: (ids: string[], ctx) => ctx.services.tenants.byIds(ctx.principal, ids),
  sort: (t) => t.id,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Unique, DNS-safe name.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
  }),
});

export const ApiTokenRef = builder.loadableNode(builder.objectRef<ApiToken>('ApiToken'), {
  description: 'An API token. Its secret is shown once, at creation, and stored only as a hash.',
  id: { resolve: (t) => t.id },
  load: (ids: string[], ctx) => ctx.services.tokens.byIds(ctx.principal.tenantId, ids),
  sort: (t) => t.id,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'A label for people.' }),
    scopes: t.field({ type: [ScopeEnum], description: 'What the token may do.', resolve: (tok) => tok.scopes }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was issued.' }),
    expiresAt: t.expose('expiresAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it stops working, if ever.',
    }),
    lastUsedAt: t.expose('lastUsedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'Last authenticated request (to the minute).',
    }),
    revokedAt: t.expose('revokedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When it was revoked, if it was.',
    }),
  }),
});

/** The calling principal, as `Viewer` shows it. */
export interface Viewer {
  tenantId: string;
  tokenId: string;
  scopes: Scope[];
  /** Who acts: a person (session or CLI sign-in), a trust policy, or the token itself. */
  actor: Principal['actor'];
  /** Whether the caller is a browser session (then `token` is null). */
  session: boolean;
}

export const ViewerRef = builder.objectRef<Viewer>('Viewer').implement({
  description: 'Who is asking: the calling token and its tenant.',
  fields: (t) => ({
    tenant: t.field({
      type: TenantRef,
      description: "The token's tenant.",
      resolve: (v) => v.tenantId,
    }),
    scopes: t.field({ type: [ScopeEnum], description: "The calling token's scopes.", resolve: (v) => v.scopes }),
    token: t.field({
      type: ApiTokenRef,
      nullable: true,
      description: 'The calling token.',
      resolve: (v) => (v.session ? null : v.tokenId),
    }),
  }),
});

/** A (createdAt, id) cursor this schema made; an id that is not a uuid would fail on the uuid column. */
function decodeTimeKey(cursor: string | null | undefined) {
  if (!cursor) return undefined;
  const after = decodeTimeCursor(cursor);
  if (!isUuid(after.id)) throw ValidationError.of(['after'], 'not a cursor this field returned');
  return after;
}

const anyScope = {
  $any: {
    read: true,
    deploy: true,
    exec: true,
    logs: true,
    secretsWrite: true,
    admin: true,
    system: true,
    audit: true,
  },
};

builder.queryFields((t) => ({
  viewer: t.field({
    type: ViewerRef,
    description: 'The calling token, its scopes and its tenant.',
    authScopes: anyScope,
    resolve: (_root, _args, ctx) => ({
      tenantId: ctx.principal.tenantId,
      tokenId: ctx.principal.tokenId,
      scopes: [...ctx.principal.scopes],
      actor: ctx.principal.actor,
      session: ctx.services.sessions.isSession(ctx.principal),
    }),
  }),
  apiTokens: t.connection({
    type: ApiTokenRef,
    description:
      "A tenant's API tokens, newest first (never their secrets): your own tenant's, or with SYSTEM any tenant's.",
    authScopes: { $any: { admin: true, system: true } },
    args: {
      tenantId: t.arg.id({
        description: "The tenant (global id); your own when omitted. Another tenant's needs SYSTEM (FORBIDDEN else).",
      }),
    },
    resolve: async (_root, args, ctx) => {
      const limit = pageSize(args.first);
      const after = decodeTimeKey(args.after);
      const tenantId = args.tenantId ? localId(String(args.tenantId), 'Tenant') : undefined;
      const rows = await ctx.services.tokens.list(ctx.principal, tenantId, { limit: limit + 1, after });
      return pageOf(rows, limit, encodeTimeCursor, !!after);
    },
  }),
  tenants: t.connection({
    type: TenantRef,
    description: "Every tenant, newest first. Needs SYSTEM; each listing is recorded in your tenant's events.",
    authScopes: { system: true },
    resolve: async (_root, args, ctx) => {
      const limit = pageSize(args.first);
      const after = decodeTimeKey(args.after);
      const rows = await ctx.services.tenants.list(ctx.principal, { limit: limit + 1, after });
      return pageOf(rows, limit, encodeTimeCursor, !!after);
    },
  }),
}));

const CreateTenantInput = builder.inputType('CreateTenantInput', {
  description: 'A new tenant.',
  fields: (t) => ({ name: t.string({ required: true, description: 'DNS-safe, unique.' }) }),
});
const CreateTenantPayload = builder.objectRef<{ tenant: Tenant }>('CreateTenantPayload').implement({
  description: 'The created tenant.',
  fields: (t) => ({ tenant: t.field({ type: TenantRef, description: 'The new tenant.', resolve: (p) => p.tenant }) }),
});

const CreateApiTokenInput = builder.inputType('CreateApiTokenInput', {
  description: 'A new API token.',
  fields: (t) => ({
    tenantId: t.id({ description: 'The tenant (global id); your own when omitted. Another tenant needs SYSTEM.' }),
    name: t.string({ required: true, description: 'A label for people.' }),
    scopes: t.field({
      type: [ScopeEnum],
      required: true,
      description: 'Scopes to grant; you can only grant scopes you hold.',
    }),
    expiresAt: t.field({ type: 'DateTime', description: 'When it stops working.' }),
  }),
});
const CreateApiTokenPayload = builder
  .objectRef<{ secret: string; token: ApiToken }>('CreateApiTokenPayload')
  .implement({
    description: 'The new token. `token` is its secret: shown now and never again.',
    fields: (t) => ({
      token: t.string({
        description: 'The bearer secret. Store it now; it cannot be shown again.',
        resolve: (p) => p.secret,
      }),
      apiToken: t.field({ type: ApiTokenRef, description: "The token's record.", resolve: (p) => p.token }),
    }),
  });

const RevokeApiTokenInput = builder.inputType('RevokeApiTokenInput', {
  description: 'A token to revoke.',
  fields: (t) => ({ id: t.id({ required: true, description: "The token's global id." }) }),
});
const RevokeApiTokenPayload = builder.objectRef<{ token: ApiToken }>('RevokeApiTokenPayload').implement({
  description: 'The revoked token.',
  fields: (t) => ({
    apiToken: t.field({ type: ApiTokenRef, description: 'The token, now revoked.', resolve: (p) => p.token }),
  }),
});

builder.mutationFields((t) => ({
  createTenant: t.field({
    type: CreateTenantPayload,
    description: 'Creates a tenant. Needs SYSTEM.',
    authScopes: { system: true },
    errors: {
      types: [ValidationError, ConflictError, ForbiddenError, RateLimitedError],
      union: { name: 'CreateTenantResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: CreateTenantInput, required: true, description: 'What to do.' }) },
    resolve: rateLimited(async (_root, { input }, ctx) => ({
      tenant: await ctx.services.tenants.create(ctx.principal, input.name),
    })),
  }),
  createApiToken: t.field({
    type: CreateApiTokenPayload,
    description: 'Issues a token for your tenant (ADMIN) or any tenant (SYSTEM).',
    authScopes: { $any: { admin: true, system: true } },
    errors: {
      types: [ValidationError, NotFoundError, ForbiddenError, RateLimitedError],
      union: { name: 'CreateApiTokenResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: CreateApiTokenInput, required: true, description: 'What to do.' }) },
    resolve: rateLimited(async (_root, { input }, ctx) => {
      const tenantId = input.tenantId ? localId(String(input.tenantId), 'Tenant') : undefined;
      const { secret, token } = await ctx.services.tokens.create(ctx.principal, {
        tenantId,
        name: input.name,
        scopes: input.scopes,
        expiresAt: input.expiresAt ?? null,
      });
      return { secret, token };
    }),
  }),
  revokeApiToken: t.field({
    type: RevokeApiTokenPayload,
    description: 'Revokes a token of your tenant at once; its open subscriptions close.',
    authScopes: { $any: { admin: true, system: true } },
    errors: {
      types: [NotFoundError, ForbiddenError, RateLimitedError],
      union: { name: 'RevokeApiTokenResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: RevokeApiTokenInput, required: true, description: 'What to do.' }) },
    resolve: rateLimited(async (_root, { input }, ctx) => ({
      token: await ctx.services.tokens.revoke(ctx.principal, localId(String(input.id), 'ApiToken', 'token')),
    })),
  }),
}));
