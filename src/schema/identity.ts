import { ForbiddenError, NotFoundError, RateLimitedError, ValidationError } from '../control/errors.js';
import type { User } from '../control/sessions.js';
import type { TrustPolicy } from '../control/trust-policies.js';
import { ROLES } from '../oidc-config.js';
import { builder } from './builder.js';
import { ScopeEnum } from './enums.js';
import { localId } from './global-ids.js';
import { rateLimited } from './rate-limit.js';
import { ViewerRef } from './viewer.js';

const ROLE_DESCRIPTIONS = {
  VIEWER: 'Reads (READ).',
  DEPLOYER: 'Reads, deploys and execs (READ, DEPLOY, EXEC).',
  ADMIN: 'Everything but SYSTEM.',
} as const;

export const RoleEnum = builder.enumType('Role', {
  description: "A person's role, from their groups at the identity provider (WHEELHOUSE_OIDC_ROLES).",
  values: Object.fromEntries(ROLES.map((r) => [r, { value: r, description: ROLE_DESCRIPTIONS[r] }])),
});

export const UserRef = builder.loadableNode(builder.objectRef<User>('User'), {
  description: 'A person who signs in with the OpenID Connect provider.',
  id: { resolve: (u) => u.id },
  load: (ids: string[], ctx) => ctx.services.sessions.usersByIds(ctx.principal.tenantId, ids),
  sort: (u) => u.id,
  fields: (t) => ({
    subject: t.exposeString('subject', { description: "The provider's `sub` for this person." }),
    issuer: t.exposeString('issuer', { description: 'The provider (its issuer URL).' }),
    email: t.exposeString('email', { nullable: true, description: 'Their email, as the provider last said.' }),
    name: t.exposeString('name', { nullable: true, description: 'Their name, as the provider last said.' }),
    role: t.field({ type: RoleEnum, description: 'Their role as of their last sign-in.', resolve: (u) => u.role }),
    lastSignInAt: t.expose('lastSignInAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When they last signed in.',
    }),
  }),
});

builder.objectFields(ViewerRef, (t) => ({
  user: t.field({
    type: UserRef,
    nullable: true,
    description: 'The person signed in (a session, or a token from `wheelhouse login --sso`); null for a token.',
    resolve: (v) => (v.actor?.kind === 'USER' ? v.actor.id : null),
  }),
  role: t.field({
    type: RoleEnum,
    nullable: true,
    description: "The signed-in person's role; null for a token.",
    resolve: async (v, _args, ctx) => {
      if (v.actor?.kind !== 'USER') return null;
      const [user] = await ctx.services.sessions.usersByIds(v.tenantId, [v.actor.id]);
      return user?.role ?? null;
    },
  }),
}));

export const TrustPolicyRef = builder.loadableNode(builder.objectRef<TrustPolicy>('TrustPolicy'), {
  description: 'Lets a CI system trade its own OIDC token for a short-lived API token (POST /auth/token-exchange).',
  id: { resolve: (p) => p.id },
  load: (ids: string[], ctx) => ctx.services.trustPolicies.byIds(ctx.principal.tenantId, ids),
  sort: (p) => p.id,
  fields: (t) => ({
    name: t.exposeString('name', { description: 'A label for people.' }),
    issuer: t.exposeString('issuer', { description: "The CI's OIDC issuer, whose published keys sign its tokens." }),
    audience: t.exposeString('audience', { description: 'The audience its tokens must name.' }),
    subjectPattern: t.exposeString('subjectPattern', {
      description: 'A glob over `sub`: `*` any run of characters, `?` one character.',
    }),
    scopes: t.field({
      type: [ScopeEnum],
      description: 'Exactly what an exchanged token may do.',
      resolve: (p) => p.scopes,
    }),
    tokenTtlSeconds: t.exposeInt('tokenTtlSeconds', { description: 'How long an exchanged token lives.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', description: 'When it was created.' }),
    lastUsedAt: t.expose('lastUsedAt', {
      type: 'DateTime',
      nullable: true,
      description: 'When a token was last exchanged under it.',
    }),
  }),
});

builder.queryFields((t) => ({
  trustPolicies: t.field({
    type: [TrustPolicyRef],
    description: "The tenant's trust policies, newest first. Needs ADMIN.",
    authScopes: { admin: true },
    resolve: (_root, _args, ctx) => ctx.services.trustPolicies.list(ctx.principal),
  }),
}));

const CreateTrustPolicyInput = builder.inputType('CreateTrustPolicyInput', {
  description: 'A new trust policy.',
  fields: (t) => ({
    name: t.string({ required: true, description: 'A label for people.' }),
    issuer: t.string({ required: true, description: 'e.g. https://token.actions.githubusercontent.com' }),
    audience: t.string({ required: true, description: 'The audience the CI requests its token for.' }),
    subjectPattern: t.string({
      required: true,
      description: 'A glob over `sub`, e.g. repo:acme/shop:ref:refs/heads/main.',
    }),
    scopes: t.field({
      type: [ScopeEnum],
      required: true,
      description: 'What exchanged tokens may do: never SYSTEM, never wider than yours.',
    }),
    tokenTtlSeconds: t.int({
      defaultValue: 900,
      description: 'How long an exchanged token lives (60 to 43200 seconds).',
    }),
  }),
});
const DeleteTrustPolicyInput = builder.inputType('DeleteTrustPolicyInput', {
  description: 'A trust policy to delete.',
  fields: (t) => ({ id: t.id({ required: true, description: "The policy's global id." }) }),
});
const CreateTrustPolicyPayload = builder.objectRef<{ trustPolicy: TrustPolicy }>('CreateTrustPolicyPayload').implement({
  description: 'The created trust policy.',
  fields: (t) => ({
    trustPolicy: t.field({ type: TrustPolicyRef, description: 'The new policy.', resolve: (p) => p.trustPolicy }),
  }),
});
const DeleteTrustPolicyPayload = builder.objectRef<{ id: string }>('DeleteTrustPolicyPayload').implement({
  description: 'The deleted trust policy.',
  fields: (t) => ({ id: t.exposeID('id', { description: "The deleted policy's global id." }) }),
});

builder.mutationFields((t) => ({
  createTrustPolicy: t.field({
    type: CreateTrustPolicyPayload,
    description: 'Creates a trust policy for your tenant. Needs ADMIN; it grants only scopes you hold, never SYSTEM.',
    authScopes: { admin: true },
    errors: {
      types: [ValidationError, ForbiddenError, RateLimitedError],
      union: { name: 'CreateTrustPolicyResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: CreateTrustPolicyInput, required: true, description: 'What to do.' }) },
    resolve: rateLimited(async (_root, { input }, ctx) => ({
      trustPolicy: await ctx.services.trustPolicies.create(ctx.principal, input),
    })),
  }),
  deleteTrustPolicy: t.field({
    type: DeleteTrustPolicyPayload,
    description: 'Deletes a trust policy; tokens exchanged under it run out on their own. Needs ADMIN.',
    authScopes: { admin: true },
    errors: {
      types: [NotFoundError, ForbiddenError, RateLimitedError],
      union: { name: 'DeleteTrustPolicyResult', description: 'The payload, or why it could not be done.' },
    },
    args: { input: t.arg({ type: DeleteTrustPolicyInput, required: true, description: 'What to do.' }) },
    resolve: rateLimited(async (_root, { input }, ctx) => {
      const id = String(input.id);
      await ctx.services.trustPolicies.delete(ctx.principal, localId(id, 'TrustPolicy', 'trust policy'));
      return { id };
    }),
  }),
}));
