import { describe, expect, it, vi } from 'vitest';
import { ALL_CAPABILITIES, type Capability, hasCapability } from '../../src/providers/capabilities.js';
import {
  type CallContext,
  type Credentials,
  type Provider,
  type ProviderInfo,
  typeName,
} from '../../src/providers/provider.js';
import { ProviderNotFoundError } from '../../src/providers/provider-errors.js';
import { credentialsResolverFunc, Registry } from '../../src/providers/registry.js';

const notUsed = () => Promise.reject(new Error('not used by these tests'));

/** A fake of our Provider interface: only info() and capabilities() answer. */
function fakeProvider(info: Partial<ProviderInfo> = {}, caps: Capability[] = ['provision']): Provider {
  // One object, so a provider held behind the registry's call hooks is recognised by it (see `same`).
  const meta = { name: 'docker', version: '1', region: '', ...info };
  return {
    info: () => meta,
    capabilities: () => caps,
    engines: {},
    provision: notUsed,
    deprovision: notUsed,
    start: notUsed,
    stop: notUsed,
    restart: notUsed,
    status: notUsed,
    deploy: notUsed,
    rollback: notUsed,
    scale: notUsed,
    resources: notUsed,
    logs: notUsed,
    exec: notUsed,
  };
}

/** True when `held` (what the registry hands out) is `p` behind the call hooks. */
function same(held: Provider, p: Provider): boolean {
  return held !== p && held.info() === p.info();
}

