import { encodeGlobalID } from '@pothos/plugin-relay';
import { type AuditEntry, auditEntryLocalId } from '../control/audit-chain.js';
import { covers, Scopes } from '../control/scopes.js';
import { ActorRef } from './actors.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { badArgument } from './forward-page.js';

/** Reading the log takes AUDIT, or ADMIN (which carries it). */
const auditScopes = { $any: { audit: true, admin: true } };

/** Whether the caller may read audit entries (node(id) and nodes(ids) answer null otherwise). */
function mayAudit(ctx: GraphQLContext): boolean {
  return covers(ctx.principal.scopes, Scopes.audit);
}

/** The tenant's entries for local ids `<tenant>:<seq>`; another tenant's id is never found. */
async function loadEntries(ids: string[], ctx: GraphQLContext): Promise<AuditEntry[]> {
  if (!mayAudit(ctx)) return [];
  const prefix = `${ctx.principal.tenantId}:`;
  const seqs = ids.filter((id) => id.startsWith(prefix)).map((id) => id.slice(prefix.length));
  return ctx.services.audit.bySeqs(ctx.principal.tenantId, seqs);
}

const AuditOutcomeEnum = builder.enumType('AuditOutcome', {
  description: 'How a recorded act ended.',
  values: {
    OK: { description: 'It was done.' },
    ERROR: { description: 'It was refused or failed (errorType says how).' },
  },
});

export const AuditEntryRef = builder.loadableNode(builder.objectRef<AuditEntry>('AuditEntry'), {
  description:
    'One recorded act: a mutation (allowed or refused) or a change Wheelhouse made on its own. Append-only, chained by hash.',
  id: { resolve: (e) => e.id },
  load: loadEntries,
  sort: (e) => e.id,
  fields: (t) => ({
    at: t.expose('at', { type: 'DateTime', description: 'When it was recorded.' }),
    actor: t.field({
      type: ActorRef,
      description: 'Who acted.',
      resolve: (e) => ({ kind: e.actor.kind, id: e.actor.id, name: e.actor.name ?? null }),
    }),
    action: t.exposeString('action', {
      description: 'The mutation’s name, or what the system did (autoscaler.scale, supervisor.heal, schedule.tick).',
    }),
    targetIds: t.field({
      type: ['ID'],
      description: 'Global ids of the objects acted on (never an argument’s value).',
      resolve: (e) => [...e.targetIds],
    }),
    outcome: t.field({ type: AuditOutcomeEnum, description: 'How it ended.', resolve: (e) => e.outcome }),
    errorType: t.string({
      nullable: true,
      description: 'The typed error’s name (ForbiddenError, ValidationError…) when it did not succeed.',
      resolve: (e) => e.errorType ?? null,
    }),
    ip: t.string({
      nullable: true,
      description: 'The caller’s address, as the server saw it.',
      resolve: (e) => e.ip ?? null,
    }),
    requestId: t.string({
      nullable: true,
      description: 'The id of the request that did it.',
      resolve: (e) => e.requestId ?? null,
    }),
    hash: t.exposeString('hash', {
      description: "sha256 over the previous entry's hash and this entry's canonical JSON.",
    }),
    previousHash: t.exposeString('previousHash', {
      description: "The previous entry's hash (64 zeros for the tenant's first).",
    }),
  }),
});

const AuditFilterInput = builder.inputType('AuditFilter', {
  description: 'Narrows the audit log (all given filters apply).',
  fields: (t) => ({
    actorId: t.string({ description: "Only this actor's (a token's global id, or a system part such as autoscaler)." }),
    action: t.string({ description: 'Only this action (a mutation name such as createApiToken).' }),
    targetId: t.id({ description: 'Only entries that name this object (global id).' }),
    since: t.field({ type: 'DateTime', description: 'Only entries recorded at or after this time.' }),
    until: t.field({ type: 'DateTime', description: 'Only entries recorded before this time.' }),
  }),
});

const AuditVerificationRef = builder
  .objectRef<{ valid: boolean; entries: number; firstInvalid: string | null; tenantId: string }>('AuditVerification')
  .implement({
    description: "The outcome of recomputing the tenant's hash chain.",
    fields: (t) => ({
      valid: t.exposeBoolean('valid', { description: 'Every entry is as written and none is missing.' }),
      entries: t.exposeInt('entries', { description: 'Entries checked (up to the first invalid one).' }),
      firstInvalidId: t.id({
        nullable: true,
        description: 'The first entry altered or removed in the database (a removed one is named by the id it had).',
        resolve: (v) =>
          v.firstInvalid ? encodeGlobalID('AuditEntry', auditEntryLocalId(v.tenantId, v.firstInvalid)) : null,
      }),
    }),
  });

builder.queryFields((t) => ({
  auditLog: t.connection(
    {
      type: AuditEntryRef,
      description: "The tenant's audit log, newest first. Needs AUDIT (ADMIN carries it).",
      authScopes: auditScopes,
      args: { filter: t.arg({ type: AuditFilterInput, description: 'Filters.' }) },
      resolve: async (_root, args, ctx) => {
        if (args.last != null || args.before != null) {
          throw badArgument(args.last != null ? 'last' : 'before', 'this connection pages forward only (first/after)');
        }
        const f = args.filter;
        return ctx.services.audit.list(
          ctx.principal.tenantId,
          {
            actorId: f?.actorId ?? null,
            action: f?.action ?? null,
            targetId: f?.targetId != null ? String(f.targetId) : null,
            since: f?.since ?? null,
            until: f?.until ?? null,
          },
          args.first,
          args.after,
        );
      },
    },
    { name: 'QueryAuditLogConnection', description: "A page of the tenant's audit log." },
    { name: 'QueryAuditLogEdge', description: 'An audit entry and its cursor.' },
  ),
  verifyAuditLog: t.field({
    type: AuditVerificationRef,
    description: "Recomputes the hash chain of the tenant's audit log. Needs AUDIT (ADMIN carries it).",
    authScopes: auditScopes,
    resolve: async (_root, _args, ctx) => ({
      ...(await ctx.services.audit.verify(ctx.principal.tenantId)),
      tenantId: ctx.principal.tenantId,
    }),
  }),
}));
