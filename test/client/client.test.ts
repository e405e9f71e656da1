import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InstanceDocument,
  ProvidersDocument,
  ProvisionInstanceDocument,
  unwrap,
  WheelhouseApiError,
  WheelhouseAuthError,
  WheelhouseUnreachableError,
} from '../../src/client/index.js';
import type { TestApp, TestTenant } from '../support/app.js';
import { type SeedProvider, startSeedApp } from '../support/seed.js';
import { clientFor, eventIdsInDatabase, freePort } from './client-support.js';

const provisionInput = (name: string) => ({
  name,
  provider: 'seed',
  services: [{ name: 'web', image: 'registry.local/web:1' }],
});

describe('the typed client', () => {
  let t: TestApp;
  let provider: SeedProvider;
  let tenant: TestTenant;

  beforeAll(async () => {
    ({ t, provider } = await startSeedApp());
    tenant = await t.newTenant();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('round-trips a typed mutation and query over HTTP', async () => {
    const wh = clientFor(t, tenant.token);
    const name = `rt-${randomUUID().slice(0, 8)}`;
    const result = await wh.request(ProvisionInstanceDocument, { input: { ...provisionInput(name), wait: true } });
    const payload = unwrap(result.provisionInstance);
    expect(payload.__typename).toBe('ProvisionInstancePayload');
    expect(payload.operation.status).toBe('SUCCEEDED');
    const { instance } = await wh.request(InstanceDocument, { id: payload.instance.id });
    expect(instance).toMatchObject({ id: payload.instance.id, name, state: 'RUNNING', ready: true });
    expect(instance?.services.map((s) => s.image)).toEqual(['registry.local/web:1']);
    expect((await wh.instanceByName(name))?.id).toBe(payload.instance.id);
    expect(await wh.instanceByName(`${name}-absent`)).toBeNull();
    expect(provider.calls.some((c) => c.method === 'provision')).toBe(true);
  });

  it('keeps result unions typed, and unwrap throws the error member as a typed error', async () => {
    const wh = clientFor(t, tenant.token);
    const input = { name: 'Not DNS safe!', provider: 'seed', services: [{ name: 'web', image: 'x:1' }] };
    const result = await wh.request(ProvisionInstanceDocument, { input });
    expect(result.provisionInstance.__typename).toBe('ValidationError');
    let thrown: unknown;
    try {
      unwrap(result.provisionInstance);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(WheelhouseApiError);
    const e = thrown as WheelhouseApiError;
    expect(e.typename).toBe('ValidationError');
    expect(e.message).toBeTruthy();
    expect(e.fieldErrors.map((f) => f.path.join('.'))).toContain('input.name');
    // provisionAndWait throws the same way, and nothing was provisioned.
    await expect(wh.provisionAndWait(input)).rejects.toMatchObject({ typename: 'ValidationError' });
  });

  it('answers a refused token with an auth error, over HTTP and over the socket', async () => {
    const wh = clientFor(t, 'whk_not-a-real-token');
    await expect(wh.request(ProvidersDocument)).rejects.toBeInstanceOf(WheelhouseAuthError);
    const ws = clientFor(t, tenant.token);
    const id = (await ws.provisionAndWait(provisionInput(`auth-${randomUUID().slice(0, 8)}`))).instance?.id ?? '';
    const bad = clientFor(t, 'whk_not-a-real-token');
    const stream = bad.instanceEvents(id, { after: '0' });
    await expect(stream.next()).rejects.toBeInstanceOf(WheelhouseAuthError);
    await bad.dispose();
    await ws.dispose();
  });

  it('answers a server that is not there with an unreachable error', async () => {
    const port = await freePort();
    const wh = clientFor({ url: `http://127.0.0.1:${port}/graphql` }, tenant.token);
    const err = await wh.request(ProvidersDocument).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WheelhouseUnreachableError);
    expect((err as Error).message).toContain(String(port));
  });

  it('provisionAndWait follows operationUpdates to the end, over graphql-ws and over SSE', async () => {
    for (const transport of ['graphql-ws', 'sse'] as const) {
      const wh = clientFor(t, tenant.token, { transport });
      expect(wh.transport).toBe(transport);
      const updates: string[] = [];
      const { operation, instance } = await wh.provisionAndWait(provisionInput(`wait-${randomUUID().slice(0, 8)}`), {
        onUpdate: (op) => updates.push(op.status),
      });
      expect(operation.status).toBe('SUCCEEDED');
      expect(operation.readinessOutcome).toBe('READY');
      expect(instance).toMatchObject({ state: 'RUNNING', ready: true });
      expect(updates.at(-1)).toBe('SUCCEEDED');
      // The instance's whole history, replayed through the same transport, is what the database holds.
      const seen: string[] = [];
      const ac = new AbortController();
      const want = await eventIdsInDatabase(t, instance?.id ?? '');
      for await (const e of wh.instanceEvents(instance?.id ?? '', { after: '0', signal: ac.signal })) {
        seen.push(e.cursor);
        if (seen.length === want.length) ac.abort();
      }
      expect(seen).toEqual(want);
      await wh.dispose();
    }
  });
});
