/**
 * The provider conformance suite: what every Provider must do, written once
 * against the contract and run per provider. Backend specifics (images, how
 * an endpoint is reached, how leftovers are found) come from the setup; the
 * ways providers legitimately differ are stated once, in PROVIDER_TRAITS.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deploySpecOf, snapshotOf } from '../../src/control/release-snapshots.js';
import { Capabilities } from '../../src/providers/capabilities.js';
import type {
  CallContext,
  Endpoint,
  InstanceStatus,
  LogEntry,
  Provider,
  ProvisionRequest,
  ReadinessPolicy,
} from '../../src/providers/provider.js';
import { isProviderError, type ProviderErrorKind } from '../../src/providers/provider-errors.js';
import { readinessOutcome, waitReady } from '../../src/providers/readiness.js';
import type { ServiceSpec } from '../../src/providers/service-spec.js';
import { serviceSpec } from '../support/service-spec.js';

/** Images the suite runs. */
export interface ConformanceImages {
  /** Serves HTTP on `webPort`: `/` answers a body containing `web v1`, `/healthz` answers 200. */
  web1: string;
  /** As web1, with `web v2`. */
  web2: string;
  /** Has `sh`, `sleep`, `cat`, `echo` and `env`; runs whatever command it is given. */
  tool: string;
  /** A reference to an image that exists nowhere. */
  missing: string;
}

/** What a provider brings to the suite. */
export interface ConformanceSetup {
  provider: Provider;
  images: ConformanceImages;
  /** The port the web images listen on. */
  webPort: number;
  /** GETs `path` through an endpoint the provider reported and returns the body. */
  reach(endpoint: Endpoint, path?: string): Promise<string>;
  /** Names of the backend objects of `instanceId` that still exist (empty once deprovisioned). */
  leftovers(instanceId: string): Promise<string[]>;
  /** A provider of the same type whose backend cannot be reached, and the endpoint it points at. */
  unreachable(): { provider: Provider; endpoint: string };
  /** Readiness policy for the suite's waits; keep the interval short. */
  readiness: ReadinessPolicy;
  cleanup(): Promise<void>;
}

/**
 * How a provider's behaviour differs from another's where the contract
 * leaves room. The suite asserts each side of every difference, so a
 * provider that changes its behaviour here must change its traits too.
 */
export interface ProviderTraits {
  /**
   * An endpoint per replica (Docker: each replica's published host port), or
   * one per service port whatever the replicas (Kubernetes: the Service).
   */
  endpointPerReplica: boolean;
  /** Endpoints are reachable from outside the backend (published ports), not only inside the cluster. */
  publicEndpoints: boolean;
  /** Log entries keep stdout and stderr apart; false: one log per container, every entry `stdout`. */
  separateLogStreams: boolean;
  /**
   * Replicas belong to the service scaled (Docker: the sidecar keeps one), or
   * to the pod: every service of the instance scales together (Kubernetes).
   */
  perServiceReplicas: boolean;
  /**
   * A service's providerRef names its container instance and changes when a
   * deploy replaces it (Docker: the container id), or names the service's
   * container in the pod template and stays (Kubernetes).
   */
  refChangesOnDeploy: boolean;
}

/** Every provider's traits, by provider name: the one place their differences are written down. */
export const PROVIDER_TRAITS: Record<string, ProviderTraits> = {
  docker: {
    endpointPerReplica: true,
    publicEndpoints: true,
    separateLogStreams: true,
    perServiceReplicas: true,
    refChangesOnDeploy: true,
  },
  kubernetes: {
    endpointPerReplica: false,
    publicEndpoints: false,
    separateLogStreams: false,
    perServiceReplicas: false,
    refChangesOnDeploy: false,
  },
};

function traitsOf(name: string): ProviderTraits {
  const traits = PROVIDER_TRAITS[name];
  if (!traits) throw new Error(`no traits for provider ${name}: add them to PROVIDER_TRAITS`);
  return traits;
}