describe('Registry', () => {
  it('registers and gets a provider by key', () => {
    const r = new Registry();
    const p = fakeProvider();
    r.register('local', p);
    expect(same(r.get('local'), p)).toBe(true);
    expect(r.resolve('local').key).toBe('local');
    expect(same(r.resolve('local').provider, p)).toBe(true);
  });

  it('replaces a provider registered again under the same key, keeping its place', () => {
    const r = new Registry();
    const a = fakeProvider({ name: 'docker' });
    const b = fakeProvider({ name: 'kubernetes' });
    const c = fakeProvider({ name: 'docker' });
    r.register('x', a);
    r.register('y', b);
    r.register('x', c);
    expect(same(r.get('x'), c)).toBe(true);
    expect(r.list()).toEqual(['x', 'y']);
  });

  it('throws ProviderNotFoundError for an unknown name', () => {
    const r = new Registry();
    r.register('local', fakeProvider());
    expect(() => r.get('nope')).toThrow(ProviderNotFoundError);
    expect(() => r.resolve('nope')).toThrow(/provider not registered: nope/);
  });

  it('resolves by registry key first, then by the unique info().name', () => {
    const r = new Registry();
    const docker = fakeProvider({ name: 'docker' });
    const kube = fakeProvider({ name: 'kubernetes' });
    r.register('eu-docker', docker);
    r.register('eu-k8s', kube);
    expect(r.resolve('docker').key).toBe('eu-docker');
    expect(same(r.resolve('docker').provider, docker)).toBe(true);
    expect(r.resolve('kubernetes').key).toBe('eu-k8s');
    expect(same(r.resolve('kubernetes').provider, kube)).toBe(true);
    expect(same(r.get('kubernetes'), kube)).toBe(true);
  });

  it('prefers the key over another provider whose info().name is the same string', () => {
    const r = new Registry();
    const named = fakeProvider({ name: 'docker' });
    const keyed = fakeProvider({ name: 'kubernetes' });
    r.register('a', named);
    r.register('docker', keyed);
    expect(r.resolve('docker').key).toBe('docker');
    expect(same(r.resolve('docker').provider, keyed)).toBe(true);
  });

  it('does not resolve an info().name that more than one provider has', () => {
    const r = new Registry();
    r.register('docker-a', fakeProvider({ name: 'docker' }));
    r.register('docker-b', fakeProvider({ name: 'docker' }));
    expect(() => r.resolve('docker')).toThrow(ProviderNotFoundError);
    expect(() => r.get('docker')).toThrow(ProviderNotFoundError);
    // the keys still resolve
    expect(r.resolve('docker-b').key).toBe('docker-b');
  });

  it('defaults to the first registered provider when none is set', () => {
    const r = new Registry();
    expect(r.defaultName()).toBe('');
    expect(() => r.default()).toThrow(ProviderNotFoundError);
    expect(() => r.resolveDefault()).toThrow(ProviderNotFoundError);
    const first = fakeProvider({ name: 'docker' });
    r.register('first', first);
    r.register('second', fakeProvider({ name: 'kubernetes' }));
    expect(r.defaultName()).toBe('first');
    expect(same(r.default(), first)).toBe(true);
    expect(r.resolveDefault().key).toBe('first');
    expect(same(r.resolveDefault().provider, first)).toBe(true);
  });

  it('defaults to the provider set with setDefault', () => {
    const r = new Registry();
    r.register('first', fakeProvider({ name: 'docker' }));
    const second = fakeProvider({ name: 'kubernetes' });
    r.register('second', second);
    r.setDefault('second');
    expect(r.defaultName()).toBe('second');
    expect(same(r.default(), second)).toBe(true);
    expect(r.resolveDefault().key).toBe('second');
  });

  it('resolves a default set by info().name to its registry key', () => {
    const r = new Registry();
    r.register('first', fakeProvider({ name: 'docker' }));
    const kube = fakeProvider({ name: 'kubernetes' });
    r.register('cluster', kube);
    r.setDefault('kubernetes');
    expect(r.resolveDefault().key).toBe('cluster');
    expect(same(r.resolveDefault().provider, kube)).toBe(true);
  });

  it('fails when the default set names nothing registered', () => {
    const r = new Registry();
    r.register('first', fakeProvider());
    r.setDefault('gone');
    expect(() => r.default()).toThrow(ProviderNotFoundError);
  });

  it('lists keys in registration order and returns a snapshot of all', () => {
    const r = new Registry();
    expect(r.list()).toEqual([]);
    expect(r.all().size).toBe(0);
    const a = fakeProvider();
    const b = fakeProvider({ name: 'kubernetes' });
    r.register('b-key', b);
    r.register('a-key', a);
    expect(r.list()).toEqual(['b-key', 'a-key']);
    const all = r.all();
    expect([...all.keys()]).toEqual(['b-key', 'a-key']);
    expect(same(all.get('b-key')!, b) && same(all.get('a-key')!, a)).toBe(true);
    // a snapshot: changing it does not change the registry, and later registrations do not change it
    all.delete('b-key');
    r.register('c-key', fakeProvider());
    expect(r.list()).toEqual(['b-key', 'a-key', 'c-key']);
    expect(all.size).toBe(1);
  });

  describe('credentials', () => {
    const creds: Credentials = { values: { token: 's3cret' } };

    it('acquire without a resolver returns the context unchanged', async () => {
      const r = new Registry();
      const p = fakeProvider();
      r.register('local', p);
      const ctx: CallContext = { signal: new AbortController().signal };
      const got = await r.acquire(ctx, 'local');
      expect(got.ctx).toBe(ctx);
      expect(got.ctx.credentials).toBeUndefined();
      expect(got.key).toBe('local');
      expect(same(got.provider, p)).toBe(true);
      expect(await r.withCredentials(ctx, 'local')).toBe(ctx);
    });

    it('acquire with a resolver attaches the credentials of the resolved key to a copy of the context', async () => {
      const r = new Registry();
      const p = fakeProvider({ name: 'kubernetes' });
      r.register('cluster-1', p);
      const resolve = vi.fn(async (_signal: AbortSignal | undefined, key: string) =>
        key === 'cluster-1' ? creds : undefined,
      );
      r.setCredentialsResolver(credentialsResolverFunc(resolve));
      const signal = new AbortController().signal;
      const ctx: CallContext = { signal };
      // acquired by info().name: the resolver is asked for the registry key
      const got = await r.acquire(ctx, 'kubernetes');
      expect(resolve).toHaveBeenCalledTimes(1);
      expect(resolve).toHaveBeenCalledWith(signal, 'cluster-1');
      expect(got.key).toBe('cluster-1');
      expect(same(got.provider, p)).toBe(true);
      expect(got.ctx.credentials).toBe(creds);
      expect(got.ctx.signal).toBe(signal);
      expect(got.ctx).not.toBe(ctx);
      expect(ctx.credentials).toBeUndefined();
    });

    it('asks the resolver on every acquire (a resolver may refresh)', async () => {
      const r = new Registry();
      r.register('local', fakeProvider());
      let n = 0;
      r.setCredentialsResolver({ resolveCredentials: async () => ({ values: { n: String(++n) } }) });
      expect((await r.acquire({}, 'local')).ctx.credentials?.values.n).toBe('1');
      expect((await r.acquire({}, 'local')).ctx.credentials?.values.n).toBe('2');
    });

    it('setting the resolver to undefined turns it off', async () => {
      const r = new Registry();
      r.register('local', fakeProvider());
      const resolve = vi.fn(async () => creds);
      r.setCredentialsResolver(credentialsResolverFunc(resolve));
      r.setCredentialsResolver(undefined);
      const ctx: CallContext = {};
      expect((await r.acquire(ctx, 'local')).ctx).toBe(ctx);
      expect(resolve).not.toHaveBeenCalled();
    });

    it('passes a resolver failure to the caller', async () => {
      const r = new Registry();
      r.register('local', fakeProvider());
      r.setCredentialsResolver(credentialsResolverFunc(async () => Promise.reject(new Error('vault sealed'))));
      await expect(r.acquire({}, 'local')).rejects.toThrow('vault sealed');
    });

    it('acquire of an unknown name fails before asking the resolver', async () => {
      const r = new Registry();
      const resolve = vi.fn(async () => creds);
      r.setCredentialsResolver(credentialsResolverFunc(resolve));
      await expect(r.acquire({}, 'nope')).rejects.toThrow(ProviderNotFoundError);
      expect(resolve).not.toHaveBeenCalled();
    });
  });
});

