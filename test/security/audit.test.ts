/**
 * The audit trail: every write through the API leaves an event saying who
 * (the actor token's id), what (type, message, data) and when, in the tenant
 * the write changed, and never a secret value or a token secret.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/control/tokens.js';
import type { EventRow } from '../../src/db/database.js';
import { graphql } from '../generated/gql.js';
import { query, type TestApp } from '../support/app.js';
import { localOf, type SeededTenant, type SeedProvider, seedTenant, startSeedApp } from '../support/seed.js';

const PutSecret = graphql(`
  mutation AuditPutSecret($input: PutSecretInput!) {
    putSecret(input: $input) { __typename ... on Error { message } }
  }
`);
const DeleteSecret = graphql(`
  mutation AuditDeleteSecret($input: DeleteSecretInput!) {
    deleteSecret(input: $input) { __typename ... on Error { message } }
  }
`);
const Provision = graphql(`
  mutation AuditProvision($input: ProvisionInstanceInput!) {
    provisionInstance(input: $input) {
      __typename
      ... on ProvisionInstancePayload { instance { id } operation { id status release { id } } }
      ... on Error { message }
    }
  }
`);
const Deploy = graphql(`
  mutation AuditDeploy($input: DeployInstanceInput!) {
    deployInstance(input: $input) { __typename ... on DeployInstancePayload { operation { id status } } ... on Error { message } }
  }
`);
const Scale = graphql(`
  mutation AuditScale($input: ScaleInstanceInput!) {
    scaleInstance(input: $input) { __typename ... on ScaleInstancePayload { operation { id status } } ... on Error { message } }
  }
`);
const Rollback = graphql(`
  mutation AuditRollback($input: RollbackInstanceInput!) {
    rollbackInstance(input: $input) { __typename ... on RollbackInstancePayload { operation { id status } } ... on Error { message } }
  }
`);
const Stop = graphql(`
  mutation AuditStop($input: InstanceActionInput!) {
    stopInstance(input: $input) { __typename ... on StopInstancePayload { operation { id status } } ... on Error { message } }
  }
`);
const Start = graphql(`
  mutation AuditStart($input: InstanceActionInput!) {
    startInstance(input: $input) { __typename ... on StartInstancePayload { operation { id status } } ... on Error { message } }
  }
`);
const Restart = graphql(`
  mutation AuditRestart($input: InstanceActionInput!) {
    restartInstance(input: $input) { __typename ... on RestartInstancePayload { operation { id status } } ... on Error { message } }
  }
`);
const Deprovision = graphql(`
  mutation AuditDeprovision($input: InstanceActionInput!) {
    deprovisionInstance(input: $input) { __typename ... on DeprovisionInstancePayload { operation { id status } } ... on Error { message } }
  }
`);
const Cancel = graphql(`
  mutation AuditCancel($input: CancelOperationInput!) {
    cancelOperation(input: $input) { __typename ... on CancelOperationPayload { operation { id status } } ... on Error { message } }
  }
`);
const OperationStatus = graphql(`
  query AuditOperationStatus($id: ID!) { operation(id: $id) { status } }
`);
const CreateToken = graphql(`
  mutation AuditCreateToken($input: CreateApiTokenInput!) {
    createApiToken(input: $input) {
      __typename
      ... on CreateApiTokenPayload { token apiToken { id } }
      ... on Error { message }
    }
  }
`);
const RevokeToken = graphql(`
  mutation AuditRevokeToken($input: RevokeApiTokenInput!) {
    revokeApiToken(input: $input) { __typename ... on Error { message } }
  }
`);
const CreateTenant = graphql(`
  mutation AuditCreateTenant($input: CreateTenantInput!) {
    createTenant(input: $input) { __typename ... on CreateTenantPayload { tenant { id name } } ... on Error { message } }
  }
`);

describe('audit: every write is an event with its actor', () => {
  let t: TestApp;
  let provider: SeedProvider;
  let owner: SeededTenant;
  /** A second token of the same tenant: the events must tell the two apart. */
  let other: { token: string; tokenId: string };
  const started = new Date(Date.now() - 1000);

  beforeAll(async () => {
    ({ t, provider } = await startSeedApp());
    owner = await seedTenant(t);
    const made = await query(t.url, owner.token, CreateToken, {
      input: { name: 'second', scopes: ['READ', 'DEPLOY', 'SECRETS_WRITE', 'ADMIN'] },
    });
    if (made.createApiToken.__typename !== 'CreateApiTokenPayload') throw new Error(JSON.stringify(made));
    other = { token: made.createApiToken.token, tokenId: localOf(made.createApiToken.apiToken.id) };
  });
  afterAll(async () => {
    await t?.stop();
  });

  const eventsOf = (tenantId: string): Promise<EventRow[]> =>
    t.database.db.selectFrom('events').selectAll().where('tenant_id', '=', tenantId).orderBy('id').execute();

  /** The one event of `type` (about `operationId` when given) and its actor. */
  function one(rows: EventRow[], type: string, match: (e: EventRow) => boolean = () => true): EventRow {
    const found = rows.filter((e) => e.type === type && match(e));
    expect(found, `events of type ${type}: ${JSON.stringify(rows.map((r) => r.type))}`).toHaveLength(1);
    return found[0]!;
  }

  function expectRecorded(e: EventRow, actorTokenId: string): void {
    expect(e.actor_token_id).toBe(actorTokenId);
    expect(e.occurred_at.getTime()).toBeGreaterThanOrEqual(started.getTime());
    // Between the start of the file and now, both read from clocks of this one machine.
    expect(e.occurred_at.getTime()).toBeLessThanOrEqual(Date.now());
    expect(e.message ?? '').not.toBe('');
  }

  it('records every lifecycle write with the token that asked for it', async () => {
    const value = `audit-secret-${randomUUID()}`;
    const key = `audit/${randomUUID().slice(0, 8)}`;
    expect((await query(t.url, owner.token, PutSecret, { input: { key, value } })).putSecret.__typename).toBe(
      'PutSecretPayload',
    );

    const p = await query(t.url, owner.token, Provision, {
      input: {
        name: 'audited',
        wait: true,
        services: [{ name: 'main', image: 'example.com/a:1', secrets: [{ key, envName: 'S' }] }],
      },
    });
    if (p.provisionInstance.__typename !== 'ProvisionInstancePayload') throw new Error(JSON.stringify(p));
    const instanceId = p.provisionInstance.instance.id;
    const ops: Record<string, string> = { provision: p.provisionInstance.operation.id };
    const firstRelease = p.provisionInstance.operation.release!.id;

    const deploy = await query(t.url, other.token, Deploy, {
      input: { instanceId, wait: true, services: [{ name: 'main', image: 'example.com/a:2' }] },
    });
    if (deploy.deployInstance.__typename !== 'DeployInstancePayload') throw new Error(JSON.stringify(deploy));
    ops.deploy = deploy.deployInstance.operation.id;
    const scale = await query(t.url, owner.token, Scale, {
      input: { instanceId, wait: true, resources: { replicas: 2 } },
    });
    if (scale.scaleInstance.__typename !== 'ScaleInstancePayload') throw new Error(JSON.stringify(scale));
    ops.scale = scale.scaleInstance.operation.id;
    const rollback = await query(t.url, owner.token, Rollback, {
      input: { instanceId, wait: true, releaseId: firstRelease },
    });
    if (rollback.rollbackInstance.__typename !== 'RollbackInstancePayload') throw new Error(JSON.stringify(rollback));
    ops.rollback = rollback.rollbackInstance.operation.id;
    const stop = await query(t.url, owner.token, Stop, { input: { instanceId, wait: true } });
    if (stop.stopInstance.__typename !== 'StopInstancePayload') throw new Error(JSON.stringify(stop));
    ops.stop = stop.stopInstance.operation.id;
    const start = await query(t.url, owner.token, Start, { input: { instanceId, wait: true } });
    if (start.startInstance.__typename !== 'StartInstancePayload') throw new Error(JSON.stringify(start));
    ops.start = start.startInstance.operation.id;

    // A restart held at the provider (RUNNING) and a stop queued behind it: cancel both, as `other`.
    const release = provider.hold('restart');
    let restartId: string;
    let queuedStopId: string;
    try {
      const restart = await query(t.url, owner.token, Restart, { input: { instanceId } });
      if (restart.restartInstance.__typename !== 'RestartInstancePayload') throw new Error(JSON.stringify(restart));
      restartId = restart.restartInstance.operation.id;
      await until(
        async () =>
          (await query(t.url, owner.token, OperationStatus, { id: restartId })).operation?.status === 'RUNNING',
      );
      const queued = await query(t.url, owner.token, Stop, { input: { instanceId } });
      if (queued.stopInstance.__typename !== 'StopInstancePayload') throw new Error(JSON.stringify(queued));
      queuedStopId = queued.stopInstance.operation.id;
      const c1 = await query(t.url, other.token, Cancel, { input: { operationId: queuedStopId } });
      expect(c1.cancelOperation).toMatchObject({
        __typename: 'CancelOperationPayload',
        operation: { status: 'CANCELED' },
      });
      const c2 = await query(t.url, other.token, Cancel, { input: { operationId: restartId } });
      expect(c2.cancelOperation.__typename).toBe('CancelOperationPayload');
    } finally {
      release();
    }
    await until(
      async () => (await query(t.url, owner.token, OperationStatus, { id: restartId })).operation?.status !== 'RUNNING',
    );

    const deprovision = await query(t.url, owner.token, Deprovision, { input: { instanceId, wait: true } });
    if (deprovision.deprovisionInstance.__typename !== 'DeprovisionInstancePayload') {
      throw new Error(JSON.stringify(deprovision));
    }
    ops.deprovision = deprovision.deprovisionInstance.operation.id;
    expect((await query(t.url, other.token, DeleteSecret, { input: { key } })).deleteSecret.__typename).toBe(
      'DeleteSecretPayload',
    );

    const rows = await eventsOf(owner.tenantId);
    const instance = localOf(instanceId);
    expectRecorded(
      one(rows, 'instance.created', (e) => e.instance_id === instance),
      owner.tokenId,
    );
    const actors: Record<string, string> = {
      provision: owner.tokenId,
      deploy: other.tokenId,
      scale: owner.tokenId,
      rollback: owner.tokenId,
      stop: owner.tokenId,
      start: owner.tokenId,
      deprovision: owner.tokenId,
    };
    for (const [kind, op] of Object.entries(ops)) {
      const queued = one(rows, 'operation.queued', (e) => e.operation_id === localOf(op));
      expectRecorded(queued, actors[kind]!);
      expect(queued.data).toMatchObject({ kind });
    }
    // Releases name who made them too (provision, deploy, rollback).
    for (const kind of ['provision', 'deploy', 'rollback'] as const) {
      expectRecorded(
        one(rows, 'release.created', (e) => e.operation_id === localOf(ops[kind]!)),
        actors[kind]!,
      );
    }
    expectRecorded(
      one(rows, 'operation.queued', (e) => e.operation_id === localOf(restartId)),
      owner.tokenId,
    );
    expectRecorded(
      one(rows, 'operation.canceled', (e) => e.operation_id === localOf(queuedStopId) && !!e.actor_token_id),
      other.tokenId,
    );
    expectRecorded(
      one(rows, 'operation.cancel_requested', (e) => e.operation_id === localOf(restartId)),
      other.tokenId,
    );

    const put = one(rows, 'secret.put', (e) => (e.data as { key?: string }).key === key);
    expectRecorded(put, owner.tokenId);
    expect(put.data).toEqual({ key, version: 1 });
    const deleted = one(rows, 'secret.deleted', (e) => (e.data as { key?: string }).key === key);
    expectRecorded(deleted, other.tokenId);

    // No event holds the secret's value or a token's secret.
    const text = JSON.stringify(rows);
    expect(text).not.toContain(value);
    expect(text).not.toContain(owner.token);
    expect(text).not.toContain(other.token);
  });

  it('records token creation and revocation: who, which token, which scopes, never the secret', async () => {
    const made = await query(t.url, owner.token, CreateToken, { input: { name: 'ci-bot', scopes: ['READ'] } });
    if (made.createApiToken.__typename !== 'CreateApiTokenPayload') throw new Error(JSON.stringify(made));
    const tokenId = localOf(made.createApiToken.apiToken.id);
    const revoked = await query(t.url, other.token, RevokeToken, { input: { id: made.createApiToken.apiToken.id } });
    expect(revoked.revokeApiToken.__typename).toBe('RevokeApiTokenPayload');
    const revokedAt = async () =>
      (
        await t.database.db
          .selectFrom('api_tokens')
          .select('revoked_at')
          .where('id', '=', tokenId)
          .executeTakeFirstOrThrow()
      ).revoked_at;
    const firstRevokedAt = await revokedAt();
    expect(firstRevokedAt).toBeInstanceOf(Date);
    // Revoking again is harmless and records nothing new.
    await query(t.url, owner.token, RevokeToken, { input: { id: made.createApiToken.apiToken.id } });
    // The revocation time is the first one: a second revoke does not move it, not by a millisecond.
    expect((await revokedAt())?.toISOString()).toBe(firstRevokedAt?.toISOString());

    const rows = await eventsOf(owner.tenantId);
    const created = one(rows, 'token.created', (e) => (e.data as { tokenId?: string }).tokenId === tokenId);
    expectRecorded(created, owner.tokenId);
    expect(created.data).toMatchObject({ tokenId, name: 'ci-bot', scopes: ['read'] });
    expectRecorded(
      one(rows, 'token.revoked', (e) => (e.data as { tokenId?: string }).tokenId === tokenId),
      other.tokenId,
    );
    // The token made in beforeAll was recorded too.
    expectRecorded(
      one(rows, 'token.created', (e) => (e.data as { tokenId?: string }).tokenId === other.tokenId),
      owner.tokenId,
    );

    const text = JSON.stringify(rows);
    for (const secret of [made.createApiToken.token, other.token, owner.token]) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(hashToken(secret));
    }
  });

  it('records a token issued by SYSTEM for another tenant in that tenant, naming the operator', async () => {
    const target = await seedTenant(t, ['read']);
    const made = await query(t.url, owner.token, CreateToken, {
      input: { tenantId: target.tenantGlobalId, name: 'from-operator', scopes: ['READ'] },
    });
    if (made.createApiToken.__typename !== 'CreateApiTokenPayload') throw new Error(JSON.stringify(made));
    const rows = await eventsOf(target.tenantId);
    expectRecorded(one(rows, 'token.created'), owner.tokenId);
    expect(await eventsOf(owner.tenantId)).not.toContainEqual(
      expect.objectContaining({ data: expect.objectContaining({ name: 'from-operator' }) }),
    );
  });

  it('records tenant creation in the new tenant, naming the operator', async () => {
    const name = `audited-${randomUUID().slice(0, 8)}`;
    const r = await query(t.url, owner.token, CreateTenant, { input: { name } });
    if (r.createTenant.__typename !== 'CreateTenantPayload') throw new Error(JSON.stringify(r));
    const rows = await eventsOf(localOf(r.createTenant.tenant.id));
    const created = one(rows, 'tenant.created');
    expectRecorded(created, owner.tokenId);
    expect(created.data).toMatchObject({ name });
  });

  it('records no domain event for a refused write, only its audit log entry (issue 37)', async () => {
    const before = (await eventsOf(owner.tenantId)).length;
    const reader = await t.newToken(owner.tenantId, ['read']);
    expect((await query(t.url, reader, PutSecret, { input: { key: 'nope', value: 'x' } })).putSecret.__typename).toBe(
      'ForbiddenError',
    );
    expect(
      (await query(t.url, reader, CreateToken, { input: { name: 'x', scopes: ['READ'] } })).createApiToken.__typename,
    ).toBe('ForbiddenError');
    const added = (await eventsOf(owner.tenantId)).slice(before);
    // The audit log's own events (exported to webhooks that name them), one per refusal; nothing else.
    expect(added.map((e) => [e.type, e.message])).toEqual([
      ['audit.entry', 'putSecret: ERROR (ForbiddenError)'],
      ['audit.entry', 'createApiToken: ERROR (ForbiddenError)'],
    ]);
  });
});

async function until(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met in time');
}