/** Which parts of the suite to run (a provider may split them across files to run in parallel). */
export type ConformancePart = 'lifecycle' | 'faults';

const ctx: CallContext = {};

const TICKER = 'i=0; while true; do i=$((i+1)); echo "tick $i"; echo "warn $i" >&2; sleep 0.2; done';

/** Runs the conformance suite against the provider `setup` returns. */
export function runProviderConformance(
  name: string,
  setup: () => Promise<ConformanceSetup>,
  options: { skip?: boolean; parts?: ConformancePart[] } = {},
): void {
  const parts = options.parts ?? ['lifecycle', 'faults'];
  if (parts.includes('lifecycle')) lifecycle(name, setup, Boolean(options.skip));
  if (parts.includes('faults')) faults(name, setup, Boolean(options.skip));
}

const service = serviceSpec;

function request(instanceId: string, services: ServiceSpec[], extra: Partial<ProvisionRequest> = {}): ProvisionRequest {
  return {
    instanceId,
    tenantId: 'tenant-conformance',
    name: `conformance-${instanceId.slice(0, 8)}`,
    kind: 'deployment',
    services,
    labels: { suite: 'conformance' },
    releaseId: `rel-${randomUUID()}`,
    ...extra,
  };
}

/** Asserts `promise` rejects with a ProviderError of `kind` and returns it. */
async function expectProviderError(promise: Promise<unknown>, kind: ProviderErrorKind) {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err, `expected a ProviderError ${kind}`).toBeDefined();
  if (!isProviderError(err)) throw err;
  expect(err.kind, err.message).toBe(kind);
  return err;
}

async function collect(stream: AsyncIterable<LogEntry>, count: number, timeoutMs = 10_000): Promise<LogEntry[]> {
  const got: LogEntry[] = [];
  const deadline = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), timeoutMs).unref());
  const reading = (async () => {
    for await (const e of stream) {
      got.push(e);
      if (got.length >= count) break;
    }
    return 'done' as const;
  })();
  await Promise.race([reading, deadline]);
  return got;
}