describe('call hooks', () => {
  /** An engine written as a class: its calls live on the prototype, as the providers' own do. */
  class RouteEngine {
    readonly seen: (CallContext | undefined)[] = [];
    async edge(ctx: CallContext) {
      this.seen.push(ctx);
      return { kind: 'test', healthy: true, domain: 'example.test' };
    }
    async applyRoutes(ctx: CallContext) {
      this.seen.push(ctx);
      throw new ProviderNotFoundError('gone');
    }
  }

  /** A provider whose base calls and engine calls record the context they were given. */
  function recording() {
    const seen: { call: string; ctx: CallContext }[] = [];
    const record = (call: string) => async (ctx: CallContext) => {
      seen.push({ call, ctx });
      return undefined as never;
    };
    const traffic = new RouteEngine();
    const provider: Provider = {
      ...fakeProvider(),
      status: record('status'),
      managedWorkloads: record('managedWorkloads'),
      engines: {
        traffic,
        canary: {
          measuresLatency: true,
          startCanary: record('startCanary'),
          setCanaryWeight: record('setCanaryWeight'),
          readCanary: record('readCanary'),
          promoteCanary: record('promoteCanary'),
          abortCanary: record('abortCanary'),
        },
        autoscaler: { mode: 'sampled', sampleCpu: record('sampleCpu') },
      },
    };
    return { provider, seen, traffic };
  }

  it('gives every call of the contract and of every engine the credentials, and reports each to the observer', async () => {
    const { provider, seen, traffic } = recording();
    const r = new Registry();
    r.register('k', provider);
    r.setCredentialsResolver({ resolveCredentials: async (_s, key) => ({ values: { token: `for-${key}` } }) });
    const observed: string[] = [];
    r.setCallObserver((key, call, outcome) => observed.push(`${key}:${call}:${outcome.error ? 'error' : 'ok'}`));
    const held = r.get('k');
    await held.status({}, 'i');
    await held.managedWorkloads?.({});
    await held.engines.canary?.startCanary({}, {} as never);
    const autoscaler = held.engines.autoscaler;
    if (autoscaler?.mode === 'sampled') await autoscaler.sampleCpu({}, 'i', 'web');
    await held.engines.traffic?.edge({});
    await expect(held.engines.traffic?.applyRoutes({}, 'i', [])).rejects.toBeInstanceOf(ProviderNotFoundError);
    // Credentials the call already carries are kept.
    await held.engines.canary?.abortCanary({ credentials: { values: { token: 'own' } } }, {} as never);
    expect(seen.map((s) => `${s.call}=${s.ctx.credentials?.values.token}`)).toEqual([
      'status=for-k',
      'managedWorkloads=for-k',
      'startCanary=for-k',
      'sampleCpu=for-k',
      'abortCanary=own',
    ]);
    expect(traffic.seen.map((c) => c?.credentials?.values.token)).toEqual(['for-k', 'for-k']);
    expect(observed).toEqual([
      'k:status:ok',
      'k:managedWorkloads:ok',
      'k:startCanary:ok',
      'k:sampleCpu:ok',
      'k:edge:ok',
      'k:applyRoutes:error',
      'k:abortCanary:ok',
    ]);
    // Plain data passes through; metadata is not a call.
    expect(held.engines.canary?.measuresLatency).toBe(true);
    expect(held.engines.autoscaler?.mode).toBe('sampled');
    held.info();
    held.capabilities();
    expect(observed).toHaveLength(7);
  });

  it('fails the call, reported as an error, when the credentials cannot be resolved', async () => {
    const { provider, seen } = recording();
    const r = new Registry();
    r.register('k', provider);
    r.setCredentialsResolver({ resolveCredentials: async () => Promise.reject(new Error('vault sealed')) });
    const observed: string[] = [];
    r.setCallObserver((_key, call, outcome) => observed.push(`${call}:${(outcome.error as Error).message}`));
    await expect(r.get('k').engines.canary?.readCanary({}, {} as never)).rejects.toThrow('vault sealed');
    expect(seen).toEqual([]);
    expect(observed).toEqual(['readCanary:vault sealed']);
  });

  it("keeps instanceof and a class provider's own members", () => {
    class Own extends RouteEngine {}
    const r = new Registry();
    const own = new Own();
    r.register('k', { ...fakeProvider(), engines: { traffic: own } });
    expect(r.get('k').engines.traffic).toBeInstanceOf(RouteEngine);
    expect((r.get('k').engines.traffic as Own).seen).toBe(own.seen);
  });
});

describe('provider helpers', () => {
  it('typeName is info().name, or unknown for null, undefined or a nameless provider', () => {
    expect(typeName(fakeProvider({ name: 'kubernetes' }))).toBe('kubernetes');
    expect(typeName(null)).toBe('unknown');
    expect(typeName(undefined)).toBe('unknown');
    expect(typeName(fakeProvider({ name: '' }))).toBe('unknown');
  });

  it('hasCapability reads capabilities()', () => {
    const p = fakeProvider({}, ['provision', 'strategy:blue-green']);
    expect(hasCapability(p, 'strategy:blue-green')).toBe(true);
    expect(hasCapability(p, 'exec')).toBe(false);
  });

  it('has the sixteen seed capabilities in declaration order, then the ones Wheelhouse added (build, jobs, schedules)', () => {
    expect(ALL_CAPABILITIES).toEqual([
      'provision',
      'deploy',
      'scale',
      'logs',
      'exec',
      'volumes',
      'gpu',
      'strategy:blue-green',
      'strategy:canary',
      'strategy:rolling',
      'autoscale',
      'custom-domains',
      'tls',
      'source:helm',
      'source:manifests',
      'source:argocd',
      'build',
      'jobs',
      'schedules',
      'volume-backup',
    ]);
  });
});
