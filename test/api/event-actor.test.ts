/**
 * Event.actor: who caused each event. An operation's events name the token
 * that queued it (by global id and name), a second token's operation names
 * that one (so the actor is the requester, not whoever reads the feed), and
 * an event Wheelhouse wrote on its own is SYSTEM, named by the part that
 * wrote it (`data.requestedBy`, else `wheelhouse`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../src/control/tokens.js';
import { appendEvents } from '../../src/db/repositories/event-repository.js';
import type { TestApp } from '../support/app.js';
import { localOf, RawClient, type SeededTenant, seedInstance, seedTenant, startSeedApp } from '../support/seed.js';

const EVENTS = `query E($id: ID!) { events(first: 50, filter: { instanceId: $id }) {
  edges { node { type operation { id } actor { kind id name } } } } }`;

interface EventsAnswer {
  events: {
    edges: {
      node: {
        type: string;
        operation: { id: string } | null;
        actor: { kind: string; id: string; name: string | null };
      };
    }[];
  };
}

describe('Event.actor', () => {
  let t: TestApp;
  let tenant: SeededTenant;
  const client = (url: string) => new RawClient(url);

  beforeAll(async () => {
    ({ t } = await startSeedApp());
    tenant = await seedTenant(t);
  });
  afterAll(async () => t?.stop());

  it('names the token that queued an operation on its events, and Wheelhouse on its own events', async () => {
    const c = client(t.url);
    const first = await seedInstance(c, tenant.token, {
      name: 'actors',
      provider: 'seed',
      services: [{ name: 'web', image: 'registry.example.com/actors/web:1' }],
    });
    // A second token of the same tenant, named apart, queues another operation on the same instance.
    const other = await t.newToken(tenant.tenantId, ['read', 'deploy']);
    await t.database.db
      .updateTable('api_tokens')
      .set({ name: 'deployer-bot' })
      .where('token_hash', '=', hashToken(other))
      .execute();
    const deployed = await c.data<{ deployInstance: { __typename: string; operation?: { id: string } } }>(
      other,
      `mutation D($input: DeployInstanceInput!) { deployInstance(input: $input) { __typename ... on DeployInstancePayload { operation { id } } } }`,
      {
        input: {
          instanceId: first.id,
          services: [{ name: 'web', image: 'registry.example.com/actors/web:2' }],
          wait: true,
        },
      },
    );
    expect(deployed.deployInstance.__typename).toBe('DeployInstancePayload');
    const deployOp = deployed.deployInstance.operation?.id ?? '';

    // Wheelhouse's own event: what the autoscaler writes (no token, its mark in data).
    await appendEvents(t.database.db, [
      {
        tenant_id: tenant.tenantId,
        instance_id: localOf(first.id),
        operation_id: null,
        type: 'autoscale.decided',
        from_state: null,
        to_state: null,
        ready: null,
        message: 'scaled web to 2',
        data: JSON.stringify({ requestedBy: 'autoscaler' }) as never,
        actor_token_id: null,
      },
    ]);

    const answer = await c.data<EventsAnswer>(tenant.token, EVENTS, { id: first.id });
    const nodes = answer.events.edges.map((e) => e.node);
    const ofProvision = nodes.filter((n) => n.operation?.id === first.operationId);
    const ofDeploy = nodes.filter((n) => n.operation?.id === deployOp);
    expect(ofProvision.length).toBeGreaterThan(0);
    expect(ofDeploy.length).toBeGreaterThan(0);
    for (const n of ofProvision) expect(n.actor).toEqual({ kind: 'TOKEN', id: tenant.tokenGlobalId, name: 'test' });
    const otherIds = new Set(ofDeploy.map((n) => n.actor.id));
    expect(otherIds.size).toBe(1);
    expect([...otherIds][0]).not.toBe(tenant.tokenGlobalId);
    for (const n of ofDeploy) expect(n.actor).toMatchObject({ kind: 'TOKEN', name: 'deployer-bot' });
    const system = nodes.find((n) => n.type === 'autoscale.decided');
    expect(system?.actor).toEqual({ kind: 'SYSTEM', id: 'autoscaler', name: 'autoscaler' });
  });
});