function lifecycle(name: string, setup: () => Promise<ConformanceSetup>, skip: boolean): void {
  describe.skipIf(skip)(`${name} provider conformance: lifecycle`, () => {
    let s: ConformanceSetup;
    let p: Provider;
    const traits = traitsOf(name);
    const instanceId = randomUUID();
    const secret = `sv-${randomUUID()}`;
    let web: ServiceSpec;
    let req: ProvisionRequest;

    const wait = async () => {
      const { status, error } = await waitReady(s.readiness, () => p.status(ctx, instanceId));
      expect(readinessOutcome(status, error), `${error?.message} ${JSON.stringify(status)}`).toBe('ready');
      return status as InstanceStatus;
    };
    const webEndpoints = (st: InstanceStatus) => st.endpoints.filter((e) => e.serviceName === 'web');

    beforeAll(async () => {
      s = await setup();
      p = s.provider;
      web = service({
        name: 'web',
        image: s.images.web1,
        role: 'main',
        dependsOn: ['side'],
        resources: { memoryMb: 64 },
        env: { GREETING: 'hello' },
        ports: [{ container: s.webPort, protocol: 'tcp' }],
        healthCheck: { path: '/healthz', port: s.webPort, timeoutMs: 1000 },
        secrets: [{ key: 'api-key', envName: 'API_KEY' }],
        configFiles: [{ name: 'app', path: '/etc/app/app.json', format: 'json', content: '{"feature":true}' }],
      });
      req = request(
        instanceId,
        [
          web,
          service({
            name: 'side',
            image: s.images.tool,
            role: 'sidecar',
            resources: { memoryMb: 32 },
            command: ['sh', '-c', TICKER],
          }),
          service({ name: 'setup', image: s.images.tool, role: 'init', command: ['sh', '-c', 'echo init done'] }),
        ],
        { secretValues: { 'api-key': secret } },
      );
    });

    afterAll(async () => {
      if (!s) return;
      await p.deprovision(ctx, instanceId).catch(() => undefined);
      await s.cleanup();
    });

    it('reports its info and declares the capabilities it implements', () => {
      const info = p.info();
      expect(info.name).toBe(name);
      expect(info.region).toBeTruthy();
      const caps = p.capabilities();
      for (const c of [Capabilities.provision, Capabilities.deploy, Capabilities.logs, Capabilities.exec]) {
        expect(caps).toContain(c);
      }
    });

    it('provisions an init, a main with a health check and a sidecar, and becomes ready', async () => {
      const res = await p.provision(ctx, req);
      expect(res.providerRef).toBeTruthy();
      expect(Object.keys(res.serviceRefs).sort()).toEqual(['setup', 'side', 'web']);
      const st = await wait();
      expect(st.state).toBe('running');
      expect(st.services.web).toMatchObject({ state: 'running', ready: true });
      expect(st.services.side).toMatchObject({ state: 'running', ready: true });
      // A completed init reads as done (stopped, ready, `completed`), not running, and does not lower the instance.
      expect(st.services.setup).toMatchObject({ state: 'stopped', ready: true, message: 'completed', completed: true });
      expect(webEndpoints(st)).toHaveLength(1);
    });

    it('serves the main service through its endpoint', async () => {
      const st = await p.status(ctx, instanceId);
      const [endpoint] = webEndpoints(st);
      expect(endpoint).toMatchObject({ serviceName: 'web', protocol: 'tcp', public: traits.publicEndpoints });
      expect(await s.reach(endpoint as Endpoint)).toContain('web v1');
    });

    it('materialises env, config files and secrets in the service', async () => {
      const res = await p.exec(ctx, instanceId, {
        command: ['sh', '-c', 'cat /etc/app/app.json; echo; echo "$GREETING"; echo "$API_KEY"'],
      });
      expect(res.exitCode).toBe(0);
      expect(res.stdout).toBe(`{"feature":true}\nhello\n${secret}\n`);
    });

    it('converges when provision is repeated instead of duplicating', async () => {
      const before = await p.status(ctx, instanceId);
      const res = await p.provision(ctx, req);
      expect(res.serviceRefs.web).toBe(before.services.web?.providerRef);
      expect(res.serviceRefs.side).toBe(before.services.side?.providerRef);
      const after = await wait();
      expect(Object.keys(after.services).sort()).toEqual(['setup', 'side', 'web']);
      expect(webEndpoints(after)).toHaveLength(1);
    });

    it('deploys a new image to the named service only, leaving the sidecar untouched', async () => {
      const before = await p.status(ctx, instanceId);
      const res = await p.deploy(ctx, {
        instanceId,
        releaseId: `rel-${randomUUID()}`,
        strategy: 'rolling',
        services: [{ name: 'web', image: s.images.web2 }],
      });
      expect(res.providerRef).toBeTruthy();
      const after = await wait();
      expect(after.services.side?.providerRef).toBe(before.services.side?.providerRef);
      if (traits.refChangesOnDeploy) expect(after.services.web?.providerRef).not.toBe(before.services.web?.providerRef);
      else expect(after.services.web?.providerRef).toBe(before.services.web?.providerRef);
      const [endpoint] = webEndpoints(after);
      expect(await s.reach(endpoint as Endpoint)).toContain('web v2');
      if (res.endpoints)
        expect(res.endpoints.map((e) => e.url).sort()).toEqual(after.endpoints.map((e) => e.url).sort());
      // Fields the deploy left undefined (env, config files, secrets) are kept.
      const check = await p.exec(ctx, instanceId, {
        command: ['sh', '-c', 'cat /etc/app/app.json; echo; echo "$GREETING"; echo "$API_KEY"'],
      });
      expect(check.stdout).toBe(`{"feature":true}\nhello\n${secret}\n`);
    });

    it('rolls back to the previous release', async () => {
      await p.rollback(ctx, {
        instanceId,
        releaseId: `rel-${randomUUID()}`,
        services: [deploySpecOf(snapshotOf(web))],
        secretValues: { 'api-key': secret },
      });
      const st = await wait();
      const [endpoint] = webEndpoints(st);
      expect(await s.reach(endpoint as Endpoint)).toContain('web v1');
    });

    it('scales replicas up and down and applies the memory limit', async () => {
      await p.scale(ctx, { instanceId, resources: { replicas: 2 } });
      let st = await wait();
      const two = webEndpoints(st);
      expect(two).toHaveLength(traits.endpointPerReplica ? 2 : 1);
      for (const e of two) expect(await s.reach(e)).toContain('web v1');
      let usage = await p.resources(ctx, instanceId);
      // The sidecar (32 MB) has one replica, or one per pod.
      expect(usage.memoryLimitMb).toBeCloseTo(traits.perServiceReplicas ? 2 * 64 + 32 : 2 * (64 + 32), 0);

      await p.scale(ctx, { instanceId, service: 'web', resources: { replicas: 1, memoryMb: 96 } });
      st = await wait();
      expect(webEndpoints(st)).toHaveLength(1);
      usage = await p.resources(ctx, instanceId);
      expect(usage.memoryLimitMb).toBeCloseTo(96 + 32, 0);
    });

    it('runs commands with exit code, stdout, stderr and stdin', async () => {
      const res = await p.exec(ctx, instanceId, { command: ['sh', '-c', 'echo out; echo err >&2; exit 7'] });
      expect(res).toEqual({ exitCode: 7, stdout: 'out\n', stderr: 'err\n' });
      const piped = await p.exec(ctx, instanceId, { serviceName: 'side', command: ['cat'], stdin: 'from stdin\n' });
      expect(piped).toEqual({ exitCode: 0, stdout: 'from stdin\n', stderr: '' });
    });

    it('kills a command at its timeout with exit code 124', async () => {
      const sleepMs = 30_000;
      const started = Date.now();
      const res = await p.exec(ctx, instanceId, { command: ['sleep', String(sleepMs / 1000)], timeoutMs: 500 });
      expect(res.exitCode).toBe(124);
      expect(res.stderr).toMatch(/timed out/);
      // Ended by the timeout, not by the command finishing.
      expect(Date.now() - started).toBeLessThan(sleepMs);
    });

    it('returns the last lines of a service with tail', async () => {
      const stream = await p.logs(ctx, instanceId, { serviceName: 'side', follow: false, tail: 4 });
      const entries = await collect(stream, 100);
      expect(entries).toHaveLength(4);
      for (const e of entries) {
        expect(e.service).toBe('side');
        expect(e.message).toMatch(/^(tick|warn) \d+$/);
        expect(e.timestamp).toBeInstanceOf(Date);
        expect(Number.isNaN(e.timestamp.getTime())).toBe(false);
        const stream = traits.separateLogStreams && e.message.startsWith('warn') ? 'stderr' : 'stdout';
        expect(e.stream).toBe(stream);
      }
      const times = entries.map((e) => e.timestamp.getTime());
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    });

    it('follows new log lines until closed', async () => {
      const since = Date.now() - 1000;
      const stream = await p.logs(ctx, instanceId, { serviceName: 'side', follow: true, tail: 0 });
      const entries = await collect(stream, 3);
      expect(entries).toHaveLength(3);
      for (const e of entries) {
        expect(e.message).toMatch(/^(tick|warn) \d+$/);
        expect(e.timestamp.getTime()).toBeGreaterThanOrEqual(since);
      }

      const second = await p.logs(ctx, instanceId, { serviceName: 'side', follow: true, tail: 1 });
      const iterator = second[Symbol.asyncIterator]();
      expect((await iterator.next()).done).toBe(false);
      await second.close();
      const next = await Promise.race([
        iterator.next(),
        new Promise<'hung'>((r) => setTimeout(() => r('hung'), 3000).unref()),
      ]);
      expect(next).toEqual({ done: true, value: undefined });
    });

    it('stops, starts and restarts the instance', async () => {
      await p.stop(ctx, instanceId);
      const stopped = await p.status(ctx, instanceId);
      expect(stopped.state).toBe('stopped');
      expect(stopped.ready).toBe(false);

      await p.start(ctx, instanceId);
      let st = await wait();
      expect(await s.reach(webEndpoints(st)[0] as Endpoint)).toContain('web v1');
      const startedBefore = st.startedAt;
      expect(startedBefore, 'status reports when the running instance started').toBeInstanceOf(Date);

      await p.restart(ctx, instanceId);
      st = await wait();
      // Restarted on the backend, not merely still running: it started again after the restart was asked.
      expect(st.startedAt!.getTime()).toBeGreaterThan(startedBefore!.getTime());
      expect(st.services.setup?.ready).toBe(true);
      expect(await s.reach(webEndpoints(st)[0] as Endpoint)).toContain('web v1');
    });

    it('reports resource usage summed over the instance', async () => {
      const usage = await p.resources(ctx, instanceId);
      expect(usage.cpuPercent).toBeGreaterThanOrEqual(0);
      expect(usage.memoryUsedMb).toBeGreaterThan(0);
      expect(usage.memoryLimitMb).toBeGreaterThanOrEqual(usage.memoryUsedMb);
      expect(usage.networkInMb).toBeGreaterThanOrEqual(0);
      expect(usage.networkOutMb).toBeGreaterThanOrEqual(0);
    });

    it('deprovisions completely, and a second deprovision succeeds', async () => {
      await p.deprovision(ctx, instanceId);
      await p.deprovision(ctx, instanceId);
      expect(await s.leftovers(instanceId)).toEqual([]);
      await expectProviderError(p.status(ctx, instanceId), 'not_found');
    });
  });
}

