import { describe, expect, it, vi } from 'vitest';
import {
  ALL_CAPABILITIES,
  type CallContext,
  type Capability,
  type Credentials,
  hasCapability,
  isHealthChecker,
  isReadinessWaiter,
  type Provider,
  type ProviderInfo,
  typeName,
} from '../../src/providers/provider.js';
import { ProviderNotFoundError } from '../../src/providers/provider-errors.js';
import { credentialsResolverFunc, Registry } from '../../src/providers/registry.js';

const notUsed = () => Promise.reject(new Error('not used by these tests'));

/** A fake of our Provider interface: only info() and capabilities() answer. */
function fakeProvider(info: Partial<ProviderInfo> = {}, caps: Capability[] = ['provision']): Provider {
  return {
    info: () => ({ name: 'docker', version: '1', region: '', ...info }),
    capabilities: () => caps,
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

describe('Registry', () => {
  it('registers and gets a provider by key', () => {
    const r = new Registry();
    const p = fakeProvider();
    r.register('local', p);
    expect(r.get('local')).toBe(p);
    expect(r.resolve('local')).toEqual({ key: 'local', provider: p });
  });

  it('replaces a provider registered again under the same key, keeping its place', () => {
    const r = new Registry();
    const a = fakeProvider({ name: 'docker' });
    const b = fakeProvider({ name: 'kubernetes' });
    const c = fakeProvider({ name: 'docker' });
    r.register('x', a);
    r.register('y', b);
    r.register('x', c);
    expect(r.get('x')).toBe(c);
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
    expect(r.resolve('docker')).toEqual({ key: 'eu-docker', provider: docker });
    expect(r.resolve('kubernetes')).toEqual({ key: 'eu-k8s', provider: kube });
    expect(r.get('kubernetes')).toBe(kube);
  });

  it('prefers the key over another provider whose info().name is the same string', () => {
    const r = new Registry();
    const named = fakeProvider({ name: 'docker' });
    const keyed = fakeProvider({ name: 'kubernetes' });
    r.register('a', named);
    r.register('docker', keyed);
    expect(r.resolve('docker')).toEqual({ key: 'docker', provider: keyed });
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
    expect(r.default()).toBe(first);
    expect(r.resolveDefault()).toEqual({ key: 'first', provider: first });
  });

  it('defaults to the provider set with setDefault', () => {
    const r = new Registry();
    r.register('first', fakeProvider({ name: 'docker' }));
    const second = fakeProvider({ name: 'kubernetes' });
    r.register('second', second);
    r.setDefault('second');
    expect(r.defaultName()).toBe('second');
    expect(r.default()).toBe(second);
    expect(r.resolveDefault().key).toBe('second');
  });

  it('resolves a default set by info().name to its registry key', () => {
    const r = new Registry();
    r.register('first', fakeProvider({ name: 'docker' }));
    const kube = fakeProvider({ name: 'kubernetes' });
    r.register('cluster', kube);
    r.setDefault('kubernetes');
    expect(r.resolveDefault()).toEqual({ key: 'cluster', provider: kube });
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
    expect([...all.entries()]).toEqual([
      ['b-key', b],
      ['a-key', a],
    ]);
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
      expect(got.provider).toBe(p);
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
      expect(got.provider).toBe(p);
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

  it('has the sixteen seed capabilities in declaration order', () => {
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
    ]);
  });

  it('detects the optional interfaces', () => {
    const plain = fakeProvider();
    expect(isHealthChecker(plain)).toBe(false);
    expect(isReadinessWaiter(plain)).toBe(false);
    const both = Object.assign(fakeProvider(), {
      healthCheck: async () => ({ healthy: true, message: '', latencyMs: 1, checkedAt: new Date() }),
      readinessPolicy: () => ({ timeoutMs: 1000 }),
    });
    expect(isHealthChecker(both)).toBe(true);
    expect(isReadinessWaiter(both)).toBe(true);
  });
});