function faults(name: string, setup: () => Promise<ConformanceSetup>, skip: boolean): void {
  describe.skipIf(skip)(`${name} provider conformance: faults`, () => {
    let s: ConformanceSetup;
    let p: Provider;
    const ids: string[] = [];
    const newId = () => {
      const id = randomUUID();
      ids.push(id);
      return id;
    };

    beforeAll(async () => {
      s = await setup();
      p = s.provider;
    });

    afterAll(async () => {
      if (!s) return;
      for (const id of ids) await p.deprovision(ctx, id).catch(() => undefined);
      for (const id of ids) expect(await s.leftovers(id)).toEqual([]);
      await s.cleanup();
    });

    it('fails with image_not_found for a missing image and leaves nothing behind', async () => {
      const id = newId();
      const err = await expectProviderError(
        p.provision(
          ctx,
          request(id, [
            service({ name: 'app', image: s.images.missing, role: 'main' }),
            service({ name: 'side', image: s.images.tool, role: 'sidecar', command: ['sleep', '60'] }),
          ]),
        ),
        'image_not_found',
      );
      expect(err.message).toContain(s.images.missing);
      expect(await s.leftovers(id)).toEqual([]);
    });

    it('reports a main that exits at once as failed', async () => {
      const id = newId();
      await p.provision(
        ctx,
        request(id, [
          service({ name: 'app', image: s.images.tool, role: 'main', command: ['sh', '-c', 'echo boom; exit 3'] }),
        ]),
      );
      const { status, error } = await waitReady(s.readiness, () => p.status(ctx, id));
      expect(readinessOutcome(status, error)).toBe('failed');
      expect(status?.state).toBe('failed');
      expect(status?.ready).toBe(false);
      expect(status?.services.app?.state).toBe('failed');
      expect(status?.message ?? '').toMatch(/3/);
    });

    it('never reports ready while a health check fails, and the wait times out', async () => {
      const id = newId();
      await p.provision(
        ctx,
        request(id, [
          service({
            name: 'web',
            image: s.images.web1,
            role: 'main',
            ports: [{ container: s.webPort, protocol: 'tcp' }],
            healthCheck: { path: '/no-such-page', port: s.webPort, timeoutMs: 500 },
          }),
        ]),
      );
      const { status, error } = await waitReady({ timeoutMs: 2500, intervalMs: 200 }, () => p.status(ctx, id));
      expect(readinessOutcome(status, error)).toBe('timeout');
      expect(status?.ready).toBe(false);
      expect(status?.services.web?.ready).toBe(false);
      expect(status?.state).not.toBe('running');
    });

    it('fails provision with workload_failed when an init exits non-zero, without leaking secrets', async () => {
      const id = newId();
      const secret = `sv-${randomUUID()}`;
      const err = await expectProviderError(
        p.provision(
          ctx,
          request(
            id,
            [
              service({
                name: 'migrate',
                image: s.images.tool,
                role: 'init',
                secrets: [{ key: 'token', envName: 'TOKEN' }],
                command: ['sh', '-c', 'echo "using $TOKEN"; echo "migration failed" >&2; exit 4'],
              }),
              service({ name: 'app', image: s.images.tool, role: 'main', command: ['sleep', '60'] }),
            ],
            { secretValues: { token: secret } },
          ),
        ),
        'workload_failed',
      );
      expect(err.message).toMatch(/4/);
      expect(err.message).toContain('migration failed');
      expect(err.message).not.toContain(secret);
      const st = await p.status(ctx, id);
      expect(st.state).toBe('failed');
      expect(JSON.stringify(st)).not.toContain(secret);
    });

    it('honours cancellation while waiting for an init', async () => {
      const id = newId();
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(), 1000).unref();
      await expectProviderError(
        p.provision(
          { signal: controller.signal },
          request(id, [
            service({ name: 'slow', image: s.images.tool, role: 'init', command: ['sleep', '60'] }),
            service({ name: 'app', image: s.images.tool, role: 'main', command: ['sleep', '60'] }),
          ]),
        ),
        'canceled',
      );
      // Ended by the abort, not by the 60 s init container it was waiting for.
      expect(Date.now() - started).toBeLessThan(60_000);
    });

    it('answers not_found for an unknown instance, and deprovisioning it succeeds', async () => {
      const id = newId();
      await expectProviderError(p.status(ctx, id), 'not_found');
      await p.deprovision(ctx, id);
    });

    it('fails every call with unavailable, naming the endpoint, when the backend is unreachable', async () => {
      const { provider: down, endpoint } = s.unreachable();
      const id = randomUUID();
      const calls: Array<[string, () => Promise<unknown>]> = [
        [
          'provision',
          () => down.provision(ctx, request(id, [service({ name: 'a', image: s.images.tool, role: 'main' })])),
        ],
        ['status', () => down.status(ctx, id)],
        ['deploy', () => down.deploy(ctx, { instanceId: id, releaseId: 'r', strategy: 'rolling', services: [] })],
        ['scale', () => down.scale(ctx, { instanceId: id, resources: { replicas: 2 } })],
        ['start', () => down.start(ctx, id)],
        ['stop', () => down.stop(ctx, id)],
        ['logs', () => down.logs(ctx, id, { follow: false })],
        ['exec', () => down.exec(ctx, id, { command: ['true'] })],
        ['resources', () => down.resources(ctx, id)],
        ['deprovision', () => down.deprovision(ctx, id)],
      ];
      for (const [op, call] of calls) {
        const err = await expectProviderError(call(), 'unavailable');
        expect(err.message, op).toContain(endpoint);
      }
      const checker = down as Provider & { healthCheck?: (c: CallContext) => Promise<{ healthy: boolean }> };
      if (checker.healthCheck) {
        const health = await checker.healthCheck(ctx);
        expect(health.healthy).toBe(false);
      }
    });
  });
}
